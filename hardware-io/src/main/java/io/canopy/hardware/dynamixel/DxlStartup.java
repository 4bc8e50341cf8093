package io.canopy.hardware.dynamixel;

import io.canopy.tick.EventKind;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The start of a {@link DynamixelBus}, on its bus thread, at start and whenever the port comes back: PINGs each
 * servo (three tries) and tells, once per change, a servo that does not answer or answers another model than
 * expected (one log line, {@code servo_missing} / {@code model_mismatch}); puts each answering servo in the operating
 * mode the bus's goals are for ({@link DxlEeprom}); and clears and sets the Bus Watchdog when one is configured.
 */
final class DxlStartup {
    private static final Logger LOG = LoggerFactory.getLogger(DynamixelBus.class);
    private static final int PING_TRIES = 3;
    private static final int NOT_PINGED = 0;
    private static final int MISSING = -1;

    private final DynamixelConfig config;
    private final ControlTable table;
    private final DxlTransactions tx;
    private final DxlEvents events;
    private final DxlEeprom eeprom;
    private final int[] ids;
    private final ControlTable.Item busWatchdog;
    private final int[] models;
    private final int[] firmware;
    private final int[] reportedModel;
    private final AtomicLong pingRounds = new AtomicLong();

    DxlStartup(DynamixelConfig config, ControlTable table, DxlTransactions tx, DxlEvents events, int[] ids,
            boolean[] undriven) {
        this.config = config;
        this.table = table;
        this.tx = tx;
        this.events = events;
        this.ids = ids;
        this.eeprom = new DxlEeprom(config, table, tx, events, ids, undriven);
        busWatchdog = config.busWatchdogMs() > 0 ? table.item("bus_watchdog") : null;
        models = new int[ids.length];
        firmware = new int[ids.length];
        reportedModel = new int[ids.length];
        Arrays.fill(reportedModel, NOT_PINGED);
    }

    /** PINGs the servos, sets their operating mode, then their Bus Watchdog. */
    void run() {
        pingAll();
        eeprom.operatingModes(models);
        busWatchdog(); // a servo whose watchdog tripped takes goals again only after it is cleared
    }

    /** PINGs every servo and reports the missing ones and the wrong models (once per change). */
    private void pingAll() {
        for (int i = 0; i < ids.length && tx.up(); i++) {
            int got = MISSING;
            long badBefore = tx.badInput();
            for (int attempt = 0; attempt < PING_TRIES && got == MISSING && tx.up(); attempt++) {
                if (tx.ping(ids[i]) && (tx.error() & 0x7F) == 0) {
                    byte[] d = tx.data();
                    got = (d[0] & 0xFF) | (d[1] & 0xFF) << 8;
                    firmware[i] = d[2] & 0xFF;
                }
            }
            if (!tx.up()) {
                return; // the port went away: the ping round runs again when it is back
            }
            models[i] = got;
            reportPing(i, got, tx.badInput() != badBefore);
        }
        pingRounds.incrementAndGet();
    }

    private void reportPing(int i, int got, boolean damaged) {
        if (got == reportedModel[i]) {
            return; // told already (an earlier start or link_back)
        }
        reportedModel[i] = got;
        int expected = config.model(i);
        String want = expected != 0 ? table.describeModel(expected)
                : table.models().isEmpty() ? "any model" : "a model that " + table.name() + " describes";
        if (got == MISSING) {
            if (damaged) {
                LOG.warn("dynamixel '{}' ({}): servo {} does not answer PING with a good packet (expected {}; damaged bytes came:"
                        + " a wrong CRC or a packet cut short); check the baud rate, the cable and the power", config.name(),
                        tx.transport().describe(), ids[i], want);
            } else {
                LOG.warn("dynamixel '{}' ({}): servo {} does not answer PING (expected {}); check its id, its baud rate, its"
                        + " power and its cable", config.name(), tx.transport().describe(), ids[i], want);
            }
            events.event(EventKind.COMMAND, events.servoMissing, ids[i]);
        } else if (expected != 0 ? got != expected : !table.models().isEmpty() && !table.models().containsKey(got)) {
            LOG.warn("dynamixel '{}': servo {} is {}, expected {}; correct the model in the launch file, or give this servo"
                    + " another id", config.name(), ids[i], table.describeModel(got), want);
            events.eventWithPayload(events.modelMismatch, ids[i], got, 2);
        } else {
            LOG.info("dynamixel '{}': servo {} is {}, firmware {}", config.name(), ids[i], table.describeModel(got),
                    firmware[i]);
        }
    }

    /** Clears each servo's Bus Watchdog (and its error), then sets it, when one is configured. */
    private void busWatchdog() {
        if (config.busWatchdogMs() == 0) {
            return;
        }
        tx.writeAll(busWatchdog, 0);
        tx.writeAll(busWatchdog, config.busWatchdogMs() / 20);
    }

    long pingRounds() {
        return pingRounds.get();
    }

    int model(int i) {
        return models[i];
    }

    int firmware(int i) {
        return firmware[i];
    }
}
