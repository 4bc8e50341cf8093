package io.canopy.hardware.stream;

/**
 * One pooled outgoing frame of a {@link ByteLink}: claim it ({@link ByteLink#claim()}), write the bytes into
 * {@link #buffer()}, hand it back with {@link ByteLink#send(OutFrame, int)}. Never keep it after sending.
 */
public final class OutFrame {
    private final byte[] buffer;
    int length;

    OutFrame(int capacity) {
        this.buffer = new byte[capacity];
    }

    public byte[] buffer() {
        return buffer;
    }
}
