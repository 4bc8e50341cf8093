package io.canopy.bt.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.canopy.expr.CompiledExpression;
import io.canopy.expr.Dialect;
import io.canopy.expr.ExpressionException;
import io.canopy.expr.ExpressionSyntaxException;
import io.canopy.expr.Expressions;
import io.canopy.expr.MapScope;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Any text in either dialect of the expression language: compiling throws only {@link ExpressionSyntaxException}
 * and evaluating only {@link ExpressionException}. The first byte picks the dialect; seeds in
 * {@code src/test/resources/io/canopy/bt/fuzz/ExpressionFuzzTestInputs/}.
 */
class ExpressionFuzzTest {
    @FuzzTest(maxDuration = "10s")
    void anyTextCompilesOrFailsWithTheDocumentedExceptions(byte[] bytes) {
        if (bytes.length == 0) {
            return;
        }
        Dialect dialect = Dialect.values()[(bytes[0] & 0xFF) % Dialect.values().length];
        String src = new String(Arrays.copyOfRange(bytes, 1, bytes.length), StandardCharsets.UTF_8);
        MapScope scope = new MapScope();
        scope.declare("x", 3L);
        scope.declare("s", "text");
        CompiledExpression e;
        try {
            e = Expressions.compile(src, scope, dialect);
        } catch (ExpressionSyntaxException refused) {
            return;
        }
        try {
            e.evalObject();
            e.evalBoolean();
        } catch (ExpressionException failed) {
            // a run-time error of the script, reported as such
        }
    }
}
