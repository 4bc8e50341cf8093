package io.canopy.hardware.dynamixel;

import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.canopy.hardware.serial.InProcessWire;
import io.canopy.tick.Event;
import io.canopy.tick.EventQueue;
import io.canopy.tick.ManualNanoClock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.slf4j.LoggerFactory;

/**
 * What tests of a {@link DynamixelBus} against virtual servos share: an in-process wire (servos on end A, the bus on
 * end B), the manual clock, the bus's inbox drained into {@link #events}, and its log lines caught in {@link #lines}.
 * A test sets {@link #servos} and {@link #bus}; both are closed after it.
 */
abstract class WiredBusTest {
    protected final InProcessWire wire = new InProcessWire();
    protected final ManualNanoClock clock = new ManualNanoClock();
    protected final EventQueue inbox = EventQueue.builder().name("test").build();
    protected final List<String> events = new CopyOnWriteArrayList<>();
    private final Logger log = (Logger) LoggerFactory.getLogger(DynamixelBus.class);
    protected final ListAppender<ILoggingEvent> lines = new ListAppender<>();
    protected VirtualServoBus servos;
    protected DynamixelBus bus;

    @BeforeEach
    void listen() {
        lines.start();
        log.addAppender(lines);
    }

    @AfterEach
    void close() {
        log.detachAppender(lines);
        if (bus != null) {
            bus.close();
        }
        if (servos != null) {
            servos.close();
        }
    }

    /** Drains the inbox into {@link #events} as {@code name value [payload hex]} while waiting for {@code condition}. */
    protected void until(String what, BooleanSupplier condition) {
        await(what).atMost(Duration.ofSeconds(10)).pollInSameThread().pollInterval(Duration.ofMillis(5)).until(() -> {
            clock.advanceNs(5_000_000L);
            bus.onTick(clock.nanoTime());
            inbox.drain((Event e) -> {
                byte[] p = new byte[e.payloadLength()];
                e.copyPayloadTo(p, 0);
                events.add(e.name() + " " + (int) e.value() + (p.length == 0 ? "" : " " + java.util.HexFormat.of().formatHex(p)));
            });
            return condition.getAsBoolean();
        });
    }

    protected long count(String prefix) {
        return events.stream().filter(e -> e.startsWith(prefix)).count();
    }

    /** The log lines containing {@code containing}, as formatted. */
    protected List<String> messages(String containing) {
        return lines.list.stream().map(ILoggingEvent::getFormattedMessage).filter(m -> m.contains(containing)).toList();
    }
}
