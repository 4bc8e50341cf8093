package io.canopy.bt.loops;

import static io.canopy.bt.Status.FAILURE;
import static io.canopy.bt.Status.RUNNING;
import static io.canopy.bt.Status.SUCCESS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.canopy.InputException;
import io.canopy.bt.Tree;
import io.canopy.bt.catalog.SeedTrees;
import java.util.List;
import org.junit.jupiter.api.Test;

class RerunNodesTest {
    private final SeedTrees t = new SeedTrees();

    @Test
    void untilSuccessAndUntilFailureRerunTheirChild() {
        t.leaf("Try", FAILURE, FAILURE, SUCCESS).leaf("Hold", SUCCESS, RUNNING, FAILURE);
        Tree a = t.load("<UntilSuccess><Try/></UntilSuccess>");
        assertThat(SeedTrees.tick(a, 3)).containsExactly(RUNNING, RUNNING, SUCCESS);
        Tree b = t.load("<UntilFailure><Hold/></UntilFailure>");
        assertThat(SeedTrees.tick(b, 3)).containsExactly(RUNNING, RUNNING, SUCCESS);
        assertThat(t.ticks("Hold")).isEqualTo(3);
    }

    @Test
    void repeatWhileRepeatsWhateverTheChildReturnsWhileTheConditionHolds() {
        t.blackboard.set("n", 0L);
        Tree tree = t.load("<RepeatWhile while=\"n &lt; 3\"><Sequence><Update code=\"n += 1\"/>"
                + "<Fail/></Sequence></RepeatWhile>");
        assertThat(tree.tickOnce()).isEqualTo(SUCCESS);
        assertThat(t.blackboard.entry("n").doubleValue()).isEqualTo(3);
        t.leaf("A", SUCCESS);
        Tree counted = t.load("<RepeatWhile count=\"2\"><A/></RepeatWhile>");
        assertThat(SeedTrees.tick(counted, 2)).containsExactly(RUNNING, SUCCESS);
        assertThatThrownBy(() -> t.load("<RepeatWhile><A/></RepeatWhile>")).isInstanceOf(InputException.class)
                .hasMessageContaining("repeats forever");
    }
}
