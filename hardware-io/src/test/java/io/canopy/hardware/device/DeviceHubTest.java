package io.canopy.hardware.device;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.hardware.serial.LinkSink;
import io.canopy.hardware.serial.SerialLink;
import io.canopy.proto.BatteryState;
import io.canopy.proto.Envelope;
import io.canopy.proto.Event;
import io.canopy.proto.RangeReading;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DeviceHubTest {
    private final List<String> downstream = new ArrayList<>();
    private final LinkSink sink = new LinkSink() {
        @Override
        public void onEnvelope(SerialLink link, Envelope envelope, long receivedNs) {
            downstream.add(envelope.getBodyCase().name());
        }

        @Override
        public void onDeviceLost(SerialLink link, String reason) {
            downstream.add("lost");
        }
    };
    private final RangeSensor front = new RangeSensor("front", 0);
    private final RangeSensor rear = new RangeSensor("rear", 1);
    private final BatteryMonitor battery = new BatteryMonitor("battery");

    private static Envelope range(int id, float m) {
        return Envelope.newBuilder().setRangeReading(RangeReading.newBuilder().setSensorId(id).setRangeM(m)).build();
    }

    @Test
    void readingsGoToTheirRoleAndTheRestDownstream() {
        DeviceHub hub = new DeviceHub(sink, front, rear, battery);
        hub.onEnvelope(null, range(1, 2.5f), 100);
        hub.onEnvelope(null, range(0, 0.7f), 200);
        hub.onEnvelope(null, range(9, 0.1f), 250); // no role for sensor 9
        hub.onEnvelope(null, Envelope.newBuilder().setBatteryState(BatteryState.newBuilder().setPercent(80)).build(), 300);
        hub.onEnvelope(null, Envelope.newBuilder().setEvent(Event.newBuilder().setName("x")).build(), 400);
        assertThat(front.rangeM()).isEqualTo(0.7f, org.assertj.core.api.Assertions.within(1e-6));
        assertThat(rear.rangeM()).isEqualTo(2.5, org.assertj.core.api.Assertions.within(1e-6));
        assertThat(rear.latest().ageNs(1100)).isEqualTo(1000);
        assertThat(battery.latest().value(BatteryMonitor.PERCENT)).isEqualTo(80);
        assertThat(downstream).containsExactly("RANGE_READING", "EVENT");
    }

    @Test
    void forwardConsumedAlsoSendsReadingsDownstream() {
        DeviceHub hub = new DeviceHub(sink, front).forwardConsumed(true);
        hub.onEnvelope(null, range(0, 1f), 1);
        assertThat(front.latest().count()).isEqualTo(1);
        assertThat(downstream).containsExactly("RANGE_READING");
    }

    @Test
    void deviceLostReachesDownstreamAndWithoutDownstreamNothingFails() {
        new DeviceHub(sink, front).onDeviceLost(null, "gone");
        assertThat(downstream).containsExactly("lost");
        DeviceHub alone = new DeviceHub(null, front);
        alone.onEnvelope(null, Envelope.getDefaultInstance(), 1);
        alone.onDeviceLost(null, "gone");
        assertThat(front.rangeM()).isNaN();
    }
}
