package io.canopy.statemachine;

import io.canopy.InputException;
import io.canopy.expr.CompiledExpression;
import io.canopy.expr.Dialect;
import io.canopy.expr.ExprFunction;
import io.canopy.expr.ExpressionSyntaxException;
import io.canopy.expr.Expressions;
import io.canopy.expr.Scope;
import io.canopy.expr.ValueKind;
import io.canopy.expr.Variable;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The ECMAScript datamodel of one SCXML document: the expression language of {@code io.canopy.expr} in its
 * ECMASCRIPT dialect, with the document's {@code <data>} items and the system variables as variables and
 * {@code In('state')} as a function. Compiled once per chart; the variables reach the executing instance's
 * cells through the chart's frame.
 */
final class EcmaDataModel implements DataModelCompiler, Scope {
    private final Slots slots;
    private final Statechart.Frame frame;
    private final Map<String, Variable> variables = new HashMap<>();
    private final List<String> warnings;

    /** {@code warnings} receives one line per expression that loads only as one failing when evaluated. */
    EcmaDataModel(Slots slots, Statechart.Frame frame, List<String> warnings) {
        this.slots = slots;
        this.frame = frame;
        this.warnings = warnings;
    }

    /** Records that {@code attribute="source"} of {@code at} was replaced by an expression that always fails. */
    private void warn(XmlElement at, String attribute, String source, String problem) {
        warnings.add(at.where() + " " + attribute + "=\"" + source + "\": " + problem
                + "; the document loads, but evaluating it raises error.execution");
    }

    @Override
    public Variable variable(String name) {
        return variables.computeIfAbsent(name, n -> slots.has(n)
                ? new SlotVariable(frame, slots.slot(n), n)
                : new Undeclared(n));
    }

    @Override
    public ExprFunction function(String name, int argCount) {
        if (name.equals("In") && argCount == 1) {
            return new InFunction(frame, -1);
        }
        return null;
    }

    private CompiledExpression compile(String source, XmlElement at, String attribute) {
        try {
            return Expressions.compile(source, this, Dialect.ECMASCRIPT);
        } catch (ExpressionSyntaxException e) {
            return failingOrReject(source, at, attribute, e);
        }
    }

    private CompiledExpression failingOrReject(String source, XmlElement at, String attribute, InputException e) {
        if (EcmaSyntax.isInvalid(source)) {
            warn(at, attribute, source, "not a valid ECMAScript expression: " + e.getMessage());
            return Expressions.failing(source, Dialect.ECMASCRIPT, "not a valid ECMAScript expression: " + e.getMessage());
        }
        throw new InputException(at.where() + " " + attribute + "=\"" + source + "\": " + e.getMessage()
                + " (Canopy supports the ECMAScript vocabulary of conformance/scxml/README.md: literals, variables, "
                + "+ - * / %, comparisons, && || !, ?:, typeof, In('state'), _event fields)");
    }

    /** A location that is not an expression at all ({@code 'continue'}) fails when used, not when loaded. */
    private CompiledExpression compileOrFail(String source, XmlElement at, String attribute) {
        try {
            return Expressions.compile(source, this, Dialect.ECMASCRIPT);
        } catch (ExpressionSyntaxException e) {
            warn(at, attribute, source, "not a location: " + e.getMessage());
            return Expressions.failing(source, Dialect.ECMASCRIPT, "'" + source + "' is not a location: " + e.getMessage());
        }
    }

    @Override
    public Value value(String source, XmlElement at, String attribute) {
        CompiledExpression ce = compile(source, at, attribute);
        return m -> {
            Object v = ce.evalObject();
            return v == Expressions.UNDEFINED ? null : v;
        };
    }

    @Override
    public Guard cond(String source, XmlElement at, String attribute) {
        CompiledExpression ce = compile(source, at, attribute);
        return m -> ce.evalBoolean();
    }

    @Override
    public Action script(String source, XmlElement at) {
        String statements = source.replaceAll("(^|[;\\n{}])(\\s*)var\\s+", "$1$2");
        CompiledExpression ce = compile(statements, at, "script");
        return m -> ce.execute();
    }

    /** {@code <assign location expr>} compiled as one assignment (no boxing of numbers). */
    @Override
    public Action assign(String location, String source, XmlElement at) {
        CompiledExpression ce;
        try {
            ce = Expressions.compileAssignment(location, source, this, Dialect.ECMASCRIPT);
        } catch (ExpressionSyntaxException e) {
            if (!EcmaSyntax.isInvalid(location) && !EcmaSyntax.isInvalid(source)) {
                throw new InputException(at.where() + " location=\"" + location + "\" expr=\"" + source + "\": "
                        + e.getMessage());
            }
            String bad = EcmaSyntax.isInvalid(location) ? "location" : "expr";
            warn(at, bad, bad.equals("location") ? location : source, "not a valid ECMAScript assignment: " + e.getMessage());
            ce = Expressions.failing(location + " = " + source, Dialect.ECMASCRIPT, "not a valid ECMAScript assignment: "
                    + e.getMessage());
        }
        CompiledExpression assignment = ce;
        return m -> assignment.execute();
    }

    @Override
    public Location location(String source, XmlElement at, String attribute) {
        String name = source.trim();
        CompiledExpression read;
        if (isIdentifier(name) || !EcmaSyntax.isInvalid(source)) {
            read = compileOrFail(source, at, attribute);
        } else {
            warn(at, attribute, source, "not a location (not valid ECMAScript)");
            read = Expressions.failing(source, Dialect.ECMASCRIPT, "'" + source + "' is not a location");
        }
        Variable target = isIdentifier(name) ? variable(name) : null;
        return new Location() {
            @Override
            public void set(Machine machine, Object value) {
                if (target == null) {
                    throw new IllegalArgumentException(attribute + "=\"" + source + "\" is not an assignable variable");
                }
                if (!target.exists() && target instanceof Undeclared) {
                    throw new IllegalArgumentException("'" + name + "' is not declared: add <data id=\"" + name + "\"/>");
                }
                target.setObject(value);
            }

            @Override
            public Object get(Machine machine) {
                Object v = read.evalObject();
                return v == Expressions.UNDEFINED ? null : v;
            }

            @Override
            public String name() {
                return name;
            }
        };
    }

    private static boolean isIdentifier(String s) {
        if (s.isEmpty() || !Character.isJavaIdentifierStart(s.charAt(0))) {
            return false;
        }
        for (int i = 1; i < s.length(); i++) {
            if (!Character.isJavaIdentifierPart(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** {@code In('state')}: true when the executing instance has that state active. */
    private static final class InFunction implements ExprFunction {
        private final Statechart.Frame frame;
        private final String stateId;

        InFunction(Statechart.Frame frame, int unused) {
            this(frame, null);
        }

        private InFunction(Statechart.Frame frame, String stateId) {
            this.frame = frame;
            this.stateId = stateId;
        }

        @Override
        public Object call(Object[] args) {
            String id = stateId != null ? stateId : String.valueOf(args[0]);
            return frame.machine.isActive(id) ? Boolean.TRUE : Boolean.FALSE;
        }

        @Override
        public ExprFunction specialize(Object[] constantArgs) {
            return constantArgs[0] instanceof String ? new InFunction(frame, (String) constantArgs[0]) : this;
        }
    }

    /** A name no {@code <data>} declares: reads fail (ReferenceError), {@code typeof} gives 'undefined'. */
    private static final class Undeclared implements Variable {
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
