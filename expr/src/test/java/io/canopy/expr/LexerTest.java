package io.canopy.expr;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Tokens at their edges: numbers next to operators, escaped newlines, quotes, names. */
class LexerTest {
    private static Object bt(String src) {
        return Expressions.compile(src, new MapScope(), Dialect.BTCPP).evalObject();
    }

    private static Object es(String src) {
        return Expressions.compile(src, new MapScope(), Dialect.ECMASCRIPT).evalObject();
    }

    @Test
    void dotDotAfterANumberIsConcatenation() {
        assertThat(bt("1..2")).isEqualTo("12");
        assertThat(bt("1.5..'x'")).isEqualTo("1.5x");
    }

    @Test
    void leadingDotNumbers() {
        assertThat(es(".5 + .25")).isEqualTo(0.75);
    }

    @Test
    void escapedNewlineContinuesAStatement() {
        MapScope s = new MapScope();
        Expressions.compile("x := 1 +\\\n 2", s, Dialect.BTCPP).execute();
        assertThat(s.get("x")).isEqualTo(3.0);
    }

    @Test
    void btcppStringsHaveNoEscapes() {
        assertThat(bt("'a\\nb'")).isEqualTo("a\\nb");
        assertThat(bt("\"it's\"")).isEqualTo("it's");
    }

    @Test
    void largeIntegersBecomeReals() {
        assertThat(bt("99999999999999999999")).isEqualTo(1.0E20);
        assertThat(bt("0xFFFFFFFFFFFFFFFF")).isEqualTo(-1L);
    }

    @Test
    void namesWithDigitsUnderscoresDollarAndUnicode() {
        MapScope s = new MapScope();
        Expressions.compile("_a1 := 1; $b := 2; vitesse_é := 3", s, Dialect.BTCPP).execute();
        assertThat(s.get("_a1")).isEqualTo(1L);
        assertThat(s.get("$b")).isEqualTo(2L);
        assertThat(s.get("vitesse_é")).isEqualTo(3L);
    }

    @Test
    void operatorsWithoutSpaces() {
        MapScope s = new MapScope();
        Expressions.compile("a:=1;b:=a+-1;c:=a==1?2:3;d:=!a", s, Dialect.BTCPP).execute();
        assertThat(s.get("b")).isEqualTo(0.0);
        assertThat(s.get("c")).isEqualTo(2L);
        assertThat(s.get("d")).isEqualTo(0.0);
    }
}
