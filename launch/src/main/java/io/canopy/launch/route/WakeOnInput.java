package io.canopy.launch.route;

import io.canopy.hardware.serial.LinkSink;
import io.canopy.hardware.serial.SerialLink;
import io.canopy.launch.plan.NodePlan;
import io.canopy.launch.plan.TreePlan;
import io.canopy.proto.Envelope;
import io.canopy.tick.TickTimer;
import io.canopy.tick.Ticker;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * A tree's {@code wake_on}: after a link's roles and bindings have taken a frame of a listed type (reader
 * thread), wakes the tree's timer for an immediate extra tick ({@link TickTimer#wake()}: a volatile write and
 * an unpark, never blocking; the tick runs on the tick thread, at most one per {@code wake_min_interval}).
 */
public final class WakeOnInput implements LinkSink {
    private final LinkSink delegate;
    private final Envelope.BodyCase[] cases;
    private final TickTimer[] timers;

    private WakeOnInput(LinkSink delegate, Envelope.BodyCase[] cases, TickTimer[] timers) {
        this.delegate = delegate;
        this.cases = cases;
        this.timers = timers;
    }

    /**
     * Makes the timers of the plan's waking trees wakeable and returns, for the link {@code link}, what wraps
     * its sink (the identity when no tree wakes on it).
     */
    public static UnaryOperator<LinkSink> forLink(NodePlan plan, Ticker ticker, String link) {
        List<Envelope.BodyCase> cases = new ArrayList<>();
        List<TickTimer> timers = new ArrayList<>();
        for (TreePlan t : plan.trees()) {
            for (String w : t.wakeOn()) {
                int slash = w.indexOf('/');
                if (!w.substring(0, slash).equals(link)) {
                    continue;
                }
                TickTimer timer = ticker.timer(t.timer());
                long least = timer.isWakeable() ? Math.min(leastOf(plan, t.timer()), t.wakeMinIntervalNs()) : t.wakeMinIntervalNs();
                timer.wakeable(least);
                cases.add(bodyCase(w.substring(slash + 1)));
                timers.add(timer);
            }
        }
        if (cases.isEmpty()) {
            return UnaryOperator.identity();
        }
        Envelope.BodyCase[] c = cases.toArray(new Envelope.BodyCase[0]);
        TickTimer[] ts = timers.toArray(new TickTimer[0]);
        return sink -> new WakeOnInput(sink, c, ts);
    }

    /** The least {@code wake_min_interval} of the waking trees on {@code timer}. */
    private static long leastOf(NodePlan plan, String timer) {
        long least = Long.MAX_VALUE;
        for (TreePlan t : plan.trees()) {
            if (t.timer().equals(timer) && !t.wakeOn().isEmpty()) {
                least = Math.min(least, t.wakeMinIntervalNs());
            }
        }
        return least;
    }

    /** The Envelope body case of a message type name (RangeReading: RANGE_READING). */
    static Envelope.BodyCase bodyCase(String type) {
        for (var f : Envelope.getDescriptor().getOneofs().get(0).getFields()) {
            if (f.getMessageType().getName().equals(type)) {
                return Envelope.BodyCase.forNumber(f.getNumber());
            }
        }
        throw new IllegalArgumentException("no Envelope message type '" + type + "'");
    }

    @Override
    public void onEnvelope(SerialLink link, Envelope envelope, long receivedNs) {
        delegate.onEnvelope(link, envelope, receivedNs);
        Envelope.BodyCase body = envelope.getBodyCase();
        for (int i = 0; i < cases.length; i++) {
            if (cases[i] == body) {
                timers[i].wake();
            }
        }
    }

    @Override
    public void onDeviceLost(SerialLink link, String reason) {
        delegate.onDeviceLost(link, reason);
    }

    @Override
    public void onDeviceBack(SerialLink link) {
        delegate.onDeviceBack(link);
    }
}
