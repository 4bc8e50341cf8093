package io.canopy.launch.foxglove;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumDescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumValueDescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Label;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Type;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.DescriptorValidationException;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.Timestamp;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The schemas of the well-known channels: Foxglove's {@code foxglove.PoseInFrame}, {@code foxglove.FrameTransform}
 * and {@code foxglove.Log} (field names and numbers as in Foxglove's published .proto files, copied next to this class
 * as resources with their MIT licence line), and Canopy's {@code canopy.foxglove.v1.StateText} (a string that
 * Foxglove's State Transitions, Raw Messages and Plot panels show). Built here in code; each schema is a
 * FileDescriptorSet of its file and every file it imports, as MCAP and the WebSocket protocol carry it.
 */
public final class FoxgloveSchemas {
    public static final String POSE_IN_FRAME = "foxglove.PoseInFrame";
    public static final String FRAME_TRANSFORM = "foxglove.FrameTransform";
    public static final String LOG = "foxglove.Log";
    public static final String STATE_TEXT = "canopy.foxglove.v1.StateText";

    private static final Map<String, FileDescriptor> FILES = new LinkedHashMap<>();

    static {
        FileDescriptor timestamp = Timestamp.getDescriptor().getFile();
        FileDescriptor vector3 = build(file("foxglove/Vector3.proto", "foxglove")
                .addMessageType(msg("Vector3", d("x", 1), d("y", 2), d("z", 3))));
        FileDescriptor quaternion = build(file("foxglove/Quaternion.proto", "foxglove")
                .addMessageType(msg("Quaternion", d("x", 1), d("y", 2), d("z", 3), d("w", 4))));
        FileDescriptor pose = build(file("foxglove/Pose.proto", "foxglove", quaternion, vector3)
                .addMessageType(msg("Pose", m("position", 1, ".foxglove.Vector3"), m("orientation", 2, ".foxglove.Quaternion"))),
                quaternion, vector3);
        FILES.put(POSE_IN_FRAME, build(file("foxglove/PoseInFrame.proto", "foxglove", pose, timestamp)
                .addMessageType(msg("PoseInFrame", stamp(1), s("frame_id", 2), m("pose", 3, ".foxglove.Pose"))), pose, timestamp));
        FILES.put(FRAME_TRANSFORM, build(file("foxglove/FrameTransform.proto", "foxglove", quaternion, vector3, timestamp)
                .addMessageType(msg("FrameTransform", stamp(1), s("parent_frame_id", 2), s("child_frame_id", 3),
                        m("translation", 4, ".foxglove.Vector3"), m("rotation", 5, ".foxglove.Quaternion"))),
                quaternion, vector3, timestamp));
        EnumDescriptorProto.Builder level = EnumDescriptorProto.newBuilder().setName("Level");
        String[] levels = {"UNKNOWN", "DEBUG", "INFO", "WARNING", "ERROR", "FATAL"};
        for (int i = 0; i < levels.length; i++) {
            level.addValue(EnumValueDescriptorProto.newBuilder().setName(levels[i]).setNumber(i));
        }
        DescriptorProto log = msg("Log", stamp(1), field("level", 2, Type.TYPE_ENUM).setTypeName(".foxglove.Log.Level"),
                s("message", 3), s("name", 4), s("file", 5), field("line", 6, Type.TYPE_FIXED32)).toBuilder()
                .addEnumType(level).build();
        FILES.put(LOG, build(file("foxglove/Log.proto", "foxglove", timestamp).addMessageType(log), timestamp));
        FILES.put(STATE_TEXT, build(file("canopy/foxglove/StateText.proto", "canopy.foxglove.v1", timestamp)
                .addMessageType(msg("StateText", stamp(1), s("source", 2), s("value", 3), u64("changes", 4))), timestamp));
    }

    private FoxgloveSchemas() {}

    /** The message type {@code name} (one of the constants above). */
    public static Descriptor type(String name) {
        FileDescriptor f = FILES.get(name);
        if (f == null) {
            throw new IllegalArgumentException("no well-known schema " + name + "; known: " + FILES.keySet());
        }
        return f.findMessageTypeByName(name.substring(name.lastIndexOf('.') + 1));
    }

    /** The schema data of {@code name}: a FileDescriptorSet of its file and every file it imports, imports first. */
    public static byte[] descriptorSet(String name) {
        LinkedHashSet<FileDescriptor> all = new LinkedHashSet<>();
        collect(type(name).getFile(), all);
        FileDescriptorSet.Builder set = FileDescriptorSet.newBuilder();
        all.forEach(f -> set.addFile(f.toProto()));
        return set.build().toByteArray();
    }

    private static void collect(FileDescriptor file, Set<FileDescriptor> into) {
        for (FileDescriptor d : file.getDependencies()) {
            collect(d, into);
        }
        into.add(file);
    }

    private static FileDescriptorProto.Builder file(String name, String pkg, FileDescriptor... imports) {
        FileDescriptorProto.Builder f = FileDescriptorProto.newBuilder().setName(name).setPackage(pkg).setSyntax("proto3");
        for (FileDescriptor i : imports) {
            f.addDependency(i.getName());
        }
        return f;
    }

    private static FileDescriptor build(FileDescriptorProto.Builder f, FileDescriptor... imports) {
        try {
            return FileDescriptor.buildFrom(f.build(), imports);
        } catch (DescriptorValidationException e) {
            throw new IllegalStateException(f.getName() + " does not build: " + e.getMessage(), e);
        }
    }

    private static DescriptorProto msg(String name, FieldDescriptorProto.Builder... fields) {
        DescriptorProto.Builder m = DescriptorProto.newBuilder().setName(name);
        for (FieldDescriptorProto.Builder f : fields) {
            m.addField(f);
        }
        return m.build();
    }

    private static FieldDescriptorProto.Builder field(String name, int n, Type t) {
        return FieldDescriptorProto.newBuilder().setName(name).setNumber(n).setType(t).setLabel(Label.LABEL_OPTIONAL);
    }

    private static FieldDescriptorProto.Builder d(String n, int i) {
        return field(n, i, Type.TYPE_DOUBLE);
    }

    private static FieldDescriptorProto.Builder s(String n, int i) {
        return field(n, i, Type.TYPE_STRING);
    }

    private static FieldDescriptorProto.Builder u64(String n, int i) {
        return field(n, i, Type.TYPE_UINT64);
    }

    private static FieldDescriptorProto.Builder m(String n, int i, String type) {
        return field(n, i, Type.TYPE_MESSAGE).setTypeName(type);
    }

    private static FieldDescriptorProto.Builder stamp(int i) {
        return m("timestamp", i, ".google.protobuf.Timestamp");
    }
}
