package io.canopy.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.canopy.messaging.broker.EmbeddedBroker;
import io.canopy.proto.Event;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The NodeMain life cycle: onStart before connecting, onShutdown while it can still publish, then complete. */
class NodeLifecycleTest {
    @Test
    void onStartOnShutdownAndOnShutdownCompleteRunInOrder() throws Exception {
        List<String> calls = new CopyOnWriteArrayList<>();
        LinkedBlockingQueue<String> heard = new LinkedBlockingQueue<>();
        try (EmbeddedBroker broker = EmbeddedBroker.start(0);
                RawClient watcher = new RawClient(broker.url()).subscribe("robot1/arm/#")) {
            NodeMain main = new NodeMain() {
                Publisher<Event> bye;

                @Override
                public void onStart(MqttNode node) {
                    calls.add("start connected=" + node.isConnected());
                    bye = node.newPublisher("~bye", Event.class, Qos.AT_LEAST_ONCE, false);
                    node.newSubscriber("~echo", Event.class, (m, e) -> heard.add(m.getName()));
                }

                @Override
                public void onShutdown(MqttNode node) {
                    calls.add("shutdown connected=" + node.isConnected());
                    bye.publish(Event.newBuilder().setName("bye").build());
                }

                @Override
                public void onShutdownComplete(MqttNode node) {
                    calls.add("complete connected=" + node.isConnected());
                }
            };
            MqttNode node = MqttNode.start(NodeConfig.builder("arm").namespace("robot1").broker(broker.url()).build(), main);
            assertThat(node.awaitConnected(10_000)).isTrue();
            assertThat(watcher.next().text()).isEqualTo("online");
            // the subscription made in onStart, before the connection existed, works
            String got = null;
            for (int i = 0; i < 100 && got == null; i++) {
                watcher.publish("robot1/arm/echo", io.canopy.proto.Envelope.newBuilder()
                        .setEvent(Event.newBuilder().setName("ping")).build().toByteArray(), 1, false);
                got = heard.poll(100, TimeUnit.MILLISECONDS);
            }
            assertThat(got).isEqualTo("ping");
            node.close();
            assertThat(calls).containsExactly("start connected=false", "shutdown connected=true", "complete connected=false");
            List<String> after = new java.util.ArrayList<>();
            for (RawClient.Received r; (r = watcher.received.poll(5, TimeUnit.SECONDS)) != null; ) {
                after.add(r.topic());
                if (r.topic().endsWith("/state")) {
                    assertThat(r.text()).isEqualTo("offline");
                    break;
                }
            }
            assertThat(after).containsSubsequence("robot1/arm/bye", "robot1/arm/state"); // bye went out before offline
            assertThatThrownBy(() -> node.newPublisher("x", Event.class)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("node 'robot1/arm' is closed");
        }
    }
}
