package io.canopy.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.canopy.bt.Blackboard;
import io.canopy.bt.Entry;
import io.canopy.proto.BatteryState;
import io.canopy.proto.DeviceInfo;
import io.canopy.proto.MotorCommand;
import io.canopy.proto.RangeReading;
import io.canopy.tick.EventKind;
import io.canopy.tick.ManualNanoClock;
import io.canopy.tick.Ticker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Subscriptions reach trees through the ticker's inbox: Paho's thread only queues events; the tick thread
 * (here the test thread, on the manual clock) applies them to the blackboard before its next tick.
 */
class InboxBridgeTest {
    private static final long MS = 1_000_000L;
    private EmbeddedBroker broker;
    private Node node;
    private final ManualNanoClock clock = new ManualNanoClock();
    private final Ticker ticker = new Ticker("control", clock);

    @BeforeEach
    void start() throws Exception {
        broker = EmbeddedBroker.start(0);
        node = Node.start(NodeConfig.builder("base").namespace("robot1").broker(broker.url()).build());
        assertThat(node.awaitConnected(10_000)).isTrue();
    }

    @AfterEach
    void stop() {
        node.close();
        broker.close();
        ticker.close();
    }

    @Test
    void fieldsAndMessagesBecomeBlackboardValuesOnTheTickThreadOnly() throws Exception {
        Blackboard bb = Blackboard.create();
        Entry range = bb.entry("range_m");
        Entry charging = bb.entry("motor");
        Entry model = bb.entry("model");
        Entry device = bb.entry("device");
        InboxBridge<RangeReading> rangeBridge = InboxBridge.field(RangeReading.class, "range_m", ticker.inbox(), clock,
                "range", EventKind.SENSOR);
        InboxBridge<MotorCommand> motorBridge = InboxBridge.field(MotorCommand.class, "motor_id", ticker.inbox(), clock,
                "motor", EventKind.COMMAND);
        InboxBridge<DeviceInfo> modelBridge = InboxBridge.field(DeviceInfo.class, "model", ticker.inbox(), clock,
                "model", EventKind.SENSOR);
        InboxBridge<DeviceInfo> deviceBridge = InboxBridge.events(DeviceInfo.class, ticker.inbox(), clock, "device",
                EventKind.SENSOR);
        List<String> threads = new ArrayList<>();
        ticker.addEventHandler(e -> threads.add(Thread.currentThread().getName()));
        ticker.addEventHandler(new BlackboardUpdates().bind(rangeBridge, range).bind(motorBridge, charging)
                .bind(modelBridge, model).bind(deviceBridge, device));
        ticker.addTimerHz("control", 100);

        node.newSubscriber("range", RangeReading.class, Qos.AT_MOST_ONCE, rangeBridge);
        node.newSubscriber("cmd", MotorCommand.class, motorBridge);
        node.newSubscriber("info", DeviceInfo.class, modelBridge);
        node.newSubscriber("info", DeviceInfo.class, deviceBridge);
        PubSubTest.awaitSubscribed(node, node);

        DeviceInfo info = DeviceInfo.newBuilder().setModel("sim-base").setFirmware("1.2").setProtocolVersion(1).build();
        node.newPublisher("range", RangeReading.class).publish(RangeReading.newBuilder().setRangeM(0.75f).build());
        node.newPublisher("cmd", MotorCommand.class, Qos.AT_LEAST_ONCE, false).publish(MotorCommand.newBuilder().setMotorId(2).build());
        node.newPublisher("info", DeviceInfo.class, Qos.AT_LEAST_ONCE, false).publish(info);
        await().atMost(Duration.ofSeconds(10)).until(() -> ticker.inbox().size() == 4);
        assertThat(range.hasValue()).isFalse(); // nothing touched the blackboard from Paho's thread

        ticker.advance(10 * MS);

        assertThat(range.doubleValue()).isEqualTo(0.75);
        assertThat(charging.longValue()).isEqualTo(2);
        assertThat(model.stringValue()).isEqualTo("sim-base");
        assertThat(device.objectValue()).isEqualTo(info);
        assertThat(threads).hasSize(4).containsOnly(Thread.currentThread().getName());
        assertThat(motorBridge.refused()).isZero();
    }

    @Test
    void anUnknownFieldIsAnInputErrorListingTheFields() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> InboxBridge.field(BatteryState.class, "volts",
                        ticker.inbox(), clock, "battery", EventKind.SENSOR))
                .isInstanceOf(io.canopy.InputException.class)
                .hasMessage("field 'volts' of BatteryState: no such field; use one of [voltage, percent]");
    }
}
