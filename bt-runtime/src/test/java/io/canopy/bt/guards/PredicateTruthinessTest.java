package io.canopy.bt.guards;

import static io.canopy.bt.Status.FAILURE;
import static io.canopy.bt.Status.RUNNING;
import static io.canopy.bt.Status.SUCCESS;
import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.bt.Status;
import io.canopy.bt.Tree;
import io.canopy.bt.catalog.SeedTrees;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * cark's :predicate: "The node will succeed if this returns a truthy value, fail otherwise" (:pred defaults
 * to identity): any value is judged by truthiness, not only 0 and 1.
 */
class PredicateTruthinessTest {
    private static Status predicate(String cond, Consumer<SeedTrees> setUp) {
        SeedTrees t = new SeedTrees();
        setUp.accept(t);
        Tree tree = t.load("<Predicate if=\"" + cond + "\"/>");
        return tree.tickExactlyOnce();
    }

    @Test
    void truthyValuesSucceed() {
        assertThat(predicate("n", t -> t.blackboard.set("n", 2L))).isEqualTo(SUCCESS);
        assertThat(predicate("n", t -> t.blackboard.set("n", -0.5))).isEqualTo(SUCCESS);
        assertThat(predicate("s", t -> t.blackboard.set("s", "abc"))).isEqualTo(SUCCESS);
        assertThat(predicate("{s}", t -> t.blackboard.set("s", "abc"))).isEqualTo(SUCCESS);
        assertThat(predicate("l", t -> t.blackboard.entry("l").setObject(List.of(1)))).isEqualTo(SUCCESS);
        assertThat(predicate("b", t -> t.blackboard.set("b", true))).isEqualTo(SUCCESS);
        assertThat(predicate("n * 3", t -> t.blackboard.set("n", 2L))).isEqualTo(SUCCESS);
        assertThat(predicate("'x' + n", t -> t.blackboard.set("n", 0L))).isEqualTo(SUCCESS);
    }

    @Test
    void falsyValuesFail() {
        assertThat(predicate("n", t -> t.blackboard.set("n", 0L))).isEqualTo(FAILURE);
        assertThat(predicate("n", t -> t.blackboard.set("n", 0.0))).isEqualTo(FAILURE);
        assertThat(predicate("b", t -> t.blackboard.set("b", false))).isEqualTo(FAILURE);
        assertThat(predicate("s", t -> t.blackboard.set("s", ""))).isEqualTo(FAILURE);
        assertThat(predicate("s", t -> t.blackboard.set("s", "false"))).isEqualTo(FAILURE);
        assertThat(predicate("l", t -> t.blackboard.entry("l").setObject(List.of()))).isEqualTo(FAILURE);
        assertThat(predicate("missing", t -> { })).as("no value").isEqualTo(FAILURE);
        assertThat(predicate("n - 2", t -> t.blackboard.set("n", 2L))).isEqualTo(FAILURE);
    }

    @Test
    void waitStaysRunningUntilTheValueIsTruthy() {
        SeedTrees t = new SeedTrees();
        t.blackboard.set("count", 0L);
        Tree tree = t.load("<Predicate if=\"count\" wait=\"true\"/>");
        assertThat(tree.tickExactlyOnce()).isEqualTo(RUNNING);
        t.blackboard.set("count", 3L);
        assertThat(tree.tickExactlyOnce()).isEqualTo(SUCCESS);
    }

    @Test
    void repeatWhileAndPickUseTheSameTruthiness() {
        SeedTrees t = new SeedTrees();
        t.blackboard.set("left", 3L);
        Tree tree = t.load("<RepeatWhile while=\"left\"><Update code=\"left := left - 1\"/></RepeatWhile>");
        assertThat(tree.tickOnce()).isEqualTo(SUCCESS);
        assertThat(t.blackboard.entry("left").longValue()).isZero();
    }
}
