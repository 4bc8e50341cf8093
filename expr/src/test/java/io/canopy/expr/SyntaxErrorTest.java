package io.canopy.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.canopy.InputException;
import org.junit.jupiter.api.Test;

/** Compile errors: one line, with the column, the offending token and a fix. */
class SyntaxErrorTest {
    private static ExpressionSyntaxException fail(String src, Dialect dialect) {
        ExpressionSyntaxException e = assertThrows(ExpressionSyntaxException.class,
                () -> Expressions.compile(src, new MapScope(), dialect));
        assertThat(e.getMessage()).doesNotContain("\n");
        assertThat(e).isInstanceOf(InputException.class);
        return e;
    }

    private static ExpressionSyntaxException bt(String src) {
        return fail(src, Dialect.BTCPP);
    }

    private static ExpressionSyntaxException es(String src) {
        return fail(src, Dialect.ECMASCRIPT);
    }

    @Test
    void missingOperandAtTheEnd() {
        ExpressionSyntaxException e = bt("x := 3 +");
        assertThat(e.column()).isEqualTo(9);
        assertThat(e.token()).isEqualTo("end of script");
        assertThat(e.getMessage()).isEqualTo("the script ends where a value is expected after '+' at column 9 (end of script)"
                + " in \"x := 3 +\": complete the expression: write a number, a 'string', a variable name or a"
                + " parenthesised expression");
    }

    @Test
    void unclosedParenthesis() {
        ExpressionSyntaxException e = bt("x := (3 + 2");
        assertThat(e.getMessage()).startsWith("the '(' opened at column 6 is not closed at column 12 (end of script)")
                .endsWith("add the missing ')'");
    }

    @Test
    void strayClosingParenthesis() {
        ExpressionSyntaxException e = bt("x := 3)");
        assertThat(e.column()).isEqualTo(7);
        assertThat(e.getMessage()).contains("unexpected ')'").contains("add the matching '('");
    }

    @Test
    void assignmentToSomethingThatIsNotAVariable() {
        ExpressionSyntaxException e = bt("3 = 4");
        assertThat(e.column()).isEqualTo(3);
        assertThat(e.getMessage()).contains("cannot assign to '3'").contains("to compare, use '=='");
    }

    @Test
    void numberWithSuffix() {
        ExpressionSyntaxException e = bt("x := 3abc");
        assertThat(e.column()).isEqualTo(6);
        assertThat(e.token()).isEqualTo("3abc");
        assertThat(e.getMessage()).contains("invalid suffix on number");
    }

    @Test
    void numberEndingWithDot() {
        assertThat(bt("x := 3.").getMessage()).contains("cannot end with '.'").contains("3.0");
    }

    @Test
    void unterminatedString() {
        ExpressionSyntaxException e = bt("s := 'abc");
        assertThat(e.column()).isEqualTo(6);
        assertThat(e.getMessage()).contains("unterminated string").contains("close it with '");
    }

    @Test
    void unexpectedCharacter() {
        ExpressionSyntaxException e = bt("x := 1 # 2");
        assertThat(e.column()).isEqualTo(8);
        assertThat(e.token()).isEqualTo("'#'");
    }

    @Test
    void twoValuesWithoutOperator() {
        ExpressionSyntaxException e = bt("x := 1 2");
        assertThat(e.getMessage()).contains("unexpected '2' after a complete expression").contains("separate statements with ';'");
    }

    @Test
    void lineAndColumnInMultiLineScripts() {
        ExpressionSyntaxException e = bt("x := 1\ny := * 2");
        assertThat(e.line()).isEqualTo(2);
        assertThat(e.column()).isEqualTo(6);
        assertThat(e.getMessage()).contains("at line 2, column 6").contains("x := 1\\ny := * 2");
    }

    @Test
    void spacedComparisonOperator() {
        assertThat(bt("a = = b").getMessage()).contains("write '==' or '!=' without spaces");
    }

    @Test
    void ecmascriptKeywordsAreRejected() {
        ExpressionSyntaxException e = es("return");
        assertThat(e.getMessage()).startsWith("'return' is an ECMAScript statement keyword");
    }

    @Test
    void btcppOnlySyntaxInEcmascript() {
        assertThat(es("x := 1").getMessage()).contains("':=' is BehaviorTree.CPP syntax").contains("'='");
        assertThat(es("'a' .. 'b'").getMessage()).contains("'..' is BehaviorTree.CPP syntax").contains("'+'");
    }

    @Test
    void unknownFunction() {
        ExpressionSyntaxException e = es("Inn('s1')");
        assertThat(e.column()).isEqualTo(1);
        assertThat(e.getMessage()).contains("unknown function 'Inn' with 1 argument");
    }

    @Test
    void memberNameMissing() {
        assertThat(es("_event.").getMessage()).contains("expected a member name after '.'");
    }

    @Test
    void badLocation() {
        ExpressionSyntaxException e = assertThrows(ExpressionSyntaxException.class,
                () -> Expressions.compileAssignment("1x", "2", new MapScope(), Dialect.ECMASCRIPT));
        assertThat(e.getMessage()).startsWith("bad location: ");
        ExpressionSyntaxException e2 = assertThrows(ExpressionSyntaxException.class,
                () -> Expressions.compileAssignment("a + b", "2", new MapScope(), Dialect.ECMASCRIPT));
        assertThat(e2.getMessage()).startsWith("bad location: unexpected '+' in a location");
    }

    @Test
    void emptyScriptIsAnError() {
        assertThat(bt("  ").getMessage()).startsWith("the script is empty at column 3 (end of script)");
        assertThat(es(" ; ").getMessage()).startsWith("the script is empty");
    }

    @Test
    void semicolonsAndBlankLinesAreSeparators() {
        MapScope s = new MapScope();
        Expressions.compile(";x := 1;;\n\n y := 2;", s, Dialect.BTCPP).execute();
        assertThat(s.get("y")).isEqualTo(2L);
    }

    @Test
    void bracesAroundBlackboardKeys() {
        assertThat(bt("x := {y}").getMessage()).contains("write x, not {x}");
    }

    @Test
    void unclosedLiterals() {
        assertThat(es("[1, 2").getMessage()).contains("the '[' opened at column 1 is not closed");
        assertThat(es("{a: 1").getMessage()).contains("the '{' opened at column 1 is not closed");
        assertThat(es("{a 1}").getMessage()).contains("expected ':' after the property name 'a'");
    }
}
