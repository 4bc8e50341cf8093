package io.canopy.expr;

import io.canopy.expr.ast.AssignNode;
import io.canopy.expr.ast.ExprNode;
import io.canopy.expr.ast.MemberAssignNode;
import io.canopy.expr.ast.MemberNode;
import io.canopy.expr.ast.VarNode;

/**
 * Compiles scripts of the Canopy expression language (BehaviorTree.CPP v4 scripts and the SCXML ECMAScript
 * vocabulary). See {@code bt-runtime/docs/expressions.md}.
 *
 * <pre>{@code
 * MapScope scope = new MapScope();
 * Expressions.compile("x := 3; y := x * 2", scope, Dialect.BTCPP).execute();
 * boolean big = Expressions.compile("y > 5", scope, Dialect.BTCPP).evalBoolean();   // true
 * }</pre>
 */
public final class Expressions {
    /** ECMAScript {@code undefined} as a Java value (from evalObject, member access, function results). */
    public static final Object UNDEFINED = new Sentinel("undefined");

    /**
     * ECMAScript {@code null} stored in a {@link Variable} (through {@link Variable#setObject}, whose null
     * means "empty"). {@link CompiledExpression#evalObject()} returns plain {@code null} instead.
     */
    public static final Object NULL = new Sentinel("null");

    private Expressions() {}

    /**
     * Compiles a script: statements separated by {@code ;} or newlines, each resolved against {@code scope}
     * now (a name that is not a variable yet gets an empty cell, so that {@code :=} can create it later).
     *
     * @throws ExpressionSyntaxException when the script does not parse (one-line message with column)
     */
    public static CompiledExpression compile(String source, Scope scope, Dialect dialect) {
        requireArguments(source, scope, dialect);
        return new CompiledExpression(source, dialect, scope, new Parser(source, scope, dialect).parseScript());
    }

    /**
     * Compiles an assignment of {@code valueSource} (one expression) to {@code location} (a variable name, or
     * ECMASCRIPT member accesses such as {@code a.b} or {@code a['b']}), as SCXML {@code <assign>} needs.
     * The variable must exist (as with {@code =}); with BTCPP it is created (as with {@code :=}).
     *
     * @throws ExpressionSyntaxException when either part does not parse; the message says which
     */
    public static CompiledExpression compileAssignment(String location, String valueSource, Scope scope, Dialect dialect) {
        requireArguments(location, scope, dialect);
        requireArguments(valueSource, scope, dialect);
        ExprNode target;
        try {
            target = new Parser(location, scope, dialect).parseLocation();
        } catch (ExpressionSyntaxException e) {
            throw e.prefixed("bad location: ");
        }
        ExprNode value = new Parser(valueSource, scope, dialect).parseSingle();
        boolean ecma = dialect == Dialect.ECMASCRIPT;
        ExprNode assign;
        if (target instanceof VarNode) {
            VarNode v = (VarNode) target;
            assign = new AssignNode(v.variable, v.name, ecma ? AssignNode.ASSIGN : AssignNode.CREATE, value, ecma, scope);
        } else {
            assign = new MemberAssignNode((MemberNode) target, value);
        }
        return new CompiledExpression(location.strip() + " = " + valueSource, dialect, scope, assign);
    }

    /**
     * A stand-in for a script that did not compile, for callers that must report the error when the script
     * runs rather than when it loads (SCXML raises {@code error.execution}): every evaluation throws an
     * {@link ExpressionException} with {@code message}.
     */
    public static CompiledExpression failing(String source, Dialect dialect, String message) {
        return new CompiledExpression(source, dialect, null, new FailNode(message));
    }

    private static void requireArguments(String source, Scope scope, Dialect dialect) {
        if (source == null || scope == null || dialect == null) {
            throw new IllegalArgumentException("source, scope and dialect must not be null (source=" + source
                    + ", scope=" + scope + ", dialect=" + dialect + ")");
        }
    }

    private static final class FailNode extends ExprNode {
        private final String message;

        FailNode(String message) {
            this.message = message;
        }

        @Override
        public void eval(Value out) {
            throw new ExpressionException(null, message);
        }
    }

    private static final class Sentinel {
        private final String name;

        Sentinel(String name) {
            this.name = name;
        }

        @Override
        public String toString() {
            return name;
        }
    }
}
