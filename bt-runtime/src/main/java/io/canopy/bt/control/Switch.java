package io.canopy.bt.control;

import io.canopy.bt.ControlNode;
import io.canopy.bt.Input;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.Status;
import io.canopy.bt.Values;

/**
 * {@code <Switch2>} .. {@code <Switch6>}: ticks the child whose {@code case_i} matches {@code variable}, or the
 * last (default) child. Children: cases + 1, checked when ticked.
 *
 * <ul>
 *   <li>Matching: equal strings, else both whole-string integers and equal, else both reals within float
 *       epsilon ({@code "42.0"} matches {@code 42}; {@code "1 "} does not match {@code 1}). First match wins.
 *   <li>The variable is read on every tick; a previously RUNNING case that no longer matches is halted.
 *   <li>The selected child SKIPPED: SKIPPED (no fall back to default). RUNNING: RUNNING. Completed: reset.
 * </ul>
 */
public final class Switch extends ControlNode {
    public static final NodeType SWITCH2 = type(2);
    public static final NodeType SWITCH3 = type(3);
    public static final NodeType SWITCH4 = type(4);
    public static final NodeType SWITCH5 = type(5);
    public static final NodeType SWITCH6 = type(6);

    private final Input variable;
    private final Input[] cases;
    private int running = -1;

    private static NodeType type(int cases) {
        Port[] ports = new Port[cases + 1];
        ports[0] = Port.input("variable", PortType.STRING).describe("the value to match");
        for (int i = 1; i <= cases; i++) {
            ports[i] = Port.input("case_" + i, PortType.STRING).describe("ticks child " + i + " on a match");
        }
        return NodeType.control("Switch" + cases, init -> new Switch(init, cases), ports);
    }

    private Switch(NodeInit init, int caseCount) {
        super(init);
        variable = init.optionalInput("variable");
        cases = new Input[caseCount];
        for (int i = 0; i < caseCount; i++) {
            cases[i] = init.optionalInput("case_" + (i + 1));
        }
    }

    @Override
    protected Status tick() {
        int n = cases.length;
        if (children.length != n + 1) {
            throw new IllegalStateException("Switch" + n + " needs " + (n + 1) + " children (" + n
                    + " cases and the default), not " + children.length);
        }
        int match = n;
        if (variable != null && variable.hasValue()) {
            String v = variable.getString();
            for (int i = 0; i < n; i++) {
                Input c = cases[i];
                if (c != null && c.hasValue() && matches(v, c.getString())) {
                    match = i;
                    break;
                }
            }
        }
        if (running != -1 && running != match) {
            haltChild(running);
        }
        Status s = children[match].executeTick();
        if (s == Status.SKIPPED) {
            running = -1;
            return Status.SKIPPED;
        } else if (s == Status.RUNNING) {
            running = match;
        } else {
            resetChildren();
            running = -1;
        }
        return s;
    }

    static boolean matches(String a, String b) {
        if (a.equals(b)) {
            return true;
        }
        if (Values.isInteger(a) && Values.isInteger(b) && a.charAt(0) != '+' && b.charAt(0) != '+') {
            try {
                return Integer.parseInt(a) == Integer.parseInt(b);
            } catch (NumberFormatException e) {
                return false;
            }
        }
        if (isStrtodReal(a) && isStrtodReal(b)) {
            double x = Double.parseDouble(a.strip());
            double y = Double.parseDouble(b.strip());
            return Math.abs(x - y) <= Math.ulp(1.0f);
        }
        return false;
    }

    /** strtod accepts leading blanks but nothing after the number. */
    private static boolean isStrtodReal(String s) {
        String t = s.stripLeading();
        return !t.isEmpty() && Values.isReal(t);
    }

    @Override
    protected void halt() {
        running = -1;
        super.halt();
    }
}
