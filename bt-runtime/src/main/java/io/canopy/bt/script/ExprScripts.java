package io.canopy.bt.script;

import io.canopy.bt.Blackboard;
import io.canopy.expr.CompiledExpression;
import io.canopy.expr.Dialect;
import io.canopy.expr.Expressions;
import io.canopy.expr.ScriptingEnums;

/**
 * Compiles scripts with {@code io.canopy.expr} in its BehaviorTree.CPP dialect, bound to the blackboard's
 * entries at load time, so running them looks nothing up.
 */
public final class ExprScripts implements ScriptCompiler {
    static final ExprScripts INSTANCE = new ExprScripts(null);

    /** The scripting enums scripts see as constants; null when there are none. */
    private final ScriptingEnums enums;

    private ExprScripts(ScriptingEnums enums) {
        this.enums = enums;
    }

    /** Scripts that see {@code enums}' values as constants ({@code color == RED}). */
    public static ExprScripts with(ScriptingEnums enums) {
        return enums == null || enums.isEmpty() ? INSTANCE : new ExprScripts(enums);
    }

    @Override
    public Long enumValue(String name) {
        return enums == null ? null : enums.value(name);
    }

    @Override
    public CompiledCode compile(String code, Blackboard blackboard) {
        if (code.isBlank()) {
            return new Empty(code);
        }
        return new Compiled(Expressions.compile(code, enums == null ? blackboard : enums.over(blackboard), Dialect.BTCPP));
    }

    private static final class Compiled implements CompiledCode {
        private final CompiledExpression expression;

        Compiled(CompiledExpression expression) {
            this.expression = expression;
        }

        @Override
        public void run() {
            expression.execute();
        }

        @Override
        public boolean test() {
            return expression.evalBoolean();
        }

        @Override
        public String source() {
            return expression.source();
        }
    }

    private record Empty(String source) implements CompiledCode {
        @Override
        public void run() {
            // an empty script does nothing
        }

        @Override
        public boolean test() {
            throw new IllegalStateException("an empty script has no value to test");
        }
    }
}
