package io.canopy.bt.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Pins the property the fallback-deep fix relies on (docs/performance.md, Trees): {@code Sequence.tick()} and
 * {@code Fallback.tick()} are longer than HotSpot's {@code FreqInlineSize} (325 bytes of bytecode), so C2 never
 * inlines them into {@code ControlNode.tickChild}, whose compiled code then holds only leaf ticks and is inlined
 * into every control node's loop. A shorter {@code tick()} would bring back the slow JVMs without failing any
 * behaviour test; this one fails instead. Reads the bytecode with the JDK's own {@code javap}.
 */
class TickMethodSizeTest {
    /** HotSpot's default {@code -XX:FreqInlineSize} on x86_64 and aarch64 (JDK 17). */
    private static final int FREQ_INLINE_SIZE = 325;

    @ParameterizedTest
    @ValueSource(classes = {Sequence.class, Fallback.class})
    void tickIsTooBigForC2ToInlineIntoTickChild(Class<?> type) {
        int size = bytecodeSize(type, "tick");
        assertThat(size).as(type.getSimpleName() + ".tick() bytecode size: must stay above FreqInlineSize (see the"
                + " comment in its leaf-only loop)").isGreaterThan(FREQ_INLINE_SIZE);
    }

    /** The length in bytes of the code of {@code type.method()} (no parameters), from {@code javap -c}. */
    static int bytecodeSize(Class<?> type, String method) {
        ToolProvider javap = ToolProvider.findFirst("javap").orElseThrow();
        StringWriter out = new StringWriter();
        String classPath = type.getProtectionDomain().getCodeSource().getLocation().getPath();
        int rc = javap.run(new PrintWriter(out), new PrintWriter(out), "-c", "-p", "-cp", classPath, type.getName());
        assertThat(rc).as(out.toString()).isZero();
        String text = out.toString();
        Matcher head = Pattern.compile("\\n\\s*[^\\n]*\\b" + method + "\\(\\);\\n\\s*Code:\\n").matcher(text);
        assertThat(head.find()).as("javap shows " + method + "()").isTrue();
        int end = text.indexOf("\n\n", head.end());
        String code = text.substring(head.end(), end < 0 ? text.length() : end);
        // the last instruction's offset plus its length; every tick() ends with a one-byte areturn
        Matcher last = Pattern.compile("(?m)^\\s*(\\d+): (\\w+)").matcher(code);
        int offset = -1;
        String op = null;
        while (last.find()) {
            offset = Integer.parseInt(last.group(1));
            op = last.group(2);
        }
        assertThat(op).as("last instruction of " + method + "()").isEqualTo("areturn");
        return offset + 1;
    }
}
