package io.canopy.hardware.dynamixel;

/**
 * Finds Protocol 2.0 packets in a byte stream, one byte at a time: the header {@code FF FF FD 00} (a stuffed
 * {@code FF FF FD FD} is not a header), id, length, then that many bytes; checks the CRC over the packet as
 * received, then removes the stuffing. Hands on instruction packets and status packets alike. Bad CRCs,
 * impossible lengths and bytes outside packets are counted, never thrown. One thread; allocation-free.
 */
public final class DxlParser {
    /** Receives each good packet: {@code params[0..paramLen)} are the destuffed parameters (for a status packet, the error byte comes first). */
    public interface Handler {
        void onPacket(int id, int instruction, byte[] params, int paramLen);
    }

    private static final int MAX_PACKET = 1024;

    private final Handler handler;
    private final byte[] buf = new byte[MAX_PACKET];
    private final byte[] params = new byte[MAX_PACKET];
    private int pos;
    private int expected;
    private long packets;
    private long crcErrors;
    private long badLengths;
    private long garbageBytes;

    public DxlParser(Handler handler) {
        this.handler = handler;
    }

    public void feed(byte[] b, int off, int len) {
        for (int i = 0; i < len; i++) {
            feed(b[off + i]);
        }
    }

    public void feed(byte b) {
        if (pos < 4) {
            int want = pos < 2 ? 0xFF : pos == 2 ? 0xFD : 0x00;
            if ((b & 0xFF) == want) {
                buf[pos++] = b;
            } else if (pos == 2 && (b & 0xFF) == 0xFF) {
                garbageBytes++; // FF FF FF: the first FF was stray, the last two may still start a header
            } else {
                garbageBytes += pos + 1;
                pos = 0;
                if ((b & 0xFF) == 0xFF) {
                    buf[pos++] = b;
                    garbageBytes--;
                }
            }
            return;
        }
        buf[pos++] = b;
        if (pos == 7) {
            expected = (buf[5] & 0xFF) | (buf[6] & 0xFF) << 8;
            if (expected < 3 || 7 + expected > MAX_PACKET) {
                badLengths++;
                pos = 0;
            }
            return;
        }
        if (pos > 7 && pos == 7 + expected) {
            int crc = DxlCrc.of(buf, 0, pos - 2);
            int got = (buf[pos - 2] & 0xFF) | (buf[pos - 1] & 0xFF) << 8;
            int n = pos;
            pos = 0;
            if (crc != got) {
                crcErrors++;
                return;
            }
            int instruction = buf[7] & 0xFF;
            int p = 0;
            for (int i = 8; i < n - 2; i++) {
                params[p++] = buf[i];
                if (buf[i] == (byte) 0xFD && i + 1 < n - 2 && buf[i + 1] == (byte) 0xFD && i - 2 >= 7
                        && buf[i - 1] == (byte) 0xFF && buf[i - 2] == (byte) 0xFF) {
                    i++; // drop the stuffed 0xFD
                }
            }
            packets++;
            handler.onPacket(buf[4] & 0xFF, instruction, params, p);
        }
    }

    /** Drops a partly received packet (after a read timeout). */
    public void reset() {
        if (pos > 0) {
            garbageBytes += pos;
        }
        pos = 0;
    }

    public long packets() {
        return packets;
    }

    public long crcErrors() {
        return crcErrors;
    }

    public long badLengths() {
        return badLengths;
    }

    public long garbageBytes() {
        return garbageBytes;
    }
}
