package io.canopy.statemachine.tools;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.statemachine.build.ScxmlLoader;
import java.io.BufferedReader;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScxmlDriverTest {
    private static final String CHART = "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\" "
            + "datamodel=\"ecmascript\" initial=\"idle\"><datamodel><data id=\"speed\" expr=\"0\"/></datamodel>"
            + "<state id=\"idle\"><transition event=\"go\" target=\"moving\">"
            + "<assign location=\"speed\" expr=\"_event.data.v\"/></transition></state>"
            + "<state id=\"moving\"><onentry><send event=\"arrived\" delay=\"2s\"/></onentry>"
            + "<transition event=\"arrived\" target=\"done\"/></state><final id=\"done\"/></scxml>";

    @TempDir
    Path dir;

    private String run(boolean trace, String script) throws Exception {
        StringWriter text = new StringWriter();
        ScxmlDriver d = new ScxmlDriver(ScxmlLoader.parse(CHART, "drive.scxml"), new PrintWriter(text), trace);
        d.start();
        assertThat(d.run(new BufferedReader(new StringReader(script)), false)).isTrue();
        return text.toString();
    }

    @Test
    void runShowsEachStepWithDataChangesAndDelayedSends() throws Exception {
        String out = run(false, "go {\"v\": 3}\n:data\n:wait 1000\n:wait 1500\n");
        assertThat(out).contains("  active  idle\n")
                .contains("go:\n  transition idle -> moving on go\n  exited  idle\n  entered moving\n  data    speed: 0 -> 3\n"
                        + "  active  moving\n")
                .contains("  speed = 3\n")
                .contains(":wait 1000:\n  active  moving\n")
                .contains(":wait 1500:\n  transition moving -> done on arrived\n  exited  moving\n  entered done\n"
                        + "  active  done   (finished in done)\n");
    }

    @Test
    void traceGivesOneLinePerEvent() throws Exception {
        assertThat(run(true, "nothing\ngo {\"v\": 1}\n:wait 2000\n"))
                .isEqualTo("initial -> idle\nnothing -> idle\ngo -> moving\n:wait 2000 -> done\n");
    }

    @Test
    void saveAndLoadResumeTheMachine() throws Exception {
        Path snap = dir.resolve("m.snapshot");
        String out = run(false, "go {\"v\": 2}\n:save " + snap + "\n:reset\n:load " + snap + "\n:data\n");
        assertThat(out).contains("saved to " + snap).contains("loaded " + snap + ": [moving]").endsWith("  speed = 2\n");
    }

    @Test
    void badLinesAreReportedAndTheRunGoesOn() throws Exception {
        StringWriter text = new StringWriter();
        ScxmlDriver d = new ScxmlDriver(ScxmlLoader.parse(CHART, "drive.scxml"), new PrintWriter(text), false);
        d.start();
        boolean ok = d.run(new BufferedReader(new StringReader("go {oops\n:frobnicate\ngo {\"v\": 5}\n")), false);
        assertThat(ok).isFalse();
        assertThat(text.toString()).contains("error: event 'go': the data {oops is not JSON")
                .contains("error: unknown command ':frobnicate'").contains("speed: 0 -> 5");
    }

    @Test
    void runShowsEveryMicrostepOfAMacrostepWithItsTransitionAndDataOnTheFullEngineToo() throws Exception {
        for (String engine : new String[] {"compiled", "full"}) {
            String chart = "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\" datamodel-engine=\"" + engine
                    + "\"><datamodel><data id=\"n\" expr=\"0\"/><data id=\"o\" expr=\"({a: 1, b: ['x']})\"/></datamodel>"
                    + "<state id=\"a\"><transition event=\"go\" target=\"b\"><assign location=\"n\" expr=\"1\"/></transition></state>"
                    + "<state id=\"b\"><transition cond=\"n == 1\" target=\"c\"><assign location=\"n\" expr=\"2\"/></transition></state>"
                    + "<state id=\"c\"/></scxml>";
            StringWriter text = new StringWriter();
            ScxmlDriver d = new ScxmlDriver(ScxmlLoader.parse(chart, "micro.scxml"), new PrintWriter(text), false);
            d.start();
            d.handle("go");
            assertThat(text.toString()).as(engine).contains("  data    o: undefined -> {a: 1, b: ['x']}\n").contains("go:\n"
                    + "  transition a -> b on go\n  exited  a\n  entered b\n  data    n: 0 -> 1\n"
                    + "  transition b -> c [n == 1]\n  exited  b\n  entered c\n  data    n: 1 -> 2\n"
                    + "  active  c\n");
        }
    }
}
