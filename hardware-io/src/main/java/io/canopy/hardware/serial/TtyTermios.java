package io.canopy.hardware.serial;

import com.sun.jna.Pointer;
import io.canopy.hardware.posix.Libc;

/**
 * A {@link SerialConfig} written into a {@code struct termios}: raw mode (no echo, no line editing, no signals, no
 * character translation), the data bits, parity, stop bits and flow control, and VMIN=1 VTIME=0 so a blocking
 * read waits for the first byte. Linux layout, the same on x86_64, aarch64, armhf and riscv64 with glibc or musl:
 * four 4-byte flag words, {@code c_line} at 16, {@code c_cc[32]} from 17. A baud rate without a B constant goes
 * through {@code struct termios2} (44 bytes: {@code c_cc[19]} from 17, {@code c_ispeed} at 36, {@code c_ospeed} at 40)
 * with {@code BOTHER}.
 */
final class TtyTermios {
    /** glibc's struct termios is 60 bytes; a little room to spare. */
    static final int SIZE = 64;
    static final int TERMIOS2_SIZE = 44;
    private static final int IFLAG = 0;
    private static final int OFLAG = 4;
    private static final int CFLAG = 8;
    private static final int LFLAG = 12;
    private static final int CC = 17;
    private static final int VTIME = 5;
    private static final int VMIN = 6;
    private static final int ISPEED2 = 36;
    private static final int OSPEED2 = 40;

    private static final int IGNBRK = 01, BRKINT = 02, PARMRK = 010, INPCK = 020, ISTRIP = 040, INLCR = 0100,
            IGNCR = 0200, ICRNL = 0400, IXON = 02000, IXANY = 04000, IXOFF = 010000;
    private static final int OPOST = 01;
    private static final int ISIG = 01, ICANON = 02, ECHO = 010, ECHOE = 020, ECHOK = 040, ECHONL = 0100,
            IEXTEN = 0100000;
    private static final int CBAUD = 010017, CSIZE = 060, CSTOPB = 0100, CREAD = 0200, PARENB = 0400,
            PARODD = 01000, CLOCAL = 04000, BOTHER = 010000, CMSPAR = 010000000000, CRTSCTS = 020000000000;
    private static final int[][] BAUDS = {
        {50, 01}, {75, 02}, {110, 03}, {134, 04}, {150, 05}, {200, 06}, {300, 07}, {600, 010}, {1200, 011},
        {1800, 012}, {2400, 013}, {4800, 014}, {9600, 015}, {19200, 016}, {38400, 017}, {57600, 010001},
        {115200, 010002}, {230400, 010003}, {460800, 010004}, {500000, 010005}, {576000, 010006},
        {921600, 010007}, {1000000, 010010}, {1152000, 010011}, {1500000, 010012}, {2000000, 010013},
        {2500000, 010014}, {3000000, 010015}, {3500000, 010016}, {4000000, 010017},
    };

    private TtyTermios() {}

    /** The B constant for {@code baud}, or -1 when there is none (then {@link #customBaud} sets it). */
    static int speedConstant(int baud) {
        for (int[] b : BAUDS) {
            if (b[0] == baud) {
                return b[1];
            }
        }
        return -1;
    }

    /** Rewrites {@code t} (read by tcgetattr) for {@code config}; the speed is set by the caller. */
    static void apply(Pointer t, SerialConfig config) {
        int iflag = t.getInt(IFLAG) & ~(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON | IXOFF
                | IXANY | INPCK);
        int lflag = t.getInt(LFLAG) & ~(ECHO | ECHONL | ICANON | ISIG | IEXTEN | ECHOE | ECHOK);
        int oflag = t.getInt(OFLAG) & ~OPOST;
        int cflag = t.getInt(CFLAG) & ~(CSIZE | PARENB | PARODD | CMSPAR | CSTOPB | CRTSCTS);
        cflag |= CREAD | CLOCAL | ((config.dataBits() - 5) << 4);
        switch (config.parity()) {
            case ODD -> cflag |= PARENB | PARODD;
            case EVEN -> cflag |= PARENB;
            case MARK -> cflag |= PARENB | PARODD | CMSPAR;
            case SPACE -> cflag |= PARENB | CMSPAR;
            default -> { }
        }
        if (config.parity() != SerialConfig.Parity.NONE) {
            iflag |= INPCK;
        }
        if (config.stopBits() != SerialConfig.StopBits.ONE) {
            cflag |= CSTOPB; // 1.5 stop bits is CSTOPB with 5 data bits, as the UART itself reads it
        }
        switch (config.flowControl()) {
            case RTS_CTS -> cflag |= CRTSCTS;
            case XON_XOFF -> iflag |= IXON | IXOFF;
            default -> { }
        }
        t.setInt(IFLAG, iflag);
        t.setInt(OFLAG, oflag);
        t.setInt(CFLAG, cflag);
        t.setInt(LFLAG, lflag);
        t.setByte(CC + VMIN, (byte) 1);
        t.setByte(CC + VTIME, (byte) 0);
    }

    /** Rewrites a {@code struct termios2} (read by TCGETS2) to run at {@code baud} both ways with BOTHER. */
    static void customBaud(Pointer t2, int baud) {
        t2.setInt(CFLAG, (t2.getInt(CFLAG) & ~(CBAUD | (CBAUD << 16))) | BOTHER);
        t2.setInt(ISPEED2, baud);
        t2.setInt(OSPEED2, baud);
    }

    /** Sets the speed of {@code t} to the B constant {@code speed}; false with errno set when libc refuses it. */
    static boolean speed(Pointer t, int speed) {
        return Libc.cfsetispeed(t, speed) == 0 && Libc.cfsetospeed(t, speed) == 0;
    }
}
