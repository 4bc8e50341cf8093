package io.canopy.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.canopy.bt.Blackboard;
import io.canopy.bt.Entry;
import io.canopy.proto.Event;
import io.canopy.proto.MachineStatus;
import io.canopy.proto.MotorCommand;
import io.canopy.proto.NodeStatus;
import io.canopy.proto.Status;
import io.canopy.proto.TimerStats;
import io.canopy.proto.TreeStatus;
import io.canopy.tick.EventKind;
import io.canopy.tick.EventQueue;
import io.canopy.tick.ManualNanoClock;
import io.canopy.tick.Ticker;
import java.time.Duration;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The way out: the tick thread offers into an outbox, the outbox publisher sends; blackboard entries go out
 * on change at a named timer's rate; timer statistics at the telemetry timer; tree and machine status on
 * change. The ticker runs on the manual clock.
 */
class OutboundBridgeTest {
    private static final long MS = 1_000_000L;
    private EmbeddedBroker broker;
    private Node node;
    private Node watcher;
    private final ManualNanoClock clock = new ManualNanoClock();
    private final Ticker ticker = new Ticker("control", clock);

    @BeforeEach
    void start() throws Exception {
        broker = EmbeddedBroker.start(0);
        node = Node.start(NodeConfig.builder("base").namespace("robot1").broker(broker.url()).build());
        watcher = Node.start(NodeConfig.builder("watcher").namespace("robot1").broker(broker.url()).build());
    }

    @AfterEach
    void stop() {
        node.close();
        watcher.close();
        broker.close();
        ticker.close();
    }

    @Test
    void outboxEventsAndChangedEntriesArePublished() throws Exception {
        CopyOnWriteArrayList<MotorCommand> commands = new CopyOnWriteArrayList<>();
        CopyOnWriteArrayList<String> battery = new CopyOnWriteArrayList<>();
        watcher.newSubscriber("cmd", MotorCommand.class, (m, e) -> commands.add(m));
        watcher.newSubscriber("battery", Event.class, (m, e) -> battery.add(m.getName() + "=" + m.getPayload().toStringUtf8()));
        PubSubTest.awaitSubscribed(watcher, node);

        EventQueue outbox = EventQueue.builder().build();
        try (OutboxPublisher out = new OutboxPublisher(node, outbox)
                .bind("motor.cmd", "cmd", MotorCommand.class, Qos.AT_LEAST_ONCE)
                .bindEvent("battery.percent", "battery", Qos.AT_LEAST_ONCE).start()) {
            Blackboard bb = Blackboard.create();
            Entry percent = bb.entry("percent");
            io.canopy.tick.Event scratch = new io.canopy.tick.Event();
            MotorCommand stop = MotorCommand.newBuilder().setMotorId(1).setStop(true).build();
            boolean[] sent = {false};
            ticker.addTimerHz("control", 100).addListener(now -> {
                if (!sent[0]) {
                    sent[0] = true;
                    outbox.offer(scratch.set(EventKind.COMMAND, "motor.cmd", now).attachment(stop));
                    out.wake();
                }
            });
            ticker.addTimerHz("telemetry", 2).addListener(new BlackboardPublisher(outbox, out)
                    .watch(percent, "battery.percent", BlackboardPublisher.Mode.ON_CHANGE));

            percent.setDouble(50);
            ticker.advance(500 * MS);
            await().atMost(Duration.ofSeconds(10)).until(() -> out.published() == 2);
            percent.setDouble(50); // written, same value: not sent again
            ticker.advance(500 * MS);
            percent.setDouble(49.5);
            ticker.advance(500 * MS);
            await().atMost(Duration.ofSeconds(10)).until(() -> battery.size() == 2 && commands.size() == 1);
            assertThat(out.published()).isEqualTo(3);
            assertThat(battery).containsExactly("battery.percent=50", "battery.percent=49.5");
            assertThat(commands).containsExactly(stop);
            assertThat(out.unbound()).isZero();
        }
    }

    @Test
    void timerStatisticsAtTheTelemetryRateAndTreeStatusOnChange() throws Exception {
        CopyOnWriteArrayList<TimerStats> stats = new CopyOnWriteArrayList<>();
        CopyOnWriteArrayList<TreeStatus> trees = new CopyOnWriteArrayList<>();
        CopyOnWriteArrayList<MachineStatus> machines = new CopyOnWriteArrayList<>();
        watcher.newSubscriber("base/status/timers/+", TimerStats.class, Qos.AT_MOST_ONCE, (m, e) -> stats.add(m));
        watcher.newSubscriber("base/status/trees/+", TreeStatus.class, (m, e) -> trees.add(m));
        watcher.newSubscriber("base/status/machines/+", MachineStatus.class, (m, e) -> machines.add(m));
        PubSubTest.awaitSubscribed(watcher, node);

        ticker.addTimerHz("control", 100);
        ticker.addTimerHz("telemetry", 2);
        try (StatusPublisher status = new StatusPublisher(node, ticker, "telemetry")) {
            ticker.advance(500 * MS);
            await().atMost(Duration.ofSeconds(10)).until(() -> stats.stream().anyMatch(s -> s.getTimer().equals("control")));
            TimerStats control = stats.stream().filter(s -> s.getTimer().equals("control")).findFirst().orElseThrow();
            assertThat(control.getRateHz()).isEqualTo(100.0);
            assertThat(control.getTicks()).isBetween(1L, 50L);

            TreeStatus running = TreeStatus.newBuilder().setTree("main").setTickCount(10)
                    .addNodes(NodeStatus.newBuilder().setUid(1).setName("Seq").setStatus(Status.STATUS_RUNNING)).build();
            assertThat(status.tree(running)).isTrue();
            assertThat(status.tree(running.toBuilder().setTickCount(11).build())).isFalse(); // only the count moved
            assertThat(status.tree(running.toBuilder().setNodes(0, running.getNodes(0).toBuilder()
                    .setStatus(Status.STATUS_SUCCESS)).build())).isTrue();
            assertThat(status.machine(MachineStatus.newBuilder().setMachine("door").addActiveStates("closed").build())).isTrue();
            await().atMost(Duration.ofSeconds(10)).until(() -> trees.size() == 2 && machines.size() == 1);
            assertThat(trees.get(1).getNodes(0).getStatus()).isEqualTo(Status.STATUS_SUCCESS);
            assertThat(StatusPublisher.level("a/b+c#")).isEqualTo("a_b_c_");
        }
    }
}
