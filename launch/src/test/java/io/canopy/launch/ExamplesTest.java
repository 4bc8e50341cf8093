package io.canopy.launch;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.launch.graph.Graphs;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.launch.read.FileCheck;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every file under launch/examples validates, with the defaults a user gets. */
class ExamplesTest {
    @Test
    void everyExampleFileIsValid() throws Exception {
        List<Path> files;
        try (Stream<Path> s = Files.walk(Path.of("examples"))) {
            files = s.filter(p -> p.toString().endsWith(".xml") || p.toString().endsWith(".scxml")).sorted().toList();
        }
        assertThat(files).extracting(Path::toString).contains("examples/patrol.launch.xml", "examples/serial-robot.launch.xml",
                "examples/mission.scxml", "examples/trees/patrol.xml", "examples/trees/dock.xml", "examples/trees/charge.xml");
        for (Path f : files) {
            assertThat(FileCheck.check(f, Map.of())).as(f.toString()).isEmpty();
        }
    }

    @Test
    void theSerialRobotTakesItsPortFromTheEnvironment() {
        LaunchPlan plan = LaunchLoader.load(Path.of("examples/serial-robot.launch.xml"), Map.of(),
                Map.of("CANOPY_PORT", "/dev/ttyACM7")::get);
        assertThat(plan.nodes().get(0).link("base").port()).isEqualTo("/dev/ttyACM7");
        LaunchPlan dflt = LaunchLoader.load(Path.of("examples/serial-robot.launch.xml"), Map.of(), k -> null);
        assertThat(dflt.nodes().get(0).link("base").port()).isEqualTo("/dev/ttyUSB0");
    }

    @Test
    void theDemoGraphsAsOneDigraphWithAClusterPerMachineAndTree() {
        String dot = Graphs.dot(Path.of("examples/patrol.launch.xml"), null);
        assertThat(dot.split("digraph ", -1)).as("one digraph: valid DOT").hasSize(2);
        assertThat(dot).contains("label=\"mission\"", "label=\"Patrol\"", "label=\"Dock\"", "label=\"Charge\"",
                "label=\"ReactiveFallback\"", "label=\"battery [_event.data < 20]\"");
    }
}
