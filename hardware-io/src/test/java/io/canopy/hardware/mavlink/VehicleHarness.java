package io.canopy.hardware.mavlink;

import static org.awaitility.Awaitility.await;

import io.canopy.hardware.stream.ByteLink;
import io.canopy.hardware.serial.Transport;
import io.canopy.tick.Event;
import io.canopy.tick.EventQueue;
import io.canopy.tick.ManualNanoClock;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;

/**
 * A vehicle role on a transport, ticked by the test on a manual clock: each poll advances the clock by 5 ms,
 * ticks the vehicle (and whatever else is given), drains the inbox into {@link #events}. The peer runs in real
 * time, so the test polls (Awaitility, same thread) instead of sleeping.
 */
final class VehicleHarness implements AutoCloseable {
    final ManualNanoClock clock = new ManualNanoClock(1_000_000_000L);
    final EventQueue inbox = EventQueue.builder().name("test-inbox").build();
    final MavlinkVehicle vehicle;
    final ByteLink link;
    final List<String> events = new CopyOnWriteArrayList<>();
    final List<Double> eventValues = new CopyOnWriteArrayList<>();
    private Runnable alsoEachTick = () -> { };

    VehicleHarness(MavlinkConfig config, Transport transport) throws IOException {
        vehicle = new MavlinkVehicle(config, clock, inbox);
        link = new ByteLink(config.name(), transport, vehicle, 64, MavlinkFrames.MAX_FRAME, 50, 500);
        vehicle.attach(link);
        link.start(true);
    }

    VehicleHarness eachTick(Runnable r) {
        this.alsoEachTick = r;
        return this;
    }

    void tick() {
        clock.advanceNs(5_000_000L);
        vehicle.onTick(clock.nanoTime());
        alsoEachTick.run();
        inbox.drain((Event e) -> {
            events.add(e.name());
            eventValues.add(e.value());
        });
    }

    /** Ticks until {@code condition} holds; fails after {@code seconds} of real time naming {@code what}. */
    void until(String what, int seconds, BooleanSupplier condition) {
        await(what).atMost(Duration.ofSeconds(seconds)).pollInSameThread().pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(5)).until(() -> {
                    tick();
                    return condition.getAsBoolean();
                });
    }

    /** Ticks until the command in {@code slot} has its final result; returns it and frees the slot. */
    int result(int slot) {
        until("COMMAND_ACK for slot " + slot, 10, () -> vehicle.commandResult(slot) != MavlinkVehicle.RESULT_PENDING);
        int r = vehicle.commandResult(slot);
        vehicle.releaseCommand(slot);
        return r;
    }

    @Override
    public void close() {
        link.close();
    }
}
