package io.canopy.bt.observe;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.bt.Tree;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ConsoleTraceTest {
    private static final String XML = ObservedTrees.tree("""
            <Sequence><AlwaysSuccess name="first"/><Sequence name="inner"><Sleep name="nap" msec="250"/></Sequence>
            </Sequence>""");

    @Test
    void printsTimePathAndBothStatuses() {
        ObservedTrees t = new ObservedTrees();
        Tree tree = t.load(XML);
        TreeObserver observer = TreeObserver.attach(tree);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ConsoleTrace trace = new ConsoleTrace(observer, new PrintStream(bytes, true, StandardCharsets.UTF_8), null);
        tree.tickExactlyOnce();
        t.advanceMs(250);
        tree.tickExactlyOnce();
        assertThat(trace.drain()).isEqualTo(11); // 5 in the first tick, 6 in the second
        String[] lines = bytes.toString(StandardCharsets.UTF_8).split("\n");
        assertThat(lines[0]).isEqualTo("[    0.000] Main  Sequence/first  IDLE -> SUCCESS");
        assertThat(lines[2]).isEqualTo("[    0.000] Main  Sequence/inner/nap  IDLE -> RUNNING");
        assertThat(lines[5]).isEqualTo("[    0.250] Main  Sequence/inner/nap  RUNNING -> SUCCESS");
    }

    @Test
    void aNodeFilterKeepsThatNodeAndItsDescendants() {
        ObservedTrees t = new ObservedTrees();
        Tree tree = t.load(XML);
        TreeObserver observer = TreeObserver.attach(tree);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ConsoleTrace trace = new ConsoleTrace(observer, new PrintStream(bytes, true, StandardCharsets.UTF_8), "inner");
        assertThat(trace.showsAnything()).isTrue();
        tree.tickExactlyOnce();
        trace.drain();
        assertThat(bytes.toString(StandardCharsets.UTF_8)).contains("inner/nap  IDLE -> RUNNING")
                .contains("Sequence/inner  IDLE -> RUNNING").doesNotContain("first");
        assertThat(new ConsoleTrace(observer, System.out, "nosuchnode").showsAnything()).isFalse();
    }
}
