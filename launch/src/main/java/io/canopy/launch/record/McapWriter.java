package io.canopy.launch.record;

import com.github.luben.zstd.Zstd;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;

/**
 * Writes an MCAP file (format version 0, see mcap.dev/spec): magic, header, schema and channel records in the
 * data section as they are registered, messages in zstd-compressed chunks each followed by its message
 * indexes, attachments and metadata; on {@link #close()} the data end, a summary (schemas, channels,
 * statistics, chunk, attachment and metadata indexes), summary offsets and the footer. Every chunk is
 * written out when {@link #flushChunk()} is called, so a process killed between two flushes leaves a file
 * readable up to the last chunk (readers read such a file without its footer). One thread only.
 */
final class McapWriter implements AutoCloseable {
    static final byte[] MAGIC = {(byte) 0x89, 'M', 'C', 'A', 'P', '0', '\r', '\n'};
    static final int OP_HEADER = 0x01, OP_FOOTER = 0x02, OP_SCHEMA = 0x03, OP_CHANNEL = 0x04, OP_MESSAGE = 0x05,
            OP_CHUNK = 0x06, OP_MESSAGE_INDEX = 0x07, OP_CHUNK_INDEX = 0x08, OP_ATTACHMENT = 0x09,
            OP_ATTACHMENT_INDEX = 0x0A, OP_STATISTICS = 0x0B, OP_METADATA = 0x0C, OP_METADATA_INDEX = 0x0D,
            OP_SUMMARY_OFFSET = 0x0E, OP_DATA_END = 0x0F;

    private final FileChannel out;
    private long position;
    private final Buf record = new Buf(1 << 16);
    private final Buf chunk = new Buf(1 << 20);
    private final Buf summary = new Buf(1 << 14);
    private final List<byte[]> schemaRecords = new ArrayList<>();
    private final List<byte[]> channelRecords = new ArrayList<>();
    private final List<byte[]> chunkIndexes = new ArrayList<>();
    private final List<byte[]> attachmentIndexes = new ArrayList<>();
    private final List<byte[]> metadataIndexes = new ArrayList<>();
    private final Map<Integer, long[]> channelCounts = new LinkedHashMap<>();
    /** Per channel in the open chunk: (log time, offset) pairs. */
    private final Map<Integer, Buf> chunkIndex = new LinkedHashMap<>();
    private long chunkStart = Long.MAX_VALUE;
    private long chunkEnd = Long.MIN_VALUE;
    private long messageStart = Long.MAX_VALUE;
    private long messageEnd = Long.MIN_VALUE;
    private long messages;
    private int chunks;
    private int nextSchema = 1;
    private int nextChannel = 0;
    private final String compression;

    /** @param compression "zstd" or "" (none) */
    McapWriter(Path file, String profile, String compression) throws IOException {
        this.compression = compression;
        out = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
        write(ByteBuffer.wrap(MAGIC));
        record.clear();
        record.str(profile).str("canopy");
        writeRecord(OP_HEADER, record);
    }

    long bytesWritten() {
        return position;
    }

    /** Bytes of messages waiting in the open chunk. */
    int pendingBytes() {
        return chunk.size;
    }

    int schema(String name, String encoding, byte[] data) throws IOException {
        int id = nextSchema++;
        record.clear();
        record.u16(id).str(name).str(encoding).u32(data.length).bytes(data, 0, data.length);
        schemaRecords.add(framed(OP_SCHEMA, record));
        writeRecord(OP_SCHEMA, record);
        return id;
    }

    int channel(int schemaId, String topic, String encoding, Map<String, String> metadata) throws IOException {
        int id = nextChannel++;
        record.clear();
        record.u16(id).u16(schemaId).str(topic).str(encoding).map(metadata);
        channelRecords.add(framed(OP_CHANNEL, record));
        writeRecord(OP_CHANNEL, record);
        channelCounts.put(id, new long[1]);
        return id;
    }

    /** Appends a message to the open chunk. */
    void message(int channel, int sequence, long logTime, long publishTime, byte[] data, int offset, int length) {
        long at = chunk.size;
        chunk.u8(OP_MESSAGE).u64(2 + 4 + 8 + 8 + length).u16(channel).u32(sequence).u64(logTime).u64(publishTime)
                .bytes(data, offset, length);
        chunkIndex.computeIfAbsent(channel, c -> new Buf(256)).u64(logTime).u64(at);
        chunkStart = Math.min(chunkStart, logTime);
        chunkEnd = Math.max(chunkEnd, logTime);
        messageStart = Math.min(messageStart, logTime);
        messageEnd = Math.max(messageEnd, logTime);
        messages++;
        long[] c = channelCounts.get(channel);
        if (c != null) {
            c[0]++;
        }
    }

    /** Compresses and writes the open chunk and its message indexes (nothing when it is empty). */
    void flushChunk() throws IOException {
        if (chunk.size == 0) {
            return;
        }
        CRC32 crc = new CRC32();
        crc.update(chunk.data, 0, chunk.size);
        byte[] packed;
        if (compression.equals("zstd")) {
            packed = Zstd.compress(Arrays.copyOf(chunk.data, chunk.size), 3);
        } else {
            packed = Arrays.copyOf(chunk.data, chunk.size);
        }
        record.clear();
        record.u64(chunkStart).u64(chunkEnd).u64(chunk.size).u32((int) crc.getValue()).str(compression).u64(packed.length)
                .bytes(packed, 0, packed.length);
        long chunkOffset = position;
        writeRecord(OP_CHUNK, record);
        long chunkLength = position - chunkOffset;
        long indexStart = position;
        Map<Integer, Long> offsets = new LinkedHashMap<>();
        for (Map.Entry<Integer, Buf> e : chunkIndex.entrySet()) {
            offsets.put(e.getKey(), position);
            record.clear();
            record.u16(e.getKey()).u32(e.getValue().size).bytes(e.getValue().data, 0, e.getValue().size);
            writeRecord(OP_MESSAGE_INDEX, record);
        }
        record.clear();
        record.u64(chunkStart).u64(chunkEnd).u64(chunkOffset).u64(chunkLength);
        Buf m = new Buf(offsets.size() * 10 + 4);
        for (Map.Entry<Integer, Long> e : offsets.entrySet()) {
            m.u16(e.getKey()).u64(e.getValue());
        }
        record.u32(m.size).bytes(m.data, 0, m.size).u64(position - indexStart).str(compression).u64(packed.length).u64(chunk.size);
        chunkIndexes.add(framed(OP_CHUNK_INDEX, record));
        chunks++;
        chunk.clear();
        chunkIndex.clear();
        chunkStart = Long.MAX_VALUE;
        chunkEnd = Long.MIN_VALUE;
    }

    void attachment(String name, String mediaType, long logTime, byte[] data) throws IOException {
        record.clear();
        record.u64(logTime).u64(logTime).str(name).str(mediaType).u64(data.length).bytes(data, 0, data.length);
        CRC32 crc = new CRC32();
        crc.update(record.data, 0, record.size);
        record.u32((int) crc.getValue());
        long offset = position;
        writeRecord(OP_ATTACHMENT, record);
        Buf idx = new Buf(64 + name.length() + mediaType.length());
        idx.u64(offset).u64(position - offset).u64(logTime).u64(logTime).u64(data.length).str(name).str(mediaType);
        attachmentIndexes.add(framed(OP_ATTACHMENT_INDEX, idx));
    }

    void metadata(String name, Map<String, String> values) throws IOException {
        record.clear();
        record.str(name).map(values);
        long offset = position;
        writeRecord(OP_METADATA, record);
        Buf idx = new Buf(32 + name.length());
        idx.u64(offset).u64(position - offset).str(name);
        metadataIndexes.add(framed(OP_METADATA_INDEX, idx));
    }

    @Override
    public void close() throws IOException {
        try {
            flushChunk();
            record.clear();
            record.u32(0);
            writeRecord(OP_DATA_END, record);
            long summaryStart = position;
            List<long[]> groups = new ArrayList<>();
            group(groups, OP_SCHEMA, schemaRecords);
            group(groups, OP_CHANNEL, channelRecords);
            record.clear();
            record.u64(messages).u16(schemaRecords.size()).u32(channelRecords.size()).u32(attachmentIndexes.size())
                    .u32(metadataIndexes.size()).u32(chunks).u64(messages == 0 ? 0 : messageStart)
                    .u64(messages == 0 ? 0 : messageEnd);
            Buf counts = new Buf(channelCounts.size() * 10 + 4);
            channelCounts.forEach((id, c) -> counts.u16(id).u64(c[0]));
            record.u32(counts.size).bytes(counts.data, 0, counts.size);
            group(groups, OP_STATISTICS, List.of(framed(OP_STATISTICS, record)));
            group(groups, OP_CHUNK_INDEX, chunkIndexes);
            group(groups, OP_ATTACHMENT_INDEX, attachmentIndexes);
            group(groups, OP_METADATA_INDEX, metadataIndexes);
            long offsetStart = position;
            for (long[] g : groups) {
                record.clear();
                record.u8((int) g[0]).u64(g[1]).u64(g[2]);
                writeRecord(OP_SUMMARY_OFFSET, record);
            }
            record.clear();
            record.u64(summaryStart).u64(offsetStart).u32(0);
            writeRecord(OP_FOOTER, record);
            write(ByteBuffer.wrap(MAGIC));
        } finally {
            out.close();
        }
    }

    private void group(List<long[]> groups, int op, List<byte[]> records) throws IOException {
        if (records.isEmpty()) {
            return;
        }
        long start = position;
        for (byte[] r : records) {
            write(ByteBuffer.wrap(r));
        }
        groups.add(new long[] {op, start, position - start});
    }

    private static byte[] framed(int op, Buf content) {
        Buf b = new Buf(content.size + 9);
        b.u8(op).u64(content.size).bytes(content.data, 0, content.size);
        return Arrays.copyOf(b.data, b.size);
    }

    private final ByteBuffer head = ByteBuffer.allocate(9).order(ByteOrder.LITTLE_ENDIAN);

    private void writeRecord(int op, Buf content) throws IOException {
        head.clear();
        head.put((byte) op).putLong(content.size).flip();
        write(head);
        write(ByteBuffer.wrap(content.data, 0, content.size));
    }

    private void write(ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            position += out.write(b);
        }
    }

    /** A growable little-endian byte buffer. */
    static final class Buf {
        byte[] data;
        int size;

        Buf(int capacity) {
            data = new byte[Math.max(16, capacity)];
        }

        Buf clear() {
            size = 0;
            return this;
        }

        private void room(int n) {
            if (size + n > data.length) {
                data = Arrays.copyOf(data, Math.max(data.length * 2, size + n));
            }
        }

        Buf u8(int v) {
            room(1);
            data[size++] = (byte) v;
            return this;
        }

        Buf u16(int v) {
            room(2);
            data[size++] = (byte) v;
            data[size++] = (byte) (v >>> 8);
            return this;
        }

        Buf u32(int v) {
            room(4);
            for (int i = 0; i < 4; i++) {
                data[size++] = (byte) (v >>> (8 * i));
            }
            return this;
        }

        Buf u64(long v) {
            room(8);
            for (int i = 0; i < 8; i++) {
                data[size++] = (byte) (v >>> (8 * i));
            }
            return this;
        }

        Buf bytes(byte[] b, int off, int len) {
            room(len);
            System.arraycopy(b, off, data, size, len);
            size += len;
            return this;
        }

        Buf str(String s) {
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            return u32(b.length).bytes(b, 0, b.length);
        }

        Buf map(Map<String, String> m) {
            Buf inner = new Buf(64);
            m.forEach((k, v) -> inner.str(k).str(v));
            return u32(inner.size).bytes(inner.data, 0, inner.size);
        }
    }
}
