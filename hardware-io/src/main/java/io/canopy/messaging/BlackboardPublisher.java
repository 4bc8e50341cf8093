package io.canopy.messaging;

import io.canopy.bt.Entry;
import io.canopy.tick.Event;
import io.canopy.tick.EventKind;
import io.canopy.tick.EventQueue;
import io.canopy.tick.TickListener;
import java.util.Arrays;

/**
 * Publishes chosen blackboard entries: a {@link TickListener} for a named timer (the rate) that, on each
 * tick, offers the watched entries into an outbox as events, every tick or only when the entry's value changed
 * since the last one sent. Numbers and booleans travel as the event's number, strings and objects as its
 * attachment, so a tick allocates nothing; an {@link OutboxPublisher} with {@link OutboxPublisher#bindEvent}
 * turns them into MQTT messages. Empty entries are skipped. Tick thread only; watch before the ticker starts.
 */
public final class BlackboardPublisher implements TickListener {
    /** When a watched entry is sent. */
    public enum Mode { ON_CHANGE, EVERY_TICK }

    private final EventQueue outbox;
    private final Event scratch = new Event(0);
    private Entry[] entries = new Entry[0];
    private String[] names = new String[0];
    private Mode[] modes = new Mode[0];
    private long[] lastSequence = new long[0];
    private double[] lastNumber = new double[0];
    private Object[] lastObject = new Object[0];
    private final OutboxPublisher wake;

    /** @param wake the publisher to wake after offering, or null to let it find the events within 1 ms */
    public BlackboardPublisher(EventQueue outbox, OutboxPublisher wake) {
        this.outbox = outbox;
        this.wake = wake;
    }

    public BlackboardPublisher watch(Entry entry, String eventName, Mode mode) {
        int n = entries.length;
        entries = Arrays.copyOf(entries, n + 1);
        names = Arrays.copyOf(names, n + 1);
        modes = Arrays.copyOf(modes, n + 1);
        lastSequence = Arrays.copyOf(lastSequence, n + 1);
        lastNumber = Arrays.copyOf(lastNumber, n + 1);
        lastObject = Arrays.copyOf(lastObject, n + 1);
        lastNumber[n] = Double.NaN;
        entries[n] = entry;
        names[n] = eventName.intern();
        modes[n] = mode;
        lastSequence[n] = Long.MIN_VALUE;
        return this;
    }

    @Override
    public void onTick(long nowNs) {
        boolean offered = false;
        for (int i = 0; i < entries.length; i++) {
            Entry e = entries[i];
            long seq = e.sequence();
            if (!e.hasValue() || (modes[i] == Mode.ON_CHANGE && seq == lastSequence[i])) {
                continue; // not written since the last one sent
            }
            lastSequence[i] = seq;
            scratch.set(EventKind.SENSOR, names[i], nowNs);
            switch (e.kind()) {
                case BOOLEAN, LONG, DOUBLE -> {
                    double v = e.kind() == io.canopy.expr.ValueKind.BOOLEAN ? (e.booleanValue() ? 1 : 0)
                            : e.kind() == io.canopy.expr.ValueKind.LONG ? e.longValue() : e.doubleValue();
                    if (modes[i] == Mode.ON_CHANGE && Double.compare(v, lastNumber[i]) == 0) {
                        continue; // written, but with the same value
                    }
                    lastNumber[i] = v;
                    scratch.value(v);
                }
                default -> {
                    Object o = e.objectValue();
                    if (modes[i] == Mode.ON_CHANGE && o.equals(lastObject[i])) {
                        continue;
                    }
                    lastObject[i] = o;
                    scratch.attachment(o);
                }
            }
            offered |= outbox.offer(scratch);
        }
        if (offered && wake != null) {
            wake.wake();
        }
    }
}
