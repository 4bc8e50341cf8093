package io.canopy.bt;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@link Values#literal}, the one guess of a typed value from text (launch args and params, SubTree port literals,
 * literal list items, SCXML content). Each case below is one where two of the five former copies disagreed.
 */
class TypedLiteralTest {
    @Test
    void aPlusSignIsAWholeNumber() {
        // SCXML content read "+5" as text, the launch readers as 5
        assertThat(Values.literal("+5")).isEqualTo(5L);
        assertThat(Values.number("+5")).isEqualTo(5L);
    }

    @Test
    void aTrailingPointIsAReal() {
        // $(eval) variables read "1." as text, <param> as 1.0
        assertThat(Values.literal("1.")).isEqualTo(1.0);
        assertThat(Values.literal("-.5")).isEqualTo(-0.5);
        assertThat(Values.literal("2e3")).isEqualTo(2000.0);
    }

    @Test
    void javaOnlyNumberSpellingsAreText() {
        // <param> read 0x1p3 as 8.0, SubTree literals read NaN and Infinity as doubles, list items read 1d as 1.0
        for (String text : new String[] {"0x1p3", "NaN", "Infinity", "-Infinity", "1d", "2f", "0x10", "1_000"}) {
            assertThat(Values.literal(text)).as(text).isEqualTo(text);
            assertThat(Values.number(text)).as(text).isNull();
        }
    }

    @Test
    void aWholeNumberBeyondTheLongRangeIsAReal() {
        // a SubTree literal of 20 digits threw "out of the integer range" at load; SCXML read it as a double
        assertThat(Values.literal("99999999999999999999")).isEqualTo(1e20);
        assertThat(Values.literal("9223372036854775807")).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void blanksAroundAreIgnoredForNumbersAndBooleansAndTextIsKeptAsWritten() {
        // SubTree literals and list items kept " 5" as text or trimmed only some of the time
        assertThat(Values.literal(" 5 ")).isEqualTo(5L);
        assertThat(Values.literal(" true")).isEqualTo(Boolean.TRUE);
        assertThat(Values.literal(" two words ")).isEqualTo(" two words ");
    }

    @Test
    void onlyLowerCaseTrueAndFalseAreBooleans() {
        assertThat(Values.literal("false")).isEqualTo(Boolean.FALSE);
        assertThat(Values.literal("True")).isEqualTo("True");
        assertThat(Values.literal("1")).isEqualTo(1L);
        assertThat(Values.literal("")).isEqualTo("");
    }
}
