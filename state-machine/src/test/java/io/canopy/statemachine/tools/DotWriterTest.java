package io.canopy.statemachine.tools;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.statemachine.build.StatechartBuilder;
import org.junit.jupiter.api.Test;

class DotWriterTest {
    @Test
    void compoundStatesAreClustersAndTransitionsAreLabelled() {
        StatechartBuilder b = new StatechartBuilder("mission");
        StatechartBuilder.StateBuilder work = b.state("work");
        work.history("h", true, "patrol");
        work.state("patrol").on("low", "dock").when(m -> true, "battery < 20");
        work.parallel("inspect").state("camera");
        b.state("dock").on("charged", "h");
        b.finalState("done");
        String dot = b.build().toDot();
        assertThat(dot).startsWith("digraph \"mission\" {").endsWith("}\n");
        assertThat(dot).contains("subgraph \"cluster_work\"", "subgraph \"cluster_inspect\"", "(parallel)");
        assertThat(dot).contains("\"patrol\" -> \"dock\" [label=\"low [battery < 20]\"");
        assertThat(dot).contains("\"dock\" -> \"h\" [label=\"charged\"", "\"h\" [shape=circle, width=0.3, label=\"H*\"]");
        assertThat(dot).contains("\"done\" [shape=doublecircle");
        assertThat(dot).contains("\"__start\" -> \"anchor:work\" [label=\"\", lhead=\"cluster_work\"]");
    }
}
