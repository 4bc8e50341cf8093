package io.canopy.statemachine.ecma;

import io.canopy.expr.ValueKind;
import io.canopy.statemachine.Action;
import io.canopy.statemachine.DataCell;
import io.canopy.statemachine.Machine;
import io.canopy.statemachine.Slots;
import io.canopy.statemachine.TransitionGuard;
import java.util.ArrayList;
import java.util.List;

/**
 * The typed numeric path of the ECMAScript datamodel: a condition {@code a OP b} ({@code < <= > >= == != ===
 * !==}) and an assignment {@code x = a}, {@code x = a + b}, {@code x = a - b}, where each operand is a
 * declared data item or a number literal, compiled to a guard or action that reads and writes the data cells
 * as {@code long}/{@code double} directly: no boxing, no name look-up, no expression tree. Whenever a cell
 * holds anything but a number the compiled general expression runs instead, so the results (values, kinds,
 * errors) are the same as the general path's (same rules as {@code io.canopy.expr}'s ECMAScript arithmetic
 * and assignment).
 */
public final class NumericPath {
    private NumericPath() {}

    /** One operand: a data slot, or a constant ({@code slot < 0}). */
    private record Operand(int slot, boolean integral, long j, double d) {
        static Operand constant(String text) {
            double d;
            try {
                d = Double.parseDouble(text);
            } catch (NumberFormatException e) {
                return null;
            }
            boolean integral = text.chars().allMatch(c -> c == '-' || (c >= '0' && c <= '9'))
                    && Math.abs(d) < 0x1p53 && !(d == 0 && text.startsWith("-"));
            return new Operand(-1, integral, integral ? (long) d : 0, d);
        }
    }

    private static final int LT = 0;
    private static final int LE = 1;
    private static final int GT = 2;
    private static final int GE = 3;
    private static final int EQ = 4;
    private static final int NE = 5;
    private static final String[] COMPARISONS = {"<", "<=", ">", ">=", "==", "!="};

    /**
     * A guard for {@code source} on the typed path, or null when it is not of that shape; {@code general} is the
     * compiled expression's entry, run when an operand is not a number.
     */
    static TransitionGuard guard(String source, Slots slots, int general) {
        String[] t = tokens(source);
        if (t == null || t.length != 3) {
            return null;
        }
        int op = comparison(t[1]);
        Operand a = operand(t[0], slots);
        Operand b = operand(t[2], slots);
        if (op < 0 || a == null || b == null || (a.slot < 0 && b.slot < 0)) {
            return null;
        }
        return new Compare(op, a, b, general);
    }

    /** An action for {@code location = source} on the typed path, or null when it is not of that shape. */
    static Action assign(String location, String source, Slots slots, int general) {
        String name = location.strip();
        if (!FullDataModel.isIdentifier(name) || !slots.has(name) || Slots.isSystem(name)) {
            return null;
        }
        String[] t = tokens(source);
        if (t == null || (t.length != 1 && t.length != 3)) {
            return null;
        }
        Operand a = operand(t[0], slots);
        if (a == null) {
            return null;
        }
        if (t.length == 1) {
            return new Arith(slots.slot(name), '=', a, a, general);
        }
        Operand b = operand(t[2], slots);
        char op = t[1].length() == 1 ? t[1].charAt(0) : '?';
        if (b == null || (op != '+' && op != '-')) {
            return null;
        }
        return new Arith(slots.slot(name), op, a, b, general);
    }

    /** A guard that can answer without the general evaluator: 1 true, 0 false, -1 when it cannot tell. */
    public interface TypedGuard extends TransitionGuard {
        int tryTest(Machine m);
    }

    /**
     * An action that runs without the general evaluator whenever {@link #ready} (its cells hold numbers; it
     * writes only numbers, so a sequence of them stays ready), and never raises an event then.
     */
    public interface TypedAction extends Action {
        boolean ready(Machine m);

        void runTyped(Machine m);
    }

    /** Several typed actions in a row (a transition body of only such assignments). */
    public static final class Sequence implements TypedAction {
        private final TypedAction[] steps;

        Sequence(TypedAction[] steps) {
            this.steps = steps;
        }

        /** The steps as one typed action, or null when one of them is not typed. */
        public static Sequence of(List<Action> steps) {
            TypedAction[] typed = new TypedAction[steps.size()];
            for (int i = 0; i < typed.length; i++) {
                if (!(steps.get(i) instanceof TypedAction)) {
                    return null;
                }
                typed[i] = (TypedAction) steps.get(i);
            }
            return new Sequence(typed);
        }

        @Override
        public boolean ready(Machine m) {
            for (TypedAction a : steps) {
                if (!a.ready(m)) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public void runTyped(Machine m) {
            for (TypedAction a : steps) {
                a.runTyped(m);
            }
        }

        @Override
        public void run(Machine m) {
            for (TypedAction a : steps) {
                a.run(m);
            }
        }
    }

    private static boolean numeric(DataCell c) {
        ValueKind k = c.kind();
        return k == ValueKind.LONG || k == ValueKind.DOUBLE;
    }

    private static double number(DataCell c) {
        return c.kind() == ValueKind.LONG ? c.longValue() : c.doubleValue();
    }

    /** {@code a OP b} on two numbers, else the general expression. */
    private static final class Compare implements TypedGuard {
        private final int op;
        private final int sa;
        private final int sb;
        private final double ca;
        private final double cb;
        private final int general;

        Compare(int op, Operand a, Operand b, int general) {
            this.op = op;
            this.sa = a.slot;
            this.sb = b.slot;
            this.ca = a.d;
            this.cb = b.d;
            this.general = general;
        }

        @Override
        public boolean test(Machine m) {
            int r = tryTest(m);
            return r >= 0 ? r == 1 : m.code[general].evalBoolean();
        }

        @Override
        public int tryTest(Machine m) {
            DataCell[] cells = m.cells;
            double x = ca;
            double y = cb;
            if (sa >= 0) {
                DataCell c = cells[sa];
                if (!numeric(c)) {
                    return -1;
                }
                x = number(c);
            }
            if (sb >= 0) {
                DataCell c = cells[sb];
                if (!numeric(c)) {
                    return -1;
                }
                y = number(c);
            }
            boolean r;
            switch (op) {
                case LT:
                    r = x < y;
                    break;
                case LE:
                    r = x <= y;
                    break;
                case GT:
                    r = x > y;
                    break;
                case GE:
                    r = x >= y;
                    break;
                case EQ:
                    r = x == y;
                    break;
                default:
                    r = x != y;
            }
            return r ? 1 : 0;
        }
    }

    /**
     * {@code x = a}, {@code x = a + b} or {@code x = a - b} with numbers in the operands and in {@code x},
     * else the general assignment.
     */
    private static final class Arith implements TypedAction {
        private final int target;
        private final char op;
        private final int sa;
        private final int sb;
        private final Operand a;
        private final Operand b;
        private final int general;

        Arith(int target, char op, Operand a, Operand b, int general) {
            this.target = target;
            this.op = op;
            this.sa = a.slot;
            this.sb = op == '=' ? -1 : b.slot;
            this.a = a;
            this.b = b;
            this.general = general;
        }

        @Override
        public void run(Machine m) {
            if (ready(m)) {
                runTyped(m);
            } else {
                m.code[general].execute();
            }
        }

        @Override
        public boolean ready(Machine m) {
            DataCell[] cells = m.cells;
            return numeric(cells[target]) && (sa < 0 || numeric(cells[sa])) && (sb < 0 || numeric(cells[sb]));
        }

        @Override
        public void runTyped(Machine m) {
            DataCell[] cells = m.cells;
            DataCell x = cells[target];
            boolean ia = a.integral;
            long ja = a.j;
            double da = a.d;
            if (sa >= 0) {
                DataCell c = cells[sa];
                ia = c.kind() == ValueKind.LONG;
                ja = ia ? c.longValue() : 0;
                da = ia ? ja : c.doubleValue();
            }
            if (op == '=') {
                store(x, ia, ja, da);
                return;
            }
            boolean ib = b.integral;
            long jb = b.j;
            double db = b.d;
            if (sb >= 0) {
                DataCell c = cells[sb];
                ib = c.kind() == ValueKind.LONG;
                jb = ib ? c.longValue() : 0;
                db = ib ? jb : c.doubleValue();
            }
            if (ia && ib) {
                // the same integer rules as the general ECMAScript arithmetic
                if (op == '+') {
                    long s = ja + jb;
                    if (((ja ^ s) & (jb ^ s)) >= 0 && Math.abs(s) < (1L << 53)) {
                        store(x, true, s, s);
                        return;
                    }
                } else if (Math.abs(ja) < (1L << 26) && Math.abs(jb) < (1L << 26)) {
                    long s = ja - jb;
                    store(x, true, s, s);
                    return;
                }
            }
            store(x, false, 0, op == '+' ? da + db : da - db);
        }

        /**
         * As the general assignment stores a number: an integer into a LONG cell stays a long, into a DOUBLE
         * cell a double; an integral double into a LONG cell a long.
         */
        private static void store(DataCell x, boolean integral, long j, double d) {
            boolean intoLong = x.kind() == ValueKind.LONG;
            if (integral) {
                if (intoLong) {
                    x.setLong(j);
                } else {
                    x.setDouble(j);
                }
            } else if (intoLong && d == (long) d && Math.abs(d) < 0x1p63) {
                x.setLong((long) d);
            } else {
                x.setDouble(d);
            }
        }
    }

    private static Operand operand(String token, Slots slots) {
        if (FullDataModel.isIdentifier(token)) {
            return slots.has(token) && !Slots.isSystem(token) ? new Operand(slots.slot(token), false, 0, 0) : null;
        }
        char c = token.charAt(0);
        return (c >= '0' && c <= '9') || c == '-' ? Operand.constant(token) : null;
    }

    private static int comparison(String op) {
        if (op.equals("===")) {
            return EQ;
        }
        if (op.equals("!==")) {
            return NE;
        }
        for (int i = 0; i < COMPARISONS.length; i++) {
            if (COMPARISONS[i].equals(op)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Splits {@code a OP b} or {@code a} into tokens: identifiers, unsigned decimal literals (a {@code -}
     * directly before the digits of a first or last operand makes it negative) and operators; null on
     * anything else (parentheses, strings, calls, member access, hex or exponent literals).
     */
    private static String[] tokens(String source) {
        String s = source.strip();
        List<String> out = new ArrayList<>(3);
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                i++;
                continue;
            }
            int start = i;
            boolean operandNext = out.size() % 2 == 0;
            if (Character.isJavaIdentifierStart(c) && operandNext) {
                while (i < s.length() && Character.isJavaIdentifierPart(s.charAt(i))) {
                    i++;
                }
            } else if (operandNext && ((c >= '0' && c <= '9') || c == '-')) {
                i++;
                int digits = 0;
                boolean dot = false;
                while (i < s.length()) {
                    char d = s.charAt(i);
                    if (d >= '0' && d <= '9') {
                        digits++;
                    } else if (d == '.' && !dot) {
                        dot = true;
                    } else {
                        break;
                    }
                    i++;
                }
                if (c == '-' ? digits == 0 : false) {
                    return null;
                }
                // a leading 0 followed by digits is octal in sloppy ECMAScript: leave it to the general path
                if (s.charAt(c == '-' ? start + 1 : start) == '0' && i > start + (c == '-' ? 2 : 1)
                        && s.charAt(c == '-' ? start + 2 : start + 1) != '.') {
                    return null;
                }
                if (s.charAt(i - 1) == '.') {
                    return null;
                }
            } else if (!operandNext && "<>=!+-".indexOf(c) >= 0) {
                while (i < s.length() && "<>=!+-".indexOf(s.charAt(i)) >= 0 && i - start < 3) {
                    i++;
                }
            } else {
                return null;
            }
            out.add(s.substring(start, i));
            if (out.size() > 3) {
                return null;
            }
        }
        return out.isEmpty() ? null : out.toArray(new String[0]);
    }
}
