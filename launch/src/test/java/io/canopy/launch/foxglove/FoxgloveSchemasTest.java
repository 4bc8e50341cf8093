package io.canopy.launch.foxglove;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.DynamicMessage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The code-built schemas say what Foxglove's published .proto files say (the copies next to the class: every field's
 * type, name and number, message by message), and the allocation-free encoders write messages that protobuf-java
 * parses back, field for field, against those schemas.
 */
class FoxgloveSchemasTest {
    private static final Pattern FIELD = Pattern.compile("^\\s*([A-Za-z0-9_.]+) ([a-z_]+) = (\\d+);", Pattern.MULTILINE);

    @ParameterizedTest
    @ValueSource(strings = {"foxglove/PoseInFrame", "foxglove/FrameTransform", "foxglove/Log", "foxglove/Pose",
        "foxglove/Vector3", "foxglove/Quaternion", "canopy/foxglove/StateText"})
    void everyFieldMatchesThePublishedProtoFile(String file) throws IOException {
        String text;
        try (InputStream in = FoxgloveSchemas.class.getResourceAsStream("proto/" + file + ".proto")) {
            assertThat(in).as(file + ".proto is a resource").isNotNull();
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        String message = file.substring(file.lastIndexOf('/') + 1);
        Descriptor type = descriptor(message);
        List<String> published = new ArrayList<>();
        Matcher m = FIELD.matcher(text.substring(text.indexOf("message " + message)));
        while (m.find()) {
            String t = m.group(1);
            published.add((t.equals("Level") ? "foxglove.Log.Level" : t) + " " + m.group(2) + " = " + m.group(3));
        }
        List<String> built = type.getFields().stream().map(f -> typeName(f) + " " + f.getName() + " = " + f.getNumber()).toList();
        assertThat(built).as(file).isEqualTo(published);
        if (file.startsWith("foxglove/")) {
            assertThat(text).contains("Copyright (c) Foxglove Technologies Inc. MIT License");
        }
    }

    private static Descriptor descriptor(String message) {
        for (String top : List.of(FoxgloveSchemas.POSE_IN_FRAME, FoxgloveSchemas.FRAME_TRANSFORM, FoxgloveSchemas.LOG,
                FoxgloveSchemas.STATE_TEXT)) {
            Descriptor d = FoxgloveSchemas.type(top);
            if (d.getName().equals(message)) {
                return d;
            }
            for (FieldDescriptor f : d.getFields()) {
                if (f.getType() == FieldDescriptor.Type.MESSAGE) {
                    Descriptor inner = f.getMessageType();
                    if (inner.getName().equals(message)) {
                        return inner;
                    }
                    for (FieldDescriptor g : inner.getFields()) {
                        if (g.getType() == FieldDescriptor.Type.MESSAGE && g.getMessageType().getName().equals(message)) {
                            return g.getMessageType();
                        }
                    }
                }
            }
        }
        throw new AssertionError("no built type " + message);
    }

    private static String typeName(FieldDescriptor f) {
        return switch (f.getType()) {
            case MESSAGE -> f.getMessageType().getFullName();
            case ENUM -> f.getEnumType().getFullName();
            default -> f.getType().name().toLowerCase();
        };
    }

    @Test
    void descriptorSetsCarryTheirImports() throws IOException {
        FileDescriptorSet set = FileDescriptorSet.parseFrom(FoxgloveSchemas.descriptorSet(FoxgloveSchemas.POSE_IN_FRAME));
        assertThat(set.getFileList()).extracting(f -> f.getName()).containsExactlyInAnyOrder("google/protobuf/timestamp.proto",
                "foxglove/Quaternion.proto", "foxglove/Vector3.proto", "foxglove/Pose.proto", "foxglove/PoseInFrame.proto");
        assertThat(set.getFile(set.getFileCount() - 1).getName()).isEqualTo("foxglove/PoseInFrame.proto");
    }

    @Test
    void poseAndTransformParseBack() throws IOException {
        byte[] buf = new byte[512];
        PoseEncoder enc = new PoseEncoder();
        long t = 1_700_000_000_123_456_789L;
        int n = enc.poseInFrame(buf, 0, buf.length, t, "robot1/odom", 1.25, -0.5, Math.PI / 2);
        DynamicMessage p = DynamicMessage.parseFrom(FoxgloveSchemas.type(FoxgloveSchemas.POSE_IN_FRAME), Arrays.copyOf(buf, n));
        assertThat(p.toString()).contains("seconds: 1700000000", "nanos: 123456789", "frame_id: \"robot1/odom\"", "x: 1.25", "y: -0.5",
                "z: " + Math.sin(Math.PI / 4), "w: " + Math.cos(Math.PI / 4));
        n = enc.frameTransform(buf, 0, buf.length, t, "robot1/odom", "robot1/base_link", 3, 4, 0);
        DynamicMessage f = DynamicMessage.parseFrom(FoxgloveSchemas.type(FoxgloveSchemas.FRAME_TRANSFORM), Arrays.copyOf(buf, n));
        assertThat(f.toString()).contains("parent_frame_id: \"robot1/odom\"", "child_frame_id: \"robot1/base_link\"", "x: 3.0", "y: 4.0",
                "w: 1.0");
        assertThat(enc.poseInFrame(buf, 0, 20, t, "robot1/odom", 1, 2, 3)).as("does not fit 20 bytes").isEqualTo(-1);
    }

    @Test
    void logAndStateTextParseBackWithAnyCharacters() throws IOException {
        byte[] buf = new byte[512];
        String text = "battery 12 % \u00e9t\u00e9 \u6a5f\u68b0 \ud83e\udd16 done";
        int n = new LogEncoder().encode(buf, 0, buf.length, 5_000_000_001L, LogEncoder.WARNING, text, "io.canopy.run", "", 0);
        DynamicMessage log = DynamicMessage.parseFrom(FoxgloveSchemas.type(FoxgloveSchemas.LOG), Arrays.copyOf(buf, n));
        Descriptor d = log.getDescriptorForType();
        assertThat(log.getField(d.findFieldByName("message"))).isEqualTo(text);
        assertThat(log.getField(d.findFieldByName("level")).toString()).isEqualTo("WARNING");
        assertThat(log.getField(d.findFieldByName("name"))).isEqualTo("io.canopy.run");
        n = new StateEncoder().encode(buf, 0, buf.length, 0, "machine mission", "ReturnToDock", 3);
        DynamicMessage s = DynamicMessage.parseFrom(FoxgloveSchemas.type(FoxgloveSchemas.STATE_TEXT), Arrays.copyOf(buf, n));
        assertThat(s.getField(s.getDescriptorForType().findFieldByName("value"))).isEqualTo("ReturnToDock");
        assertThat(s.getField(s.getDescriptorForType().findFieldByName("changes"))).isEqualTo(3L);
    }
}
