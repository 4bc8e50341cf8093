package io.canopy.launch.report;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonObject;
import com.google.protobuf.ByteString;
import io.canopy.hardware.health.LinkHealth;
import io.canopy.launch.route.Outbound;
import io.canopy.launch.run.Mqtt;
import io.canopy.messaging.MqttNode;
import io.canopy.messaging.Publisher;
import io.canopy.messaging.Qos;
import io.canopy.proto.Event;
import io.canopy.tick.EventKind;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Every device link's lost/back change on MQTT, the same change the log line tells: one {@code Event} per change on
 * {@code <namespace>/<node>/links/events} (QoS 1), named {@code link.lost} or {@code link.back}, whose payload is
 * {@code {"link":"fc","kind":"mavlink","reason":"no HEARTBEAT for 2.5 s","failsafe":"...","down_s":0,"line":"link 'fc'
 * (mavlink): lost — ..."}} ({@code down_s}: how long it was lost, on {@code link.back}). The thread that noticed the
 * change offers it to the outbox (a command, never dropped once queued); the outbox thread publishes it.
 */
public final class LinkChanges implements LinkHealth.Listener {
    /** The event names on the topic. */
    public static final String LOST = "link.lost";
    public static final String BACK = "link.back";
    static final String KEY = "link change".intern();
    private static final Gson GSON = new GsonBuilder().disableHtmlEscaping().create();

    private final Outbound outbound;
    private final Publisher<Event> publisher;
    private final io.canopy.tick.Event scratch = new io.canopy.tick.Event(0);

    private LinkChanges(Outbound outbound, Publisher<Event> publisher) {
        this.outbound = outbound;
        this.publisher = publisher;
    }

    /** Load time, before the outbox starts: the changes of {@code links} go to {@code mqtt} through {@code outbound}. */
    public static void attach(List<LinkHealth> links, String node, MqttNode mqtt, Outbound outbound) {
        if (links.isEmpty()) {
            return;
        }
        LinkChanges c = new LinkChanges(outbound,
                mqtt.newPublisher(Mqtt.absolute(node) + "/links/events", Event.class, Qos.AT_LEAST_ONCE, false));
        outbound.on(KEY, e -> c.publish((LinkHealth.Change) e.attachment()));
        links.forEach(l -> l.listener(c));
    }

    /** The thread that noticed the change. */
    @Override
    public synchronized void onChange(LinkHealth.Change change) {
        scratch.set(EventKind.COMMAND, KEY, 0).attachment(change);
        outbound.queue.offer(scratch);
        scratch.attachment(null);
    }

    /** Outbox thread. */
    private void publish(LinkHealth.Change c) {
        publisher.publish(Event.newBuilder().setName(c.lost() ? LOST : BACK)
                .setPayload(ByteString.copyFrom(json(c), StandardCharsets.UTF_8)).build());
    }

    /** The change as the topic's payload. */
    static String json(LinkHealth.Change c) {
        JsonObject o = new JsonObject();
        o.addProperty("link", c.link());
        o.addProperty("kind", c.kind());
        o.addProperty("reason", c.reason());
        o.addProperty("failsafe", c.failsafe());
        o.addProperty("down_s", Math.round(c.downNs() / 1e8) / 10.0);
        o.addProperty("line", c.line());
        return GSON.toJson(o);
    }
}
