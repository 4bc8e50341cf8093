package io.canopy.bt.tracing;

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

class TraceTest {
    private final SeedTrees t = new SeedTrees();

    @Test
    void traceLogsTheSubtreeHierarchically() {
        Logger log = (Logger) org.slf4j.LoggerFactory.getLogger("io.canopy.bt.trace");
        ListAppender<ILoggingEvent> appender = new ListAppender<>();
        appender.start();
        log.addAppender(appender);
        Level old = log.getLevel();
        log.setLevel(Level.DEBUG);
        try {
            t.leaf("A", RUNNING);
            Tree tree = t.load("<Trace name=\"t\"><Sequence><Succeed/><A/></Sequence></Trace>");
            tree.tickExactlyOnce();
            assertThat(appender.list).hasSize(1);
            assertThat(appender.list.get(0).getFormattedMessage()).isEqualTo(
                    "trace 't' tick 1: RUNNING\n  Sequence: RUNNING\n    Succeed: IDLE\n    A: RUNNING");
        } finally {
            log.setLevel(old);
            log.detachAppender(appender);
        }
    }
}
