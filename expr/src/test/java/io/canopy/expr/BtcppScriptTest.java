package io.canopy.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The BehaviorTree.CPP dialect, mirroring conformance/bt/script.yaml and the README's script rules. */
class BtcppScriptTest {
    private final StrictScope bb = new StrictScope();

    private CompiledExpression compile(String src) {
        return Expressions.compile(src, bb, Dialect.BTCPP);
    }

    private void run(String src) {
        compile(src).execute();
    }

    private boolean cond(String src) {
        return compile(src).evalBoolean();
    }

    @Test
    void divisionIsRealDivision() {
        run("y := 5; r := y/2");
        assertThat(bb.get("r")).isEqualTo(2.5);
        assertThat(bb.get("y")).isEqualTo(5L);
    }

    @Test
    void unaryMinusAndParentheses() {
        run("a := -(3 + 2); b := 10 + -3");
        assertThat(((Number) bb.get("a")).doubleValue()).isEqualTo(-5.0);
        assertThat(((Number) bb.get("b")).doubleValue()).isEqualTo(7.0);
    }

    @Test
    void stringsConcatenateWithPlusAndDotDot() {
        run("A:='hello'; B:=' '; C:='world'; D := A+B+C; E := A .. ' ' .. C");
        assertThat(bb.get("D")).isEqualTo("hello world");
        assertThat(bb.get("E")).isEqualTo("hello world");
    }

    @Test
    void whitespaceInsideQuotesIsKept() {
        run("A:= '   right'; B:= ' center '; C:= 'left    '");
        assertThat(bb.get("A")).isEqualTo("   right");
        assertThat(bb.get("B")).isEqualTo(" center ");
        assertThat(bb.get("C")).isEqualTo("left    ");
    }

    @Test
    void booleanLiteralsAreNumbersOneAndZero() {
        run("v1:= true; v2:= false; v3 := v1 && v2; v4 := v1 || v2");
        assertThat(bb.get("v1")).isEqualTo(1.0);
        assertThat(bb.get("v2")).isEqualTo(0.0);
        assertThat(bb.get("v3")).isEqualTo(0.0);
        assertThat(bb.get("v4")).isEqualTo(1.0);
    }

    @Test
    void ternaryPicksABranch() {
        run("x := 3; y := 5; r := y == x ? 'T' : 'F'; s := 3 > 2 ? 'yes' : 'no'");
        assertThat(bb.get("r")).isEqualTo("F");
        assertThat(bb.get("s")).isEqualTo("yes");
    }

    @Test
    void conditionsOnComparisons() {
        run("x := 3; y := 5");
        assertThat(cond("x > y")).isFalse();
        assertThat(cond(" y == x  ||  x == 3 ")).isTrue();
    }

    @Test
    void chainedComparisonsArePairwise() {
        assertThat(cond("1 < 2 < 3")).isTrue();
        assertThat(cond("1 < 2 > 3")).isFalse();
        assertThat(cond("3 > 2 > 1")).isTrue();
        assertThat(cond("1 == 1 == 1")).isTrue();
    }

    @Test
    void chainStopsAtFirstFalsePairWithoutEvaluatingTheRest() {
        assertThat(cond("2 < 1 < ghost")).isFalse();
    }

    @Test
    void numericStringEqualsNumber() {
        run("par1:='3'; par2:=3");
        assertThat(cond("par1==par2")).isTrue();
        assertThat(cond("par2=='3'")).isTrue();
        assertThat(cond("'3.0' == 3")).isTrue();
        assertThat(cond("'4' > 3")).isTrue();
    }

    @Test
    void stringWithTrailingCharactersDoesNotCompareWithNumber() {
        assertThatThrownBy(() -> cond("'3x' == 3")).isInstanceOf(ExpressionException.class)
                .hasMessageContaining("string '3x'").hasMessageContaining("not a number");
        assertThatThrownBy(() -> cond("' 3' == 3")).isInstanceOf(ExpressionException.class);
    }

    @Test
    void stringsCompareLexicographically() {
        assertThat(cond(" 'hello' < 'world'")).isTrue();
        assertThat(cond("'b' <= 'a'")).isFalse();
    }

    @Test
    void zeroIsFalseAndOneIsTrue() {
        bb.set("x", 0);
        assertThat(cond("x")).isFalse();
        bb.set("x", 1);
        assertThat(cond("x")).isTrue();
    }

    @Test
    void onlyZeroAndOneConvertToBoolean() {
        bb.set("x", 2);
        assertThatThrownBy(() -> cond("x")).isInstanceOf(ExpressionException.class)
                .hasMessageContaining("number 2").hasMessageContaining("only 0 and 1");
        assertThatThrownBy(() -> cond("x && true")).isInstanceOf(ExpressionException.class);
    }

    @Test
    void readsInitialEntriesOfEachType() {
        bb.set("n", 7).set("s", "abc").set("d", 3.5).set("flag", true);
        assertThat(cond("n == 7 && s == 'abc'")).isTrue();
        assertThat(cond(" d > 3.0 ")).isTrue();
        assertThat(cond("flag == true")).isTrue();
        assertThat(cond("flag")).isTrue();
        assertThat(cond("n + 1 == 8")).isTrue();
    }

    @Test
    void readingAMissingEntryIsAnError() {
        CompiledExpression e = compile("ghost + 1 == 2");
        assertThatThrownBy(e::evalBoolean).isInstanceOf(ExpressionException.class)
                .hasMessageContaining("'ghost' does not exist")
                .satisfies(t -> assertThat(((ExpressionException) t).variable()).isEqualTo("ghost"))
                .satisfies(t -> assertThat(((ExpressionException) t).source()).isEqualTo("ghost + 1 == 2"));
    }

    @Test
    void assigningWithEqualsNeedsAnExistingEntry() {
        assertThatThrownBy(() -> run("x = 1")).isInstanceOf(ExpressionException.class)
                .hasMessageContaining("'x' does not exist yet").hasMessageContaining(":=");
        run("x := 1");
        run("x = 2");
        assertThat(bb.get("x")).isEqualTo(2L);
    }

    @Test
    void assigningAnotherTypeToAnEntryIsAnError() {
        run("x := 'text'");
        ExpressionException e = org.junit.jupiter.api.Assertions.assertThrows(ExpressionException.class, () -> run("x = 5"));
        assertThat(e.variable()).isEqualTo("x");
        assertThat(e.getMessage()).contains("number 5").contains("'x'");
    }

    @Test
    void realAssignedToIntegerEntryMustBeWhole() {
        bb.set("n", 1);
        run("n = 4 / 2");
        assertThat(bb.get("n")).isEqualTo(2L);
        assertThatThrownBy(() -> run("n = 5 / 2")).isInstanceOf(ExpressionException.class);
    }

    @Test
    void compoundAssignmentKeepsIntegerEntriesInteger() {
        bb.set("cnt", 0);
        run("cnt += 1");
        run("cnt += 1");
        assertThat(bb.get("cnt")).isEqualTo(2L);
        run("cnt *= 3; cnt -= 1; cnt /= 5");
        assertThat(bb.get("cnt")).isEqualTo(1L);
    }

    @Test
    void compoundAssignmentOnMissingEntryIsAnError() {
        assertThatThrownBy(() -> run("t += 1")).isInstanceOf(ExpressionException.class).hasMessageContaining("'t'");
    }

    @Test
    void plusEqualsAppendsToStrings() {
        bb.set("s", "ab");
        run("s += 'c'");
        assertThat(bb.get("s")).isEqualTo("abc");
        assertThatThrownBy(() -> run("s -= 'c'")).isInstanceOf(ExpressionException.class);
    }

    @Test
    void stringAssignedToStringEntryAndNumericStringToNumericEntry() {
        bb.set("n", "5").set("m", 3);
        run("n = '2'");
        assertThat(bb.get("n")).isEqualTo("2");
        run("m = '42'");
        assertThat(bb.get("m")).isEqualTo(42L);
        assertThatThrownBy(() -> run("m = 'abc'")).isInstanceOf(ExpressionException.class)
                .hasMessageContaining("string 'abc'").hasMessageContaining("'m'");
    }

    @Test
    void booleanEntryTakesTrueAndFalse() {
        bb.set("is_warm", false);
        run("is_warm = true");
        assertThat(bb.get("is_warm")).isEqualTo(true);
        assertThat(cond("is_warm")).isTrue();
        assertThat(cond("is_warm == false")).isFalse();
    }

    @Test
    void concatenationWithLoopValues() {
        bb.set("acc", "");
        bb.set("val", "hello");
        run("acc := acc .. val .. ','");
        bb.set("val", "world");
        run("acc := acc .. val .. ','");
        assertThat(bb.get("acc")).isEqualTo("hello,world,");
    }

    @Test
    void concatenationFormatsNumbers() {
        run("a := 'n=' .. 3; b := 'x=' .. 2.5; c := 1 .. 2");
        assertThat(bb.get("a")).isEqualTo("n=3");
        assertThat(bb.get("b")).isEqualTo("x=2.5");
        assertThat(bb.get("c")).isEqualTo("12");
    }

    @Test
    void realEqualityUsesEpsilon() {
        run(" A:=1.1; B:=(1.0+0.1); C:= 2.0 ");
        assertThat(cond("A==B")).isTrue();
        assertThat(cond("A==C")).isFalse();
        assertThat(cond("A!=C")).isTrue();
        assertThat(cond("0.1 + 0.2 == 0.3")).isTrue();
        assertThat(cond("0.1 + 0.2 === 0.3")).isFalse();
    }

    @Test
    void scriptValueIsTheLastStatement() {
        bb.set("var", 3);
        assertThat(cond("var+=1; var >= 5")).isFalse();
        assertThat(cond("var+=1; var >= 5")).isTrue();
    }

    @Test
    void newlinesSeparateStatements() {
        run("x := 1\ny := x + 1\n\nz := (y\n + 1)");
        assertThat(bb.get("z")).isEqualTo(3.0);
    }

    @Test
    void aLineStartingWithAnOperatorContinuesTheStatement() {
        run("x := 1\n  + 2\ny := x\n(z := 4)");
        assertThat(bb.get("x")).isEqualTo(3.0);
        assertThat(bb.get("y")).isEqualTo(3.0);
        assertThat(bb.get("z")).isEqualTo(4L);
        run("t := x > 2\n  ? 'big'\n  : 'small'");
        assertThat(bb.get("t")).isEqualTo("big");
    }

    @Test
    void statementsOnOneLineNeedASemicolon() {
        assertThatThrownBy(() -> compile("x := 1 y := 2")).isInstanceOf(ExpressionSyntaxException.class)
                .hasMessageContaining("unexpected 'y' after a complete expression");
    }

    @Test
    void hexAndExponentLiterals() {
        run("h := 0x1F; e := 1.5e2; f := 2E-1");
        assertThat(bb.get("h")).isEqualTo(31L);
        assertThat(bb.get("e")).isEqualTo(150.0);
        assertThat(bb.get("f")).isEqualTo(0.2);
    }

    @Test
    void bitwiseOperatorsOnIntegers() {
        run("a := 6 & 3; b := 6 | 3; c := 6 ^ 3; d := ~0");
        assertThat(bb.get("a")).isEqualTo(2.0);
        assertThat(bb.get("b")).isEqualTo(7.0);
        assertThat(bb.get("c")).isEqualTo(5.0);
        assertThat(bb.get("d")).isEqualTo(-1.0);
        assertThatThrownBy(() -> run("e := 1.5 & 1")).isInstanceOf(ExpressionException.class).hasMessageContaining("integers");
    }

    @Test
    void bitwiseOrAndXorShareALevel() {
        run("a := 1 | 2 ^ 3");
        assertThat(bb.get("a")).isEqualTo(0.0); // (1 | 2) ^ 3; C and ECMAScript give 1 | (2 ^ 3) = 1
        assertThat(Expressions.compile("1 | 2 ^ 3", new MapScope(), Dialect.ECMASCRIPT).evalObject()).isEqualTo(1L);
    }

    @Test
    void moduloAndNot() {
        run("m := 7 % 3; n := !0; o := !5");
        assertThat(bb.get("m")).isEqualTo(1.0);
        assertThat(bb.get("n")).isEqualTo(1.0);
        assertThat(bb.get("o")).isEqualTo(0.0);
    }

    @Test
    void arithmeticOnStringsIsAnError() {
        assertThatThrownBy(() -> run("x := 'a' - 1")).isInstanceOf(ExpressionException.class)
                .hasMessageContaining("'-' needs numbers").hasMessageContaining("string 'a'");
        assertThatThrownBy(() -> run("x := -'a'")).isInstanceOf(ExpressionException.class);
    }

    @Test
    void precedenceOfArithmetic() {
        run("x := 2 + 3 * 4; y := (2 + 3) * 4; z := 10 - 4 - 3; w := 2 * 3 % 4");
        assertThat(bb.get("x")).isEqualTo(14.0);
        assertThat(bb.get("y")).isEqualTo(20.0);
        assertThat(bb.get("z")).isEqualTo(3.0);
        assertThat(bb.get("w")).isEqualTo(2.0);
    }

    @Test
    void andBindsTighterThanOr() {
        assertThat(cond("1 == 1 || 1 == 2 && 1 == 3")).isTrue();
    }

    @Test
    void enumsAreConstants() {
        bb.enums.put("RED", 1L);
        bb.enums.put("BLUE", 2L);
        bb.set("color", 2);
        assertThat(cond("color == BLUE")).isTrue();
        assertThat(cond("color == RED")).isFalse();
    }

    @Test
    void rootBlackboardNamesWithAt() {
        run("@x := 4");
        assertThat(bb.get("@x")).isEqualTo(4L);
    }

    @Test
    void emptyEntryExistingByPortBindingCanBeAssignedWithEquals() {
        Variable port = new DynamicVariable("out");
        ((DynamicVariable) port).declare();
        Scope scope = name -> port;
        Expressions.compile("out = 3", scope, Dialect.BTCPP).execute();
        assertThat(port.longValue()).isEqualTo(3L);
    }

    @Test
    void evalIntoUsesAssignmentRules() {
        bb.set("n", 1);
        compile("2 + 2").evalInto(bb.variable("n"));
        assertThat(bb.get("n")).isEqualTo(4L);
    }

    @Test
    void evalStringAndDouble() {
        assertThat(compile("'a' .. 1").evalString()).isEqualTo("a1");
        assertThat(compile("3 / 4").evalDouble()).isEqualTo(0.75);
        assertThat(compile("'12'").evalDouble()).isEqualTo(12.0);
        assertThat(compile("7").evalLong()).isEqualTo(7L);
        assertThat(compile("7").evalObject()).isEqualTo(7L);
        assertThatThrownBy(() -> compile("'x'").evalDouble()).isInstanceOf(ExpressionException.class);
    }

    @Test
    void stringConditionsConvertTrueAndFalse() {
        bb.set("s", "true");
        assertThat(cond("s")).isTrue();
        bb.set("s", "nope");
        assertThatThrownBy(() -> cond("s")).isInstanceOf(ExpressionException.class);
    }

    @Test
    void errorsCarryTheValuesInvolved() {
        bb.set("x", 2).set("s", "text");
        ExpressionException notBool = org.junit.jupiter.api.Assertions.assertThrows(ExpressionException.class, () -> cond("x"));
        assertThat(notBool.values()).containsExactly(2L);
        ExpressionException mismatch = org.junit.jupiter.api.Assertions.assertThrows(ExpressionException.class,
                () -> run("y := s - 1"));
        assertThat(mismatch.values()).containsExactly("text", 1L);
        assertThat(mismatch.detail()).isEqualTo("'-' needs numbers, got string 'text' and number 1");
        ExpressionException refused = org.junit.jupiter.api.Assertions.assertThrows(ExpressionException.class,
                () -> run("s = 5"));
        assertThat(refused.values()).containsExactly(5L);
        assertThat(refused.variable()).isEqualTo("s");
        ExpressionException missing = org.junit.jupiter.api.Assertions.assertThrows(ExpressionException.class,
                () -> run("ghost = 1"));
        assertThat(missing.values()).isEmpty();
    }

    @Test
    void stringsTrueAndFalseCompareAsOneAndZero() {
        bb.set("param", "true");
        assertThat(cond("param != true")).isFalse();
        assertThat(cond("param == 1")).isTrue();
        assertThat(cond("'false' == false")).isTrue();
        bb.set("n", 5);
        run("n = 'true'");
        assertThat(bb.get("n")).isEqualTo(1L);
    }

    @Test
    void enumNamesInStringsCompareAsTheirValues() {
        bb.enums.put("RED", 1L);
        bb.enums.put("BLUE", 2L);
        bb.set("color", "BLUE").set("code", 1);
        assertThat(cond("color == BLUE")).isTrue();
        assertThat(cond("color > RED")).isTrue();
        run("code = 'BLUE'");
        assertThat(bb.get("code")).isEqualTo(2L);
        assertThat(compile("color").evalDouble()).isEqualTo(2.0);
    }
}
