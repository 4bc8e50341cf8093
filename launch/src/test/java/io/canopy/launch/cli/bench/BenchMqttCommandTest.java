package io.canopy.launch.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.launch.cli.CanopyMain;
import io.canopy.launch.cli.ValidateCommandTest;
import org.junit.jupiter.api.Test;

class BenchMqttCommandTest {

    @Test
    void roundTripsThroughTheEmbeddedBrokerAreCountedAndPrintedAsJson() {
        Object[] r = ValidateCommandTest.run("bench", "mqtt", "--count", "50", "--warmup", "10", "--burst", "100", "--json");
        assertThat(r[0]).as((String) r[2]).isEqualTo(CanopyMain.EXIT_OK);
        String[] lines = ((String) r[1]).strip().split("\n");
        String json = lines[lines.length - 1];
        assertThat(json).startsWith("{").endsWith("}")
                .contains("\"broker\":\"embedded-moquette\"", "\"qos\":1", "\"tcp_nodelay\":true", "\"round_trips\":50",
                        "\"p50_us\":", "\"p99_us\":", "\"burst\":100");
        double p50 = Double.parseDouble(json.replaceAll(".*\"p50_us\":([0-9.]+).*", "$1"));
        assertThat(p50).as("a round trip takes some time").isPositive();
    }

    @Test
    void aQosOtherThanZeroOrOneIsBadInput() {
        Object[] r = ValidateCommandTest.run("bench", "mqtt", "--qos", "2");
        assertThat(r[0]).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat(((String) r[2]).strip()).isEqualTo("canopy: --qos 2: use 0 or 1");
    }
}
