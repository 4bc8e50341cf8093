package io.canopy.statemachine.ecma;

import io.canopy.InputException;
import io.canopy.expr.ExpressionSyntaxException;
import io.canopy.expr.Expressions;
import io.canopy.expr.ValueKind;
import io.canopy.expr.Variable;
import io.canopy.statemachine.Action;
import io.canopy.statemachine.DataCell;
import io.canopy.statemachine.Location;
import io.canopy.statemachine.Machine;
import io.canopy.statemachine.NameTable;
import io.canopy.statemachine.Slots;
import io.canopy.statemachine.TransitionGuard;
import io.canopy.statemachine.ValueExpr;
import io.canopy.statemachine.build.DataModelCompiler;
import io.canopy.statemachine.build.ScxmlElement;
import java.util.List;

/**
 * The ECMAScript datamodel of one SCXML document: the expression language of {@code io.canopy.expr} in its
 * ECMASCRIPT dialect, with the document's {@code <data>} items and the system variables as variables and
 * {@code In('state')} as a function. Each expression is checked once, when the document loads, and recorded
 * in the chart's {@link ExprProgram}; every instance compiles the program against its own cells.
 */
public final class EcmaDataModel implements DataModelCompiler {
    private final Slots slots;
    /** Load-time scope: checks each expression against throwaway cells of the document's slots. */
    private final ExprProgram.InstanceScope check;
    private final ExprProgram.Builder program = new ExprProgram.Builder();
    private final List<String> warnings;

    /** {@code warnings} receives one line per expression that loads only as one failing when evaluated. */
    public EcmaDataModel(Slots slots, List<String> warnings) {
        this.slots = slots;
        this.warnings = warnings;
        String[] names = slots.names();
        DataCell[] cells = new DataCell[names.length];
        for (int i = 0; i < names.length; i++) {
            cells[i] = new DataCell(names[i], Slots.isSystem(names[i]));
        }
        this.check = new ExprProgram.InstanceScope(null, cells, new NameTable(names));
    }

    /** The checked expressions, compiled again by every instance of the chart. */
    public ExprProgram program() {
        return program.build();
    }

    /** Records that {@code attribute="source"} of {@code at} was replaced by an expression that always fails. */
    private void warn(ScxmlElement at, String attribute, String source, String problem) {
        warnings.add(at.where() + " " + attribute + "=\"" + source + "\": " + problem
                + "; the document loads, but evaluating it raises error.execution");
    }

    /** Checks an entry now (a syntax error throws) and adds it to the program: its index. */
    private int add(ExprProgram.Entry e) {
        ExprProgram.compile(e, check);
        return program.add(e);
    }

    private int failing(String source, String message) {
        return program.add(new ExprProgram.Entry(ExprProgram.Kind.FAILING, source, message));
    }

    private int compile(String source, ScxmlElement at, String attribute) {
        return compile(source, source, at, attribute, true);
    }

    /** {@code original} is what the document says ({@code source} may be a rewritten form of it). */
    private int compile(String source, String original, ScxmlElement at, String attribute, boolean expression) {
        try {
            return add(new ExprProgram.Entry(ExprProgram.Kind.SCRIPT, source, null));
        } catch (ExpressionSyntaxException e) {
            return failingOrReject(original, at, attribute, e, expression);
        }
    }

    /**
     * An expression the compiled subset rejects: one that is not ECMAScript at all (W3C tests use such on
     * purpose) fails when evaluated; a valid one needs the full engine ({@link BeyondSubset}).
     */
    private int failingOrReject(String source, ScxmlElement at, String attribute, InputException e, boolean expression) {
        String jsError = JsEngine.syntaxError(source, expression);
        if (jsError != null) {
            String problem = "not a valid ECMAScript " + (expression ? "expression: " : "script: ") + e.getMessage();
            warn(at, attribute, source, problem);
            return failing(source, problem);
        }
        throw BeyondSubset.of(at.where() + " " + attribute + "=\"" + source + "\"", e);
    }

    /**
     * Valid ECMAScript beyond the compiled subset: the document is read again with the full engine (or, with
     * {@code datamodel-engine="compiled"}, refused with this message).
     */
    public static final class BeyondSubset extends InputException {
        BeyondSubset(String message) {
            super(message);
        }

        /** {@code where attribute="source": the first clause of the compiled parser's message}, sources shortened. */
        static BeyondSubset of(String what, InputException e) {
            String why = e.getMessage();
            int cut = why.indexOf(" in \"");
            return new BeyondSubset(shorten(what) + ": " + (cut > 0 ? why.substring(0, cut) : why));
        }

        private static String shorten(String s) {
            return s.length() <= 160 ? s : s.substring(0, 120) + "..." + s.substring(s.length() - 20);
        }
    }

    /** A location that is not an expression at all ({@code 'continue'}) fails when used, not when loaded. */
    private int compileOrFail(String source, ScxmlElement at, String attribute) {
        try {
            return add(new ExprProgram.Entry(ExprProgram.Kind.SCRIPT, source, null));
        } catch (ExpressionSyntaxException e) {
            if (JsEngine.syntaxError(source, true) == null) {
                throw BeyondSubset.of(at.where() + " " + attribute + "=\"" + source + "\"", e);
            }
            warn(at, attribute, source, "not a location: " + e.getMessage());
            return failing(source, "'" + source + "' is not a location: " + e.getMessage());
        }
    }

    @Override
    public ValueExpr value(String source, ScxmlElement at, String attribute) {
        int i = compile(source, at, attribute);
        return m -> {
            Object v = m.code[i].evalObject();
            // ECMAScript null stays null in a data item (evalObject gives Java null for it); undefined is empty
            return v == Expressions.UNDEFINED ? null : v == null ? Expressions.NULL : v;
        };
    }

    @Override
    public TransitionGuard cond(String source, ScxmlElement at, String attribute) {
        int i = compile(source, at, attribute);
        TransitionGuard typed = program.compiled(i) ? NumericPath.guard(source, slots, i) : null;
        return typed != null ? typed : m -> m.code[i].evalBoolean();
    }

    @Override
    public Action script(String source, ScxmlElement at) {
        String statements = source.replaceAll("(^|[;\\n{}])(\\s*)var\\s+", "$1$2");
        int i = compile(statements, source, at, "script", false);
        return m -> m.code[i].execute();
    }

    /** {@code <assign location expr>} compiled as one assignment (no boxing of numbers). */
    @Override
    public Action assign(String location, String source, ScxmlElement at) {
        int i;
        try {
            i = add(new ExprProgram.Entry(ExprProgram.Kind.ASSIGNMENT, location, source));
        } catch (ExpressionSyntaxException e) {
            boolean badLocation = JsEngine.syntaxError(location, true) != null;
            if (!badLocation && JsEngine.syntaxError(source, true) == null
                    && JsEngine.syntaxError(location.strip() + " = " + JsEngine.asExpression(source), false) == null) {
                throw BeyondSubset.of(at.where() + " location=\"" + location + "\" expr=\"" + source + "\"", e);
            }
            String bad = badLocation ? "location" : "expr";
            warn(at, bad, badLocation ? location : source, "not a valid ECMAScript assignment: " + e.getMessage());
            i = failing(location + " = " + source, "not a valid ECMAScript assignment: " + e.getMessage());
        }
        int index = i;
        Action typed = program.compiled(i) ? NumericPath.assign(location, source, slots, i) : null;
        return typed != null ? typed : m -> m.code[index].execute();
    }

    @Override
    public Location location(String source, ScxmlElement at, String attribute) {
        String name = source.trim();
        int read;
        if (FullDataModel.isIdentifier(name) || JsEngine.syntaxError(source, true) == null) {
            read = compileOrFail(source, at, attribute);
        } else {
            warn(at, attribute, source, "not a location (not valid ECMAScript)");
            read = failing(source, "'" + source + "' is not a location");
        }
        int slot = FullDataModel.isIdentifier(name) && slots.has(name) ? slots.slot(name) : -1;
        boolean identifier = FullDataModel.isIdentifier(name);
        return new Location() {
            @Override
            public void set(Machine machine, Object value) {
                if (!identifier) {
                    throw new IllegalArgumentException(attribute + "=\"" + source + "\" is not an assignable variable");
                }
                if (slot < 0) {
                    throw new IllegalArgumentException("'" + name + "' is not declared: add <data id=\"" + name + "\"/>");
                }
                machine.cells[slot].setObject(value);
            }

            @Override
            public Object get(Machine machine) {
                Object v = machine.code[read].evalObject();
                return v == Expressions.UNDEFINED ? null : v;
            }

            @Override
            public String name() {
                return name;
            }
        };
    }

    /** A name no {@code <data>} declares: reads fail (ReferenceError), {@code typeof} gives 'undefined'. */
    static final class Undeclared implements Variable {
        private final String name;

        Undeclared(String name) {
            this.name = name;
        }

        private IllegalStateException error() {
            return new IllegalStateException("'" + name + "' is not declared: add <data id=\"" + name + "\"/>");
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public ValueKind kind() {
            return ValueKind.EMPTY;
        }

        @Override
        public boolean exists() {
            return false;
        }

        @Override
        public boolean booleanValue() {
            throw error();
        }

        @Override
        public long longValue() {
            throw error();
        }

        @Override
        public double doubleValue() {
            throw error();
        }

        @Override
        public Object objectValue() {
            throw error();
        }

        @Override
        public void setBoolean(boolean value) {
            throw error();
        }

        @Override
        public void setLong(long value) {
            throw error();
        }

        @Override
        public void setDouble(double value) {
            throw error();
        }

        @Override
        public void setObject(Object value) {
            throw error();
        }

        @Override
        public void clear() {
            throw error();
        }
    }
}
