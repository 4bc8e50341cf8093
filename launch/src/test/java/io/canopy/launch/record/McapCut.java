package io.canopy.launch.record;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Makes a copy of a recording cut short the way a kill -9 leaves it: in the middle of a chunk, with at least a third
 * of the control ticks before the cut and some after it. A cut at a fixed fraction of the file is not enough: how
 * the writer thread interleaves its sources depends on how fast the run went (a manual-clock run records 30 s in a
 * fraction of a second), so the ticks may all lie before any given byte.
 */
public final class McapCut {
    private static final int OP_CHUNK = 0x06;
    private static final int OP_DATA_END = 0x0F;
    private static final int OP_FOOTER = 0x02;

    private McapCut() {}

    /**
     * Writes {@code out}: {@code recording} cut in the middle of the first chunk that has at least
     * {@code minFraction} of the control ticks, but not all of them, before it; returns the cut's byte offset.
     */
    public static int cutAmidTicks(Path recording, Path out, String controlTopicSuffix, double minFraction) throws IOException {
        byte[] whole = Files.readAllBytes(recording);
        long total = ticks(recording, controlTopicSuffix);
        List<int[]> chunks = new ArrayList<>(); // {start, length of the whole record}
        ByteBuffer b = ByteBuffer.wrap(whole).order(ByteOrder.LITTLE_ENDIAN);
        b.position(8);
        while (b.remaining() >= 9) {
            int start = b.position();
            int op = b.get() & 0xFF;
            long len = b.getLong();
            if (op == OP_DATA_END || op == OP_FOOTER || len > b.remaining()) {
                break;
            }
            if (op == OP_CHUNK) {
                chunks.add(new int[] {start, 9 + (int) len});
            }
            b.position(b.position() + (int) len);
        }
        Path probe = out.resolveSibling(out.getFileName() + ".probe");
        for (int[] c : chunks) {
            Files.write(probe, Arrays.copyOf(whole, c[0])); // everything before this chunk
            long before = ticks(probe, controlTopicSuffix);
            if (before >= Math.max(1, (long) (total * minFraction)) && before < total) {
                int cut = c[0] + c[1] / 2;
                Files.write(out, Arrays.copyOf(whole, cut));
                Files.deleteIfExists(probe);
                return cut;
            }
        }
        Files.deleteIfExists(probe);
        throw new AssertionError(recording + ": no chunk boundary with at least " + minFraction + " and less than all of its " + total
                + " control ticks before it (" + chunks.size() + " chunks)");
    }

    private static long ticks(Path file, String controlTopicSuffix) throws IOException {
        return BagInfo.read(file).channels().stream().filter(c -> c.topic().endsWith(controlTopicSuffix))
                .mapToLong(BagInfo.Channel::count).sum();
    }
}
