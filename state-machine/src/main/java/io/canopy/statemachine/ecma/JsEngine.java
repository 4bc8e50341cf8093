package io.canopy.statemachine.ecma;

import org.mozilla.javascript.Context;
import org.mozilla.javascript.ContextFactory;
import org.mozilla.javascript.ErrorReporter;
import org.mozilla.javascript.EvaluatorException;
import org.mozilla.javascript.Script;
import org.mozilla.javascript.ScriptableObject;

/**
 * The full ECMAScript engine behind {@code datamodel-engine="full"}: Mozilla Rhino in interpreted mode (no class
 * generation; scripts are compiled once, when the document loads, into interpreter code shared by every
 * instance), with only the safe standard objects (no {@code Packages}, no {@code java}, no host reflection) in
 * one sealed scope that all machines share, and a per-evaluation instruction budget: a script that runs longer
 * throws {@link BudgetExceeded}, which the machine turns into {@code error.execution}.
 */
public final class JsEngine {
    /** Instructions one evaluation may run before it fails (an endless loop, a runaway recursion). */
    static final long DEFAULT_BUDGET = 1_000_000;
    /** Nested JavaScript calls one evaluation may make. */
    static final int MAX_CALL_DEPTH = 1000;
    /** How often (in instructions) the interpreter reports its count. */
    private static final int OBSERVE_EVERY = 10_000;

    public static final Factory FACTORY = new Factory();

    private JsEngine() {}

    /** A {@link Context} that counts the instructions of the evaluation under way. */
    public static final class BudgetContext extends Context {
        public long budget = DEFAULT_BUDGET;
        long used;

        BudgetContext(ContextFactory factory) {
            super(factory);
            setInterpretedMode(true);
            setLanguageVersion(Context.VERSION_ES6);
            setInstructionObserverThreshold(OBSERVE_EVERY);
            // the interpreter keeps JavaScript calls on the heap: bound the depth so runaway recursion fails fast
            setMaximumInterpreterStackDepth(MAX_CALL_DEPTH);
            setErrorReporter(Reporter.INSTANCE);
        }
    }

    /**
     * Rhino's default reporter, with the column clamped: for an invalid assignment target inside an expression
     * ({@code a**9=1}) Rhino's parser reports a negative column, and building the {@link EvaluatorException} for it
     * throws an {@link IllegalArgumentException} instead of the syntax error (found by {@code ScxmlFuzzTest}).
     */
    private static final class Reporter implements ErrorReporter {
        static final Reporter INSTANCE = new Reporter();

        @Override
        public void warning(String message, String sourceName, int line, String lineSource, int lineOffset) {}

        @Override
        public void error(String message, String sourceName, int line, String lineSource, int lineOffset) {
            throw runtimeError(message, sourceName, line, lineSource, lineOffset);
        }

        @Override
        public EvaluatorException runtimeError(
                String message, String sourceName, int line, String lineSource, int lineOffset) {
            return new EvaluatorException(message, sourceName, line, lineSource, Math.max(0, lineOffset));
        }
    }

    /** Thrown out of a script that ran more instructions than its budget; not catchable by the script. */
    static final class BudgetExceeded extends RuntimeException {
        BudgetExceeded(long budget) {
            super("the script ran more than " + budget + " instructions (its budget per evaluation): an endless loop? "
                    + "It was stopped so the tick goes on");
        }
    }

    public static final class Factory extends ContextFactory {
        @Override
        protected Context makeContext() {
            return new BudgetContext(this);
        }

        /** A context for one machine: entered around each of its evaluations. */
        BudgetContext newContext() {
            return (BudgetContext) makeContext();
        }

        @Override
        protected void observeInstructionCount(Context cx, int instructionCount) {
            if (cx instanceof BudgetContext) {
                BudgetContext b = (BudgetContext) cx;
                b.used += instructionCount;
                if (b.used > b.budget) {
                    throw new BudgetExceeded(b.budget);
                }
            }
        }
    }

    /** The standard objects (Object, Array, Math, JSON, String, ...), sealed, shared by every machine. */
    static ScriptableObject standard() {
        return Standard.SCOPE;
    }

    private static final class Standard {
        static final ScriptableObject SCOPE = make();

        private static ScriptableObject make() {
            Context cx = FACTORY.enterContext();
            try {
                return cx.initSafeStandardObjects(null, true);
            } finally {
                Context.exit();
            }
        }
    }

    /** Compiles a program (statements); throws {@link EvaluatorException} on a syntax error. */
    static Script compileStatements(String source, String name, int line) {
        Context cx = FACTORY.enterContext();
        try {
            return cx.compileString(source, name, line, null);
        } finally {
            Context.exit();
        }
    }

    /** Compiles one expression (a program made of it alone); throws {@link EvaluatorException} when it is not one. */
    static Script compileExpression(String source, String name, int line) {
        return compileStatements(asExpression(source), name, line);
    }

    /**
     * The source wrapped so that only a single expression parses (statements, {@code a; b} do not); a trailing
     * {@code ;} is dropped, as other engines (which evaluate an expression as a program) allow it.
     */
    static String asExpression(String source) {
        String s = source.strip();
        while (s.endsWith(";")) {
            s = s.substring(0, s.length() - 1).strip();
        }
        return "(" + s + "\n)";
    }

    /** Null when {@code source} is a valid ECMAScript expression (or, with {@code !expression}, program), else why not. */
    static String syntaxError(String source, boolean expression) {
        try {
            if (expression) {
                compileExpression(source, "check", 1);
            } else {
                compileStatements(source, "check", 1);
            }
            return null;
        } catch (EvaluatorException e) {
            return message(e);
        }
    }

    /** A Rhino syntax error as one line, without Rhino's source name. */
    static String message(EvaluatorException e) {
        String d = e.details();
        return d == null ? e.getMessage() : d;
    }
}
