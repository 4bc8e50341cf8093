package io.canopy.launch.record;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors;
import io.canopy.proto.Envelope;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The protobuf schemas of a recording's own messages ({@code canopy/record.proto}, package
 * {@code canopy.record.v1}, built here in code), and the FileDescriptorSets embedded in the MCAP file so
 * Foxglove, Lichtblick and the mcap tools decode every channel.
 */
final class RecordSchemas {
    static final FileDescriptorProto MESSAGES = Envelope.getDescriptor().getFile().toProto();
    static final FileDescriptorProto RECORD;
    static final Descriptors.FileDescriptor FILE;

    static {
        FileDescriptorProto.Builder f = FileDescriptorProto.newBuilder().setName("canopy/record.proto")
                .setPackage("canopy.record.v1").setSyntax("proto3").addDependency(MESSAGES.getName());
        f.addMessageType(msg("Tick", s("timer", 1), u64("tick", 2), i64("deadline_ns", 3), i64("now_ns", 4),
                rep(u64("link_messages", 5))));
        f.addMessageType(msg("Input", s("route", 1), s("name", 2), s("kind", 3), i64("stamp_ns", 4), d("value", 5),
                s("data_kind", 6), env("message", 7), s("text", 8), u64("derived_before", 9)));
        f.addMessageType(msg("Output", s("route", 1), s("to", 2), i64("stamp_ns", 3), d("value", 4), s("data_kind", 5),
                env("message", 6), s("text", 7)));
        f.addMessageType(msg("MotorSetpoints", rep(s("source", 1)), rep(d("value", 2)), rep(b("held", 3)), i64("now_ns", 4)));
        f.addMessageType(msg("TreeTransition", s("tree", 1), s("path", 2), u32("uid", 3), s("from", 4), s("to", 5),
                u64("tree_tick", 6), i64("now_ns", 7)));
        f.addMessageType(msg("MachineTransition", s("machine", 1), rep(s("active", 2)), i64("now_ns", 3)));
        f.addMessageType(msg("DeviceFrame", s("link", 1), s("protocol", 2), field("data", 3, FieldDescriptorProto.Type.TYPE_BYTES),
                s("state", 4)));
        RECORD = f.build();
        try {
            FILE = Descriptors.FileDescriptor.buildFrom(RECORD, new Descriptors.FileDescriptor[] {Envelope.getDescriptor().getFile()});
        } catch (Descriptors.DescriptorValidationException e) {
            throw new IllegalStateException("record.proto does not build: " + e.getMessage(), e);
        }
    }

    private RecordSchemas() {}

    static Descriptor type(String name) {
        return FILE.findMessageTypeByName(name);
    }

    /** The schema data of a record type: a FileDescriptorSet of record.proto and every file it imports. */
    static byte[] recordSet() {
        return withImports(FILE);
    }

    /** The schema data of an Envelope: messages.proto and every file it imports (status.proto, ...). */
    static byte[] envelopeSet() {
        return withImports(Envelope.getDescriptor().getFile());
    }

    /** {@code file} and its imports, imports first, each once: a FileDescriptorSet a reader can build types from. */
    static byte[] withImports(Descriptors.FileDescriptor file) {
        LinkedHashSet<Descriptors.FileDescriptor> all = new LinkedHashSet<>();
        collect(file, all);
        FileDescriptorSet.Builder set = FileDescriptorSet.newBuilder();
        all.forEach(f -> set.addFile(f.toProto()));
        return set.build().toByteArray();
    }

    private static void collect(Descriptors.FileDescriptor file, Set<Descriptors.FileDescriptor> into) {
        for (Descriptors.FileDescriptor d : file.getDependencies()) {
            collect(d, into);
        }
        into.add(file);
    }

    private static DescriptorProto msg(String name, FieldDescriptorProto.Builder... fields) {
        DescriptorProto.Builder m = DescriptorProto.newBuilder().setName(name);
        for (FieldDescriptorProto.Builder f : fields) {
            m.addField(f);
        }
        return m.build();
    }

    private static FieldDescriptorProto.Builder field(String name, int n, FieldDescriptorProto.Type t) {
        return FieldDescriptorProto.newBuilder().setName(name).setNumber(n).setType(t)
                .setLabel(FieldDescriptorProto.Label.LABEL_OPTIONAL);
    }

    private static FieldDescriptorProto.Builder rep(FieldDescriptorProto.Builder f) {
        return f.setLabel(FieldDescriptorProto.Label.LABEL_REPEATED);
    }

    private static FieldDescriptorProto.Builder s(String n, int i) {
        return field(n, i, FieldDescriptorProto.Type.TYPE_STRING);
    }

    private static FieldDescriptorProto.Builder u64(String n, int i) {
        return field(n, i, FieldDescriptorProto.Type.TYPE_UINT64);
    }

    private static FieldDescriptorProto.Builder u32(String n, int i) {
        return field(n, i, FieldDescriptorProto.Type.TYPE_UINT32);
    }

    private static FieldDescriptorProto.Builder i64(String n, int i) {
        return field(n, i, FieldDescriptorProto.Type.TYPE_INT64);
    }

    private static FieldDescriptorProto.Builder d(String n, int i) {
        return field(n, i, FieldDescriptorProto.Type.TYPE_DOUBLE);
    }

    private static FieldDescriptorProto.Builder b(String n, int i) {
        return field(n, i, FieldDescriptorProto.Type.TYPE_BOOL);
    }

    private static FieldDescriptorProto.Builder env(String n, int i) {
        return field(n, i, FieldDescriptorProto.Type.TYPE_MESSAGE).setTypeName(".canopy.v1.Envelope");
    }
}
