package io.canopy.statemachine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Inline {@code <content>} and {@code canopy scxml run} event data as values, read with Gson: what the former
 * hand-written JsonLiteral accepted and returned, kept (ECMAScript object literals, Long and Double numbers, read-only
 * maps and lists, null for anything that is not one value, so the caller keeps the text).
 */
@SuppressWarnings("unchecked")
class PayloadsJsonTest {
    @Test
    void jsonAndEcmascriptObjectLiteralsBecomeMapsAndListsWithLongAndDoubleNumbers() {
        assertThat(Payloads.json("{\"a\": 1, \"b\": [2.5, true, null, \"x\"]}"))
                .isEqualTo(Map.of("a", 1L, "b", java.util.Arrays.asList(2.5, true, null, "x")));
        assertThat(Payloads.json("{a: 'single', 'b': {c: -3}}")).isEqualTo(Map.of("a", "single", "b", Map.of("c", -3L)));
        assertThat(Payloads.json("[1e3, -0.5]")).isEqualTo(List.of(1000.0, -0.5));
        assertThat(Payloads.json("  {}  ")).isEqualTo(Map.of());
    }

    @Test
    void theMapsAndListsAreReadOnly() {
        Object v = Payloads.json("{\"a\": [1]}");
        assertThatThrownBy(() -> ((Map<String, Object>) v).put("b", 2)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> ((List<Object>) ((Map<?, ?>) v).get("a")).add(2))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void textThatIsNotOneValueIsNull() {
        assertThat(Payloads.json("{\"a\": 1} trailing")).isNull();
        assertThat(Payloads.json("{\"a\": 1")).isNull();
        assertThat(Payloads.json("hello")).as("a bare word: canopy scxml run says the data is not JSON").isNull();
        assertThat(Payloads.json("{\"a\" 1}")).as("no colon").isNull();
        assertThat(Payloads.json("")).isNull();
    }

    @Test
    void anUnquotedWordInsideAValueIsAString() {
        // the one place Gson's lenient reading differs from the former parser, which kept such content as text
        assertThat(Payloads.json("{a: hello}")).isEqualTo(Map.of("a", "hello"));
    }

    @Test
    void contentIsANumberABooleanJsonOrText() {
        assertThat(Payloads.literal(" 42 ")).isEqualTo(42L);
        assertThat(Payloads.literal("true")).isEqualTo(Boolean.TRUE);
        assertThat(Payloads.literal("{'k': 'v'}")).isEqualTo(Map.of("k", "v"));
        assertThat(Payloads.literal("'quoted'")).isEqualTo("quoted");
        assertThat(Payloads.literal("two\n  words")).isEqualTo("two words");
    }
}
