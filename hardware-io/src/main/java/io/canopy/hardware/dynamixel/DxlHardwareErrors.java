package io.canopy.hardware.dynamixel;

import io.canopy.hardware.stream.SeqlockTable;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The hardware errors of a {@link DynamixelBus}'s servos, on its bus thread: a status whose Alert bit newly rises
 * makes the servo's Hardware Error Status due for one READ (at the end of the cycle; again every
 * {@link #REREAD_CYCLES} cycles while the bit stays set); new error bits are stored in the states table and told
 * once ({@code <name>.hardware_error}, value: id, payload: the bits; {@code <name>.servo_error}; one log line naming
 * the servo and the errors); the bits are 0 again once the Alert bit falls (a reboot).
 */
final class DxlHardwareErrors {
    private static final Logger LOG = LoggerFactory.getLogger(DynamixelBus.class);
    /** While a servo's Alert bit stays set, its Hardware Error Status is read again this often (cycles). */
    static final int REREAD_CYCLES = 100;

    private final DynamixelConfig config;
    private final DxlTransactions tx;
    private final DxlEvents events;
    private final SeqlockTable states;
    private final int[] ids;
    private final ControlTable.Item hardwareError;
    private final int[] lastHwError;
    private final boolean[] alert;
    private final boolean[] hwReadDue;
    private final AtomicLong reads = new AtomicLong();

    DxlHardwareErrors(DynamixelConfig config, ControlTable table, DxlTransactions tx, DxlEvents events, SeqlockTable states,
            int[] ids) {
        this.config = config;
        this.tx = tx;
        this.events = events;
        this.states = states;
        this.ids = ids;
        this.hardwareError = table.item("hardware_error_status");
        this.lastHwError = new int[ids.length];
        this.alert = new boolean[ids.length];
        this.hwReadDue = new boolean[ids.length];
    }

    /** Whether servo {@code i}'s latest status had the Alert bit. */
    boolean alerted(int i) {
        return alert[i];
    }

    /** READs the Hardware Error Status of each servo that is due (a new Alert bit, or {@code reread} while it stays). */
    void readDue(boolean reread) {
        for (int i = 0; i < ids.length && tx.up(); i++) {
            if (hwReadDue[i] || reread && alert[i]) {
                read(i);
            }
        }
    }

    /** READs servo {@code i}'s Hardware Error Status; stays due when it does not answer (tried again next cycle). */
    private void read(int i) {
        if (tx.read(ids[i], hardwareError.address(), 1)) {
            hwReadDue[i] = false; // an error number instead (raised as servo_error): tried again with the periodic re-read
            if ((tx.error() & 0x7F) == 0) {
                reads.incrementAndGet();
                store(i, tx.data()[0] & 0xFF);
            }
        } else {
            hwReadDue[i] = true;
        }
    }

    private void store(int i, int bits) {
        states.beginWrite();
        states.set(i * DynamixelBus.PER_SERVO + DynamixelBus.HARDWARE_ERROR, bits);
        states.endWrite();
        if (bits != 0 && bits != lastHwError[i]) {
            LOG.warn("dynamixel '{}': servo {} hardware error 0x{} ({}); the errors its Shutdown setting selects turn its"
                    + " torque off (overheating, electrical shock, overload by default): fix the cause, then reboot it or"
                    + " power it off and on", config.name(), ids[i], Integer.toHexString(bits),
                    DxlErrors.hardware(bits));
            events.eventWithPayload(events.hardwareError, ids[i], bits, 1);
            events.servoError(ids[i]);
        }
        lastHwError[i] = bits;
    }

    /** The Alert bit of servo {@code i}'s latest status: a rise asks for a READ of Hardware Error Status. */
    void alert(int i, boolean on) {
        if (on && !alert[i]) {
            hwReadDue[i] = true;
        } else if (!on && alert[i]) {
            hwReadDue[i] = false;
            if (lastHwError[i] != 0) {
                LOG.info("dynamixel '{}': servo {} hardware error cleared", config.name(), ids[i]);
                store(i, 0);
            }
        }
        alert[i] = on;
    }

    /** READs of Hardware Error Status that servos answered. */
    long reads() {
        return reads.get();
    }
}
