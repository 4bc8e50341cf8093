package io.canopy.statemachine;

import io.canopy.expr.ValueKind;
import io.canopy.expr.Variable;

/**
 * A datamodel item as compiled expressions see it: resolved once per chart at load time, it reads and
 * writes the cell of whichever instance of the chart is executing (the chart's frame), so one set of
 * compiled expressions serves every instance.
 */
final class SlotVariable implements Variable {
    private final Statechart.Frame frame;
    private final int slot;
    private final String name;

    SlotVariable(Statechart.Frame frame, int slot, String name) {
        this.frame = frame;
        this.slot = slot;
        this.name = name;
    }

    private DataCell cell() {
        return frame.machine.cells[slot];
    }

    @Override
    public String name() {
        return name;
    }

    /** A declared data item exists even without a value (ECMAScript reads it as undefined). */
    public boolean exists() {
        return true;
    }

    @Override
    public ValueKind kind() {
        return cell().kind();
    }

    @Override
    public boolean booleanValue() {
        return cell().booleanValue();
    }

    @Override
    public long longValue() {
        return cell().longValue();
    }

    @Override
    public double doubleValue() {
        return cell().doubleValue();
    }

    @Override
    public Object objectValue() {
        return cell().objectValue();
    }

    @Override
    public void setBoolean(boolean value) {
        cell().setBoolean(value);
    }

    @Override
    public void setLong(long value) {
        cell().setLong(value);
    }

    @Override
    public void setDouble(double value) {
        cell().setDouble(value);
    }

    @Override
    public void setObject(Object value) {
        cell().setObject(value);
    }

    @Override
    public void clear() {
        cell().clear();
    }
}
