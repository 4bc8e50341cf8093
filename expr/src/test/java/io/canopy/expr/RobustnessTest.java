package io.canopy.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Whatever the input, compiling throws only {@link ExpressionSyntaxException} and evaluating only {@link
 * ExpressionException}: random token soup from a seeded generator, and absurd nesting.
 */
class RobustnessTest {
    private static final String[] PIECES = {
        "x", "y", "s", "_event", "In", "typeof", "true", "false", "null", "undefined", "ghost", "m",
        "0", "1", "2.5", "0x1F", "1e3", "'a'", "\"b\"", "'3'", "''",
        "+", "-", "*", "/", "%", "&", "|", "^", "~", "!", "&&", "||", "..", "==", "!=", "===", "!==", "<", ">",
        "<=", ">=", "=", ":=", "+=", "-=", "*=", "/=", "?", ":", "(", ")", "[", "]", "{", "}", ".", ",", ";", "\n", " ", "#",
        "'", "\\", "return", "5.", "3abc"
    };

    @Test
    void randomScriptsFailOnlyWithTheDocumentedExceptions() {
        Random random = new Random(20261122L);
        int compiled = 0;
        for (int i = 0; i < 10_000; i++) {
            StringBuilder sb = new StringBuilder();
            int n = 1 + random.nextInt(12);
            for (int k = 0; k < n; k++) {
                sb.append(PIECES[random.nextInt(PIECES.length)]);
                if (random.nextBoolean()) {
                    sb.append(' ');
                }
            }
            String src = sb.toString();
            for (Dialect dialect : Dialect.values()) {
                MapScope scope = new MapScope().function("In", 1, args -> "s1".equals(args[0]));
                scope.declare("x", 3L);
                scope.declare("y", 2.5);
                scope.declare("s", "text");
                scope.declare("m", Map.of("k", 1L));
                scope.declare("_event", (MemberAccess) name -> "name".equals(name) ? "ev" : Expressions.UNDEFINED);
                CompiledExpression e;
                try {
                    e = Expressions.compile(src, scope, dialect);
                } catch (ExpressionSyntaxException expected) {
                    assertThat(expected.getMessage()).doesNotContain("\n");
                    continue;
                } catch (RuntimeException other) {
                    throw new AssertionError(dialect + " compile of [" + src + "] threw " + other, other);
                }
                compiled++;
                try {
                    e.evalObject();
                    e.evalString();
                    e.evalBoolean();
                    e.evalDouble();
                } catch (ExpressionException expected) {
                    assertThat(expected.getMessage()).doesNotContain("\n");
                } catch (RuntimeException other) {
                    fail(dialect + " evaluation of [" + src + "] threw " + other, other);
                }
            }
        }
        assertThat(compiled).as("enough random scripts compile to exercise evaluation").isGreaterThan(300);
    }

    @Test
    void deepNestingIsASyntaxError() {
        String deep = "(".repeat(1000) + "1" + ")".repeat(1000);
        ExpressionSyntaxException e = assertThrows(ExpressionSyntaxException.class,
                () -> Expressions.compile(deep, new MapScope(), Dialect.BTCPP));
        assertThat(e.getMessage()).contains("nests more than 200 levels").hasSizeLessThan(400);
        assertThrows(ExpressionSyntaxException.class,
                () -> Expressions.compile("-".repeat(1000) + "1", new MapScope(), Dialect.BTCPP));
        assertThrows(ExpressionSyntaxException.class,
                () -> Expressions.compile("x = ".repeat(1000) + "1", new MapScope(), Dialect.BTCPP));
    }

    @Test
    void longOperatorChainsAreBounded() {
        String chain = "1" + " + 1".repeat(3000);
        assertThat(assertThrows(ExpressionSyntaxException.class,
                () -> Expressions.compile(chain, new MapScope(), Dialect.BTCPP)).getMessage()).contains("more than 4096 tokens");
        String ok = "1" + " + 1".repeat(1000);
        assertThat(Expressions.compile(ok, new MapScope(), Dialect.BTCPP).evalDouble()).isEqualTo(1001.0);
    }
}
