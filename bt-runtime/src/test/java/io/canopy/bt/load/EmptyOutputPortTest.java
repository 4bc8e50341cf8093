package io.canopy.bt.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.bt.Blackboard;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.Status;
import io.canopy.bt.Tree;
import io.canopy.bt.TreeContext;
import io.canopy.bt.standin.StandIn;
import io.canopy.tick.DeadlineTimerQueue;
import io.canopy.tick.ManualNanoClock;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Issue 31 item 2: an output port bound to "" (or "{}") loads as in BehaviorTree.CPP 4, writes dropped, one warning. */
class EmptyOutputPortTest {
    @Test
    void anEmptyOutputPortLoadsRunsAndIsNamedInOneWarning() throws Exception {
        Path f = V3FilesTest.file("aerostack2_empty_output_port.xml");
        XmlTreeLoader loader = new XmlTreeLoader(NodeRegistry.withBtcppBuiltins())
                .withStandIns(Map.of("WaitForEvent", new StandIn(Status.SUCCESS, 0, Map.of("result", "event!")),
                        "WaitForAlert", new StandIn(Status.SUCCESS, 0, Map.of("alert", "alert!"))));
        Blackboard bb = Blackboard.create();
        Tree t = loader.loadFile(f, bb, new TreeContext(new DeadlineTimerQueue(new ManualNanoClock()), 0));
        assertThat(t.tickOnce()).isEqualTo(Status.SUCCESS);
        assertThat(bb.find("result")).isNull();
        assertThat(loader.warnings()).filteredOn(w -> w.contains("output port")).containsExactly(
                f + ":8:42: <Decorator ID=\"WaitForEvent\">: output port 'result' is bound to \"\", not to a blackboard "
                        + "entry: what the node writes there is dropped (as BehaviorTree.CPP 4 does); write "
                        + "result=\"{result}\" to keep it, or remove the attribute",
                f + ":11:42: <Decorator ID=\"WaitForAlert\">: output port 'alert' is bound to \"{}\", not to a blackboard "
                        + "entry: what the node writes there is dropped (as BehaviorTree.CPP 4 does); write "
                        + "alert=\"{alert}\" to keep it, or remove the attribute");
    }
}
