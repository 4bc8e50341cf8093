package io.canopy.launch.status;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.canopy.proto.MachineState;
import io.canopy.proto.MachineTransition;
import io.canopy.proto.TreeLayout;
import io.canopy.proto.TreeNodes;
import java.util.List;
import org.junit.jupiter.api.Test;

/** canopy echo's lines for the full status: node names from the retained layout, statuses grouped, machines readable. */
class StatusTextTest {
    static final String XML = """
            <root BTCPP_format="4">
              <BehaviorTree ID="Main" _fullpath="">
                <Sequence _uid="1" name="Seq">
                  <AlwaysSuccess _uid="2" name="First"/>
                  <SubTree ID="Sub" _fullpath="Sub" _uid="3"/>
                </Sequence>
              </BehaviorTree>
              <BehaviorTree ID="Sub" _fullpath="Sub">
                <Action _uid="4" name="Deep"/>
              </BehaviorTree>
              <TreeNodesModel><Action ID="Action"><input_port name="goal" default="{goal}">where to</input_port></Action></TreeNodesModel>
            </root>""";

    @Test
    void subtreeContentsHangUnderTheirSubTreeNode() {
        TreeShape s = TreeShape.parse(XML);
        assertThat(s.nodes()).extracting(TreeShape.Node::path).containsExactly("Seq", "Seq/First", "Seq/Sub", "Seq/Sub/Deep");
        assertThat(s.nodes().get(3).parent()).isEqualTo(3);
        assertThat(s.ports().get("Action")).singleElement().satisfies(p -> {
            assertThat(p.name()).isEqualTo("goal");
            assertThat(p.defaultValue()).isEqualTo("{goal}");
        });
    }

    @Test
    void echoPrintsStatusesByNameOnceTheLayoutWasSeen() {
        String topic = "r1/n/status/trees/main";
        assertThat(StatusText.format(topic + "/xml", TreeLayout.newBuilder().setTree("main").setXml(XML).build()))
                .contains("tree_layout { tree: main, 4 nodes");
        TreeNodes t = TreeNodes.newBuilder().setTree("main").setTick(7).setActive(true)
                .setStatuses(ByteString.copyFrom(new byte[] {1, 2, 1, 3})).build();
        assertThat(StatusText.format(topic, t)).isEqualTo(
                "tree_nodes { main tick 7: running 1=Seq 3=Sub | success 2=First | failure 4=Deep | 0 idle of 4 }");
        MachineState m = MachineState.newBuilder().setMachine("mission").addAllActiveStates(List.of("Mission", "ReturnToDock"))
                .addLastTransitions(MachineTransition.newBuilder().addFrom("Patrol").addTo("ReturnToDock").setStampNs(1_000_000_000L))
                .setTransitions(1).build();
        assertThat(StatusText.format("r1/n/status/machines/mission", m)).isEqualTo(
                "machine_state { mission: Mission, ReturnToDock | last: Patrol -> ReturnToDock at 1970-01-01T00:00:01Z | transitions: 1 }");
    }
}
