package io.canopy.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The public dynamically typed scope and its variables. */
class MapScopeTest {
    @Test
    void variablesAreCreatedOnFirstMentionAndResolvedOnce() {
        MapScope scope = new MapScope();
        CompiledExpression e = Expressions.compile("n := 1; n += 1", scope, Dialect.BTCPP);
        assertThat(scope.variables()).containsOnlyKeys("n");
        assertThat(scope.contains("n")).isFalse();
        e.execute();
        assertThat(scope.get("n")).isEqualTo(2L);
        assertThat(scope.variable("n")).isSameAs(scope.variable("n"));
    }

    @Test
    void dynamicVariablesChangeKindOnAssignment() {
        MapScope scope = new MapScope();
        scope.declare("v", 1L);
        scope.declare("w", null);
        Expressions.compile("v = 'text'; w = v", scope, Dialect.ECMASCRIPT).execute();
        assertThat(scope.get("v")).isEqualTo("text");
        assertThat(scope.get("w")).isEqualTo("text");
        assertThat(scope.variable("v").kind()).isEqualTo(ValueKind.STRING);
        // BTCPP keeps BT.CPP's rule even here: a string assigned to a numeric entry is converted
        scope.declare("n", 1L);
        Expressions.compile("n := '7'", scope, Dialect.BTCPP).execute();
        assertThat(scope.get("n")).isEqualTo(7L);
    }

    @Test
    void declareWithNullMakesADeclaredEmptyVariable() {
        MapScope scope = new MapScope();
        DynamicVariable v = scope.declare("x", null);
        assertThat(v.kind()).isEqualTo(ValueKind.EMPTY);
        assertThat(v.exists()).isTrue();
        assertThat(scope.contains("x")).isTrue();
        assertThat(scope.get("x")).isNull();
        assertThat(v).hasToString("x=undefined");
    }

    @Test
    void setValueUnboxesJavaValues() {
        DynamicVariable v = new DynamicVariable("v");
        v.setValue(3);
        assertThat(v.kind()).isEqualTo(ValueKind.LONG);
        v.setValue(2.5f);
        assertThat(v.kind()).isEqualTo(ValueKind.DOUBLE);
        assertThat(v.doubleValue()).isEqualTo(2.5);
        v.setValue(true);
        assertThat(v.booleanValue()).isTrue();
        v.setValue("s");
        assertThat(v.objectValue()).isEqualTo("s");
        v.clear();
        assertThat(v.exists()).isTrue();
        assertThatThrownBy(v::longValue).isInstanceOf(IllegalStateException.class).hasMessageContaining("'v'");
    }

    @Test
    void constantsShadowVariablesAndCannotBeAssigned() {
        MapScope scope = new MapScope().constant("RED", 1L).constant("NAME", "robot");
        assertThat(Expressions.compile("RED + 1", scope, Dialect.BTCPP).evalDouble()).isEqualTo(2.0);
        assertThat(Expressions.compile("NAME .. '!'", scope, Dialect.BTCPP).evalString()).isEqualTo("robot!");
        assertThatThrownBy(() -> Expressions.compile("RED := 2", scope, Dialect.BTCPP))
                .isInstanceOf(ExpressionSyntaxException.class).hasMessageContaining("cannot assign to 'RED'");
        assertThat(scope.variables()).doesNotContainKey("RED");
    }

    @Test
    void functionsAreKeyedByNameAndArgumentCount() {
        MapScope scope = new MapScope().function("f", 1, a -> "one").function("f", 2, a -> "two");
        assertThat(Expressions.compile("f(1) + f(1, 2)", scope, Dialect.ECMASCRIPT).evalString()).isEqualTo("onetwo");
        assertThatThrownBy(() -> Expressions.compile("f()", scope, Dialect.ECMASCRIPT))
                .isInstanceOf(ExpressionSyntaxException.class).hasMessageContaining("unknown function 'f' with 0 arguments");
    }

    @Test
    void compileAssignmentInBtcppCreatesTheEntry() {
        MapScope scope = new MapScope();
        Expressions.compileAssignment("out", "2 * 21", scope, Dialect.BTCPP).execute();
        assertThat(scope.get("out")).isEqualTo(42.0);
    }
}
