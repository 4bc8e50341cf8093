package io.canopy.launch;

import static io.canopy.launch.LaunchFiles.launch;
import static io.canopy.launch.LaunchFiles.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.canopy.launch.plan.MonitorPlan;
import io.canopy.launch.plan.NodePlan;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code <web port bind control/>} and {@code <status hz/>} in a node: read into its MonitorPlan, every error at once. */
class MonitorElementsTest {
    @TempDir
    Path dir;

    private NodePlan node(String body) {
        return LaunchLoader.load(write(dir, "n.launch.xml", launch("<node name=\"n\">" + body + "</node>")), Map.of(), k -> null)
                .nodes().get(0);
    }

    @Test
    void withoutTheElementsThereIsNoPageAndTheStatusGoesAtFiveHertz() {
        MonitorPlan m = node("<timer name=\"control\" hz=\"50\"/>").monitor();
        assertThat(m.webPort()).isZero();
        assertThat(m.webBind()).isEqualTo("127.0.0.1");
        assertThat(m.webControl()).isFalse();
        assertThat(m.statusHz()).isEqualTo(5.0);
    }

    @Test
    void webAndStatusAreRead() {
        MonitorPlan m = node("<web port=\"9090\" bind=\"0.0.0.0\" control=\"true\"/><status hz=\"10\"/>").monitor();
        assertThat(m).extracting(MonitorPlan::webPort, MonitorPlan::webBind, MonitorPlan::webControl, MonitorPlan::statusHz)
                .containsExactly(9090, "0.0.0.0", true, 10.0);
        assertThat(node("<status hz=\"0\"/>").monitor().statusHz()).isZero();
        assertThat(node("<web/>").monitor().webPort()).isEqualTo(8080);
    }

    @Test
    void badAttributesAreEachReportedWithLineAndElement() {
        LaunchException e = catchThrowableOfType(LaunchException.class, () -> node(
                "\n<web port=\"http\" colour=\"red\"/>\n<status hz=\"-3\"/>\n<web port=\"1\"/>\n<status><x/></status>"));
        assertThat(e).isNotNull();
        assertThat(e.errors()).anySatisfy(l -> assertThat(l).contains("n.launch.xml:4:", "<web>", "\"http\" is not a whole number"));
        assertThat(e.errors()).anySatisfy(l -> assertThat(l).contains("<web>", "unknown attribute 'colour'"));
        assertThat(e.errors()).anySatisfy(l -> assertThat(l).contains("n.launch.xml:5:", "<status>", "out of range"));
        assertThat(e.errors()).anySatisfy(l -> assertThat(l).contains("n.launch.xml:6:", "at most one <web>"));
        assertThat(e.errors()).anySatisfy(l -> assertThat(l).contains("<status> takes no child elements"));
    }
}
