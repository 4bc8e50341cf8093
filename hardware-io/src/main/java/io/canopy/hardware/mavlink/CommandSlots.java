package io.canopy.hardware.mavlink;

import static io.canopy.hardware.mavlink.MavlinkVehicle.MAV_RESULT_IN_PROGRESS;
import static io.canopy.hardware.mavlink.MavlinkVehicle.RESULT_PENDING;
import static io.canopy.hardware.mavlink.MavlinkVehicle.RESULT_TIMEOUT;

import io.canopy.tick.Event;
import io.canopy.tick.EventKind;
import io.canopy.tick.NanoClock;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Acknowledged commands: a fixed set of slots, each one COMMAND_LONG that the tick thread sends and resends each
 * command timeout (confirmation counting the resends) until the reader thread matches a COMMAND_ACK to it (IN_PROGRESS
 * defers the resend) or the retries run out. Every COMMAND_ACK is raised as command_ack.
 */
final class CommandSlots {
    private static final int SLOTS = 8;

    private final MavlinkConfig config;
    private final NanoClock clock;
    private final FrameSender sender;
    private final VehicleEvents events;
    private final String evCommandAck;
    private final AtomicLong commandsSent = new AtomicLong();

    // reader thread
    private final Event ioEvent = new Event(16);
    private final byte[] ackPayload = new byte[2];

    // tick thread (the reader thread reads the command and writes the sent time and the result)
    private final byte[] tickPayload = new byte[255];
    private final int[] slotCommand = new int[SLOTS];
    private final float[][] slotParams = new float[SLOTS][7];
    private final boolean[] slotUsed = new boolean[SLOTS];
    private final int[] slotAttempts = new int[SLOTS];
    private final long[] slotSentNs = new long[SLOTS];
    private final AtomicInteger[] slotResult = new AtomicInteger[SLOTS];

    CommandSlots(MavlinkConfig config, NanoClock clock, FrameSender sender, VehicleEvents events) {
        this.config = config;
        this.clock = clock;
        this.sender = sender;
        this.events = events;
        evCommandAck = events.name("command_ack");
        for (int i = 0; i < SLOTS; i++) {
            slotResult[i] = new AtomicInteger(RESULT_PENDING);
        }
    }

    /** Tick thread: claims a free slot and sends the command now; the slot, or -1 when every slot is busy. */
    int command(int command, float p1, float p2, float p3, float p4, float p5, float p6, float p7) {
        for (int i = 0; i < SLOTS; i++) {
            if (!slotUsed[i]) {
                slotUsed[i] = true;
                slotCommand[i] = command;
                float[] ps = slotParams[i];
                ps[0] = p1;
                ps[1] = p2;
                ps[2] = p3;
                ps[3] = p4;
                ps[4] = p5;
                ps[5] = p6;
                ps[6] = p7;
                slotAttempts[i] = 0;
                slotResult[i].set(RESULT_PENDING);
                transmit(i, clock.nanoTime());
                return i;
            }
        }
        return -1;
    }

    int result(int slot) {
        return slotResult[slot].get();
    }

    void release(int slot) {
        if (slot >= 0 && slot < SLOTS) {
            slotUsed[slot] = false;
            slotCommand[slot] = -1;
        }
    }

    /** Tick thread: resends the commands whose timeout passed, or gives up on those out of retries. */
    void onTick(long nowNs) {
        for (int i = 0; i < SLOTS; i++) {
            if (slotUsed[i] && slotResult[i].get() == RESULT_PENDING
                    && nowNs - slotSentNs[i] >= config.commandTimeoutMs() * 1_000_000L) {
                if (slotAttempts[i] > config.commandRetries()) {
                    slotResult[i].compareAndSet(RESULT_PENDING, RESULT_TIMEOUT);
                } else {
                    transmit(i, nowNs);
                }
            }
        }
    }

    /** Reader thread: a COMMAND_ACK settles the first pending slot of its command, and is raised as command_ack. */
    void onAck(byte[] p, long now) {
        int command = Le.u16(p, Offsets.CA_COMMAND);
        int result = Le.u8(p, Offsets.CA_RESULT);
        for (int i = 0; i < SLOTS; i++) {
            if (slotResult[i].get() == RESULT_PENDING && slotCommand[i] == command) {
                if (result == MAV_RESULT_IN_PROGRESS) {
                    slotSentNs[i] = now; // still working on it: do not resend yet
                } else {
                    slotResult[i].compareAndSet(RESULT_PENDING, result);
                }
                break;
            }
        }
        ioEvent.set(EventKind.COMMAND, evCommandAck, now).value(result);
        ackPayload[0] = (byte) command;
        ackPayload[1] = (byte) (command >>> 8);
        events.offer(ioEvent.payload(ackPayload, 0, 2));
    }

    long commandsSent() {
        return commandsSent.get();
    }

    private void transmit(int i, long nowNs) {
        byte[] b = tickPayload;
        FrameSender.clear(b, MavlinkMessages.COMMAND_LONG);
        float[] ps = slotParams[i];
        for (int k = 0; k < 7; k++) {
            Le.putF32(b, Offsets.CL_PARAM1 + 4 * k, ps[k]);
        }
        Le.put16(b, Offsets.CL_COMMAND, slotCommand[i]);
        Le.put8(b, Offsets.CL_TARGET_SYSTEM, config.targetSystem());
        Le.put8(b, Offsets.CL_TARGET_COMPONENT, config.targetComponent());
        Le.put8(b, Offsets.CL_CONFIRMATION, slotAttempts[i]);
        slotAttempts[i]++;
        slotSentNs[i] = nowNs;
        if (sender.send(MavlinkMessages.COMMAND_LONG, b)) {
            commandsSent.incrementAndGet();
        }
    }
}
