package io.canopy.hardware.dynamixel;

/**
 * Words for the two error fields of Protocol 2.0: the status packet's error byte (bit 7 the Alert bit, bits 0..6
 * an error number) and the X series' Hardware Error Status register (address 70), as the e-Manual defines them.
 */
public final class DxlErrors {
    /** Bit 7 of a status packet's error byte: the servo has a hardware error (read Hardware Error Status). */
    public static final int ALERT = 0x80;

    private static final String[] STATUS = {"", "result fail", "instruction error", "CRC error", "data range error",
        "data length error", "data limit error", "access error"};
    private static final String[] HARDWARE = {"input voltage", null, "overheating", "motor encoder", "electrical shock",
        "overload", null, null};

    private DxlErrors() {}

    /** The error number of a status packet's error byte in words ({@code access error}); "" for none. */
    public static String status(int errorByte) {
        int n = errorByte & 0x7F;
        return n < STATUS.length ? STATUS[n] : "error number " + n;
    }

    /** The bits of Hardware Error Status in words: {@code overheating, overload}; "none" for 0. */
    public static String hardware(int bits) {
        if (bits == 0) {
            return "none";
        }
        StringBuilder sb = new StringBuilder();
        for (int b = 0; b < 8; b++) {
            if ((bits & (1 << b)) != 0) {
                sb.append(sb.length() == 0 ? "" : ", ").append(HARDWARE[b] == null ? "bit " + b : HARDWARE[b]);
            }
        }
        return sb.toString();
    }
}
