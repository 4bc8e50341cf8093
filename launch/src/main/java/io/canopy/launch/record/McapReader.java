package io.canopy.launch.record;

import com.github.luben.zstd.Zstd;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads an MCAP file front to back (the data section only, so a file cut short by a crash reads up to its last
 * whole record): schemas, channels, messages (in and out of chunks, zstd or uncompressed), attachments and
 * metadata, handed to a {@link Visitor} in file order.
 */
final class McapReader {
    interface Visitor {
        default void schema(int id, String name, String encoding, byte[] data) {}

        default void channel(int id, int schemaId, String topic, String encoding, Map<String, String> metadata) {}

        default void message(int channel, long sequence, long logTime, long publishTime, byte[] data) {}

        default void attachment(String name, String mediaType, long logTime, byte[] data) {}

        default void metadata(String name, Map<String, String> values) {}
    }

    /** What reading found: whether the file ended cleanly (footer and magic), or where it broke off. */
    record Result(boolean complete, String problem) {}

    private McapReader() {}

    static Result read(Path file, Visitor v) throws IOException {
        byte[] all = Files.readAllBytes(file);
        ByteBuffer b = ByteBuffer.wrap(all).order(ByteOrder.LITTLE_ENDIAN);
        if (all.length < 8 || !Arrays.equals(Arrays.copyOf(all, 8), McapWriter.MAGIC)) {
            throw new IOException(file + ": not an MCAP file (no MCAP magic at byte 0)");
        }
        b.position(8);
        while (true) {
            if (b.remaining() < 9) {
                return new Result(false, "file ends at byte " + all.length + " without a footer (cut short; read up to there)");
            }
            int start = b.position();
            int op = b.get() & 0xFF;
            long len = b.getLong();
            if (len < 0 || len > b.remaining()) {
                return new Result(false, "record at byte " + start + " is cut short (file ends at byte " + all.length
                        + "); read up to there");
            }
            ByteBuffer r = b.slice(b.position(), (int) len).order(ByteOrder.LITTLE_ENDIAN);
            b.position(b.position() + (int) len);
            if (op == McapWriter.OP_DATA_END || op == McapWriter.OP_FOOTER) {
                return new Result(true, null);
            }
            visit(op, r, v, start);
        }
    }

    /**
     * The metadata records named {@code name} near the start of {@code file}, read record by record up to the first
     * chunk (the recorder writes its metadata before any), without reading the rest; empty when there is none.
     */
    static Map<String, String> headMetadata(Path file, String name) throws IOException {
        try (FileChannel in = FileChannel.open(file)) {
            ByteBuffer magic = ByteBuffer.allocate(8);
            in.read(magic, 0);
            if (!Arrays.equals(magic.array(), McapWriter.MAGIC)) {
                throw new IOException(file + ": not an MCAP file (no MCAP magic at byte 0)");
            }
            long at = 8;
            ByteBuffer head = ByteBuffer.allocate(9).order(ByteOrder.LITTLE_ENDIAN);
            while (at + 9 <= in.size()) {
                head.clear();
                in.read(head, at);
                int op = head.get(0) & 0xFF;
                long len = head.getLong(1);
                if (op == McapWriter.OP_CHUNK || op == McapWriter.OP_DATA_END || len < 0 || at + 9 + len > in.size()) {
                    break;
                }
                if (op == McapWriter.OP_METADATA && len < (1 << 24)) {
                    ByteBuffer r = ByteBuffer.allocate((int) len).order(ByteOrder.LITTLE_ENDIAN);
                    in.read(r, at + 9);
                    r.flip();
                    if (str(r).equals(name)) {
                        return map(r);
                    }
                }
                at += 9 + len;
            }
        }
        return Map.of();
    }

    private static void visit(int op, ByteBuffer r, Visitor v, int at) throws IOException {
        switch (op) {
            case McapWriter.OP_SCHEMA -> {
                int id = r.getShort() & 0xFFFF;
                String name = str(r);
                String enc = str(r);
                v.schema(id, name, enc, bytes(r, r.getInt()));
            }
            case McapWriter.OP_CHANNEL -> {
                int id = r.getShort() & 0xFFFF;
                int schema = r.getShort() & 0xFFFF;
                String topic = str(r);
                String enc = str(r);
                v.channel(id, schema, topic, enc, map(r));
            }
            case McapWriter.OP_MESSAGE -> {
                int ch = r.getShort() & 0xFFFF;
                long seq = r.getInt() & 0xFFFFFFFFL;
                long log = r.getLong();
                long pub = r.getLong();
                v.message(ch, seq, log, pub, bytes(r, r.remaining()));
            }
            case McapWriter.OP_CHUNK -> {
                r.getLong();
                r.getLong();
                long size = r.getLong();
                r.getInt();
                String compression = str(r);
                long packed = r.getLong();
                byte[] data = bytes(r, (int) packed);
                byte[] plain = switch (compression) {
                    case "" -> data;
                    case "zstd" -> Zstd.decompress(data, (int) size);
                    default -> throw new IOException("chunk at byte " + at + ": compression '" + compression
                            + "' is not supported here (zstd or none); convert with: mcap convert --compression zstd");
                };
                ByteBuffer c = ByteBuffer.wrap(plain).order(ByteOrder.LITTLE_ENDIAN);
                while (c.remaining() >= 9) {
                    int cop = c.get() & 0xFF;
                    long clen = c.getLong();
                    ByteBuffer cr = c.slice(c.position(), (int) clen).order(ByteOrder.LITTLE_ENDIAN);
                    c.position(c.position() + (int) clen);
                    visit(cop, cr, v, at);
                }
            }
            case McapWriter.OP_ATTACHMENT -> {
                long log = r.getLong();
                r.getLong();
                String name = str(r);
                String media = str(r);
                long n = r.getLong();
                v.attachment(name, media, log, bytes(r, (int) n));
            }
            case McapWriter.OP_METADATA -> {
                String name = str(r);
                v.metadata(name, map(r));
            }
            default -> { } // header, indexes, statistics: not needed front to back
        }
    }

    private static String str(ByteBuffer r) {
        return new String(bytes(r, r.getInt()), StandardCharsets.UTF_8);
    }

    private static byte[] bytes(ByteBuffer r, int n) {
        byte[] out = new byte[n];
        r.get(out);
        return out;
    }

    private static Map<String, String> map(ByteBuffer r) {
        int n = r.getInt();
        int end = r.position() + n;
        Map<String, String> m = new LinkedHashMap<>();
        while (r.position() < end) {
            String k = str(r);
            m.put(k, str(r));
        }
        return m;
    }
}
