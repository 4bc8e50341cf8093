package io.canopy.proto;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Field numbers and types, once released, never change: a microcontroller built against an older
 * {@code messages.proto} must keep understanding the node. This test compares every field reachable from
 * {@link Envelope} with the committed snapshot {@code envelope-schema.txt} (one line per field:
 * {@code Message.field = number type label}).
 */
class EnvelopeSchemaTest {

    private static final String SNAPSHOT = "envelope-schema.txt";

    @Test
    void everyReleasedFieldKeepsItsNumberAndType() throws IOException {
        List<String> current = describe(Envelope.getDescriptor());
        List<String> missing = new ArrayList<>();
        for (String line : snapshot()) {
            if (!current.contains(line)) {
                missing.add(line);
            }
        }
        assertThat(missing)
                .as("released fields changed number, type or label, or were removed (retire a field with"
                        + " `reserved`, never renumber): %s", SNAPSHOT)
                .isEmpty();
    }

    @Test
    void everyFieldIsInTheSnapshot() throws IOException {
        List<String> added = new ArrayList<>(describe(Envelope.getDescriptor()));
        added.removeAll(snapshot());
        assertThat(added)
                .as("new fields: append these lines to proto/src/test/resources/io/canopy/proto/%s", SNAPSHOT)
                .isEmpty();
    }

    @Test
    void snapshotCoversTheEnvelopeHeaderOfTheDesign() throws IOException {
        assertThat(snapshot())
                .contains(
                        "Envelope.stamp_ns = 1 uint64 optional",
                        "Envelope.source = 2 string optional",
                        "Envelope.correlation_id = 3 uint64 optional",
                        "Envelope.reply_to = 4 string optional",
                        "Envelope.deadline_ns = 5 uint64 optional");
    }

    @Test
    void describeNoticesARenumberedField() {
        // The check above is only as good as describe(): a field's number and type are part of its line.
        FieldDescriptor stamp = Envelope.getDescriptor().findFieldByName("stamp_ns");
        assertThat(line(Envelope.getDescriptor(), stamp)).isEqualTo("Envelope.stamp_ns = 1 uint64 optional");
        FieldDescriptor motor = Envelope.getDescriptor().findFieldByName("motor_command");
        assertThat(line(Envelope.getDescriptor(), motor))
                .isEqualTo("Envelope.motor_command = 11 canopy.v1.MotorCommand optional oneof body");
    }

    static List<String> describe(Descriptor root) {
        Set<Descriptor> seen = new LinkedHashSet<>();
        collect(root, seen);
        List<String> lines = new ArrayList<>();
        for (Descriptor d : seen) {
            for (FieldDescriptor f : d.getFields()) {
                lines.add(line(d, f));
            }
        }
        return lines;
    }

    private static void collect(Descriptor d, Set<Descriptor> seen) {
        if (!seen.add(d)) {
            return;
        }
        for (FieldDescriptor f : d.getFields()) {
            if (f.getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
                collect(f.getMessageType(), seen);
            }
        }
    }

    private static String line(Descriptor d, FieldDescriptor f) {
        String type;
        switch (f.getJavaType()) {
            case MESSAGE:
                type = f.getMessageType().getFullName();
                break;
            case ENUM:
                type = f.getEnumType().getFullName();
                break;
            default:
                type = f.getType().name().toLowerCase();
        }
        String label = f.isRepeated() ? "repeated" : "optional";
        String oneof = f.getRealContainingOneof() == null ? "" : " oneof " + f.getRealContainingOneof().getName();
        return d.getName() + "." + f.getName() + " = " + f.getNumber() + " " + type + " " + label + oneof;
    }

    private static List<String> snapshot() throws IOException {
        try (InputStream in = EnvelopeSchemaTest.class.getResourceAsStream(SNAPSHOT)) {
            assertThat(in).as("snapshot resource %s", SNAPSHOT).isNotNull();
            List<String> lines = new ArrayList<>();
            for (String l : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!l.isBlank() && !l.startsWith("#")) {
                    lines.add(l.strip());
                }
            }
            return lines;
        }
    }
}
