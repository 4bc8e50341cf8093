package io.canopy.hardware.serial;

import io.canopy.InputException;

/**
 * How to open one serial port. Immutable; build with {@link #of(String, int)} and the {@code with...}
 * methods. Defaults: 8 data bits, no parity, 1 stop bit, no flow control, a write queue of 256
 * messages, reconnect backoff from 50 ms doubling to 1000 ms.
 *
 * @param path              device or symlink, e.g. {@code /dev/ttyUSB0}, {@code /dev/serial/by-id/...}, a pty link
 * @param baud              bits per second (ptys ignore it)
 * @param dataBits          5, 6, 7 or 8
 * @param parity            parity bit
 * @param stopBits          stop bits
 * @param flowControl       hardware (RTS/CTS), software (XON/XOFF) or none
 * @param writeQueueCapacity outgoing messages waiting for the writer thread; a full queue drops the new one
 * @param reconnectMinMs    first retry delay after the port was lost
 * @param reconnectMaxMs    largest retry delay (the delay doubles up to it)
 */
public record SerialConfig(
        String path,
        int baud,
        int dataBits,
        Parity parity,
        StopBits stopBits,
        FlowControl flowControl,
        int writeQueueCapacity,
        long reconnectMinMs,
        long reconnectMaxMs) {

    /** Parity bit. */
    public enum Parity { NONE, ODD, EVEN, MARK, SPACE }

    /** Stop bits. */
    public enum StopBits { ONE, ONE_POINT_FIVE, TWO }

    /** Flow control. */
    public enum FlowControl { NONE, RTS_CTS, XON_XOFF }

    /** 8N1, no flow control, default queue and backoff. */
    public static SerialConfig of(String path, int baud) {
        return new SerialConfig(path, baud, 8, Parity.NONE, StopBits.ONE, FlowControl.NONE, 256, 50, 1000);
    }

    public SerialConfig withFraming(int dataBits, Parity parity, StopBits stopBits) {
        return new SerialConfig(path, baud, dataBits, parity, stopBits, flowControl, writeQueueCapacity,
                reconnectMinMs, reconnectMaxMs);
    }

    public SerialConfig withFlowControl(FlowControl flowControl) {
        return new SerialConfig(path, baud, dataBits, parity, stopBits, flowControl, writeQueueCapacity,
                reconnectMinMs, reconnectMaxMs);
    }

    public SerialConfig withWriteQueueCapacity(int writeQueueCapacity) {
        return new SerialConfig(path, baud, dataBits, parity, stopBits, flowControl, writeQueueCapacity,
                reconnectMinMs, reconnectMaxMs);
    }

    public SerialConfig withReconnectBackoff(long minMs, long maxMs) {
        return new SerialConfig(path, baud, dataBits, parity, stopBits, flowControl, writeQueueCapacity, minMs, maxMs);
    }

    /**
     * Checks every value; throws {@link InputException} with a one-line message naming the port, the
     * value and the allowed values.
     */
    public SerialConfig validate() {
        if (path == null || path.isBlank()) {
            throw new InputException("serial port: the path is empty; give a device such as /dev/ttyUSB0");
        }
        String where = "serial port '" + path + "': ";
        if (baud <= 0) {
            throw new InputException(where + "baud " + baud + " is not positive; use e.g. 115200");
        }
        if (dataBits < 5 || dataBits > 8) {
            throw new InputException(where + "data bits " + dataBits + " is not one of 5, 6, 7, 8");
        }
        if (parity == null || stopBits == null || flowControl == null) {
            throw new InputException(where + "parity, stop bits and flow control must be given");
        }
        if (writeQueueCapacity < 2) {
            throw new InputException(where + "write queue capacity " + writeQueueCapacity + " is below 2");
        }
        if (reconnectMinMs <= 0 || reconnectMaxMs < reconnectMinMs) {
            throw new InputException(where + "reconnect backoff " + reconnectMinMs + ".." + reconnectMaxMs
                    + " ms is not a positive, increasing range");
        }
        return this;
    }

    /** e.g. {@code /dev/ttyUSB0 115200 8N1 none}. */
    public String describe() {
        char p = parity.name().charAt(0);
        String s = stopBits == StopBits.ONE ? "1" : stopBits == StopBits.TWO ? "2" : "1.5";
        return path + " " + baud + " " + dataBits + p + s + " " + flowControl.name().toLowerCase().replace('_', '/');
    }
}
