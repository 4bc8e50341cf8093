package io.canopy.launch.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.canopy.InputException;
import io.canopy.bt.Blackboard;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.Tree;
import io.canopy.bt.TreeContext;
import io.canopy.bt.load.XmlTreeLoader;
import io.canopy.tick.DeadlineTimerQueue;
import io.canopy.tick.ManualNanoClock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** --trace FILTER names trees, machines and nodes; Groot2 ports come from groot2_port or --groot2. */
class TraceFilterTest {
    private static Tree tree(String body) {
        return new XmlTreeLoader(NodeRegistry.withBuiltins()).loadText("<root BTCPP_format=\"4\"><BehaviorTree ID=\"Main\">" + body
                + "</BehaviorTree></root>", Blackboard.create(), new TreeContext(new DeadlineTimerQueue(new ManualNanoClock()), 1L));
    }

    private final Map<String, Tree> trees = new LinkedHashMap<>();

    TraceFilterTest() {
        trees.put("patrol", tree("<Sequence name=\"Route\"><AlwaysSuccess name=\"SouthWest\"/><AlwaysSuccess name=\"Go\"/></Sequence>"));
        trees.put("dock", tree("<Sequence name=\"Dock\"><AlwaysSuccess name=\"Go\"/></Sequence>"));
    }

    @Test
    void emptyShowsEverything() {
        TraceFilter f = TraceFilter.parse("", trees, List.of("mission"));
        assertThat(f.showsTree("patrol")).isTrue();
        assertThat(f.nodesOf("dock")).isNull();
        assertThat(f.showsMachine("mission")).isTrue();
    }

    @Test
    void treesMachinesNodesAndTreeSlashNode() {
        TraceFilter f = TraceFilter.parse("dock, mission", trees, List.of("mission", "arm"));
        assertThat(f.showsTree("dock")).isTrue();
        assertThat(f.nodesOf("dock")).isNull();
        assertThat(f.showsTree("patrol")).isFalse();
        assertThat(f.showsMachine("mission")).isTrue();
        assertThat(f.showsMachine("arm")).isFalse();

        TraceFilter go = TraceFilter.parse("Go", trees, List.of());
        assertThat(go.nodesOf("patrol")).isEqualTo(Set.of("Go"));
        assertThat(go.nodesOf("dock")).isEqualTo(Set.of("Go"));

        TraceFilter only = TraceFilter.parse("patrol/Go", trees, List.of());
        assertThat(only.nodesOf("patrol")).isEqualTo(Set.of("Go"));
        assertThat(only.showsTree("dock")).isFalse();
    }

    @Test
    void unknownNamesAreAllReportedWithSuggestions() {
        assertThatThrownBy(() -> TraceFilter.parse("SouthWst,patrol/Nope,dok/Go", trees, List.of("mission")))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("--trace SouthWst: no tree, machine or tree node is named 'SouthWst' (did you mean 'SouthWest'?)")
                .hasMessageContaining("--trace patrol/Nope: tree 'patrol' has no node named 'Nope'")
                .hasMessageContaining("--trace dok/Go: no tree named 'dok' (did you mean 'dock'?)");
    }

    @Test
    void groot2PortsKeepTheLaunchFilesAndNumberTheOthersAroundThem() {
        // --groot2 1667: trees without groot2_port get 1667, 1669 ..., skipping the pair 1669/1670 taken by the launch file
        assertThat(TreeMonitoring.groot2Ports(new int[] {0, 1669, 0, 0}, 1667)).containsExactly(1667, 1669, 1671, 1673);
        // no --groot2: only the launch file's
        assertThat(TreeMonitoring.groot2Ports(new int[] {0, 1700}, 0)).containsExactly(0, 1700);
        assertThat(TreeMonitoring.groot2Ports(new int[] {0, 0, 0}, 1667)).containsExactly(1667, 1669, 1671);
    }
}
