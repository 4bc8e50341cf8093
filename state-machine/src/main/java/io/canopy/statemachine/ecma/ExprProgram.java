package io.canopy.statemachine.ecma;

import io.canopy.expr.CompiledExpression;
import io.canopy.expr.Dialect;
import io.canopy.expr.ExprFunction;
import io.canopy.expr.Expressions;
import io.canopy.expr.Scope;
import io.canopy.expr.Variable;
import io.canopy.statemachine.DataCell;
import io.canopy.statemachine.Machine;
import io.canopy.statemachine.NameTable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The datamodel expressions of one chart, as part of its immutable definition: each entry is the checked
 * source of one expression (validated when the document loaded). A compiled expression keeps evaluation
 * registers and is bound to the data cells of one instance, so every {@link Machine} compiles its own set
 * from this program when it is created ({@link #instantiate}); the chart's guards and actions reach entry
 * {@code i} of the executing instance as {@code machine.code[i]}. Nothing here changes after loading, so one
 * chart can run in any number of machines on any number of threads.
 */
public final class ExprProgram {
    public static final ExprProgram EMPTY = new ExprProgram(new Entry[0]);
    private static final CompiledExpression[] NONE = new CompiledExpression[0];

    /** One expression: a script, an assignment {@code location = value}, or one that always fails. */
    record Entry(Kind kind, String source, String value) {}

    enum Kind {
        SCRIPT,
        ASSIGNMENT,
        FAILING
    }

    private final Entry[] entries;

    private ExprProgram(Entry[] entries) {
        this.entries = entries;
    }

    int size() {
        return entries.length;
    }

    /** Compiles every entry against the cells of {@code machine}: called once per instance. */
    public CompiledExpression[] instantiate(Machine machine, DataCell[] cells, NameTable slotIndex) {
        if (entries.length == 0) {
            return NONE;
        }
        InstanceScope scope = new InstanceScope(machine, cells, slotIndex);
        CompiledExpression[] out = new CompiledExpression[entries.length];
        for (int i = 0; i < entries.length; i++) {
            out[i] = compile(entries[i], scope);
        }
        return out;
    }

    static CompiledExpression compile(Entry e, Scope scope) {
        switch (e.kind) {
            case SCRIPT:
                return Expressions.compile(e.source, scope, Dialect.ECMASCRIPT);
            case ASSIGNMENT:
                return Expressions.compileAssignment(e.source, e.value, scope, Dialect.ECMASCRIPT);
            default:
                return Expressions.failing(e.source, Dialect.ECMASCRIPT, e.value);
        }
    }

    /** Collects the entries while a document loads. */
    static final class Builder {
        private final List<Entry> entries = new ArrayList<>();

        int add(Entry e) {
            entries.add(e);
            return entries.size() - 1;
        }

        /** True when entry {@code i} compiled (it is not one that always fails). */
        boolean compiled(int i) {
            return entries.get(i).kind != Kind.FAILING;
        }

        ExprProgram build() {
            return entries.isEmpty() ? EMPTY : new ExprProgram(entries.toArray(new Entry[0]));
        }
    }

    /** The names of one instance: its data cells, {@code In()} on itself. */
    static final class InstanceScope implements Scope {
        private final Machine machine;
        private final DataCell[] cells;
        private final NameTable slotIndex;
        private final Map<String, Variable> undeclared = new HashMap<>();

        InstanceScope(Machine machine, DataCell[] cells, NameTable slotIndex) {
            this.machine = machine;
            this.cells = cells;
            this.slotIndex = slotIndex;
        }

        @Override
        public Variable variable(String name) {
            int slot = slotIndex.get(name);
            return slot >= 0 ? cells[slot] : undeclared.computeIfAbsent(name, EcmaDataModel.Undeclared::new);
        }

        @Override
        public ExprFunction function(String name, int argCount) {
            if (name.equals("In") && argCount == 1) {
                return new InFunction(machine, null);
            }
            return null;
        }
    }

    /** {@code In('state')}: true when the instance has that state active. */
    private static final class InFunction implements ExprFunction {
        private final Machine machine;
        private final String stateId;

        InFunction(Machine machine, String stateId) {
            this.machine = machine;
            this.stateId = stateId;
        }

        @Override
        public Object call(Object[] args) {
            String id = stateId != null ? stateId : String.valueOf(args[0]);
            return machine.isActive(id) ? Boolean.TRUE : Boolean.FALSE;
        }

        @Override
        public ExprFunction specialize(Object[] constantArgs) {
            return constantArgs[0] instanceof String ? new InFunction(machine, (String) constantArgs[0]) : this;
        }
    }
}
