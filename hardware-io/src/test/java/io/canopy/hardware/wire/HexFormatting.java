package io.canopy.hardware.wire;

final class HexFormatting {
    private HexFormatting() {}

    static String hex(byte[] b) {
        StringBuilder sb = new StringBuilder();
        for (byte x : b) {
            if (sb.length() > 0) {
                sb.append(' ');
            }
            sb.append(String.format("%02X", x & 0xFF));
        }
        return sb.toString();
    }
}
