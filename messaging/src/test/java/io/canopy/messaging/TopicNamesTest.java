package io.canopy.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.canopy.InputException;
import java.util.List;
import org.junit.jupiter.api.Test;

class TopicNamesTest {
    private final TopicNames names = new TopicNames("/robot1/", "controller", List.of("cmd:=/fleet/robot1/cmd", "~raw:=~filtered"));

    @Test
    void relativeNamesLiveInTheNamespace() {
        assertThat(names.resolveTopic("cmd/goal")).isEqualTo("robot1/cmd/goal");
        assertThat(names.nodePath()).isEqualTo("robot1/controller");
    }

    @Test
    void privateNamesLiveUnderTheNode() {
        assertThat(names.resolveTopic("~range")).isEqualTo("robot1/controller/range");
        assertThat(names.resolveTopic("~/range")).isEqualTo("robot1/controller/range");
    }

    @Test
    void globalNamesLoseTheirLeadingSlash() {
        assertThat(names.resolveTopic("/fleet/status")).isEqualTo("fleet/status");
    }

    @Test
    void remappingsApplyToResolvedNames() {
        assertThat(names.resolveTopic("cmd")).isEqualTo("fleet/robot1/cmd");
        assertThat(names.resolveTopic("/robot1/cmd")).isEqualTo("fleet/robot1/cmd");
        assertThat(names.resolveTopic("~raw")).isEqualTo("robot1/controller/filtered");
        assertThat(names.resolveTopic("cmd/goal")).isEqualTo("robot1/cmd/goal");
    }

    @Test
    void noNamespaceMeansTopLevel() {
        TopicNames bare = new TopicNames("", "echo", List.of());
        assertThat(bare.resolveTopic("x/y")).isEqualTo("x/y");
        assertThat(bare.resolveTopic("~state")).isEqualTo("echo/state");
    }

    @Test
    void wildcardsOnlyInSubscriptionsAndAsWholeLevels() {
        assertThat(names.resolveFilter("+/state")).isEqualTo("robot1/+/state");
        assertThat(names.resolveFilter("/#")).isEqualTo("#");
        assertThatThrownBy(() -> names.resolveTopic("+/state")).isInstanceOf(InputException.class)
                .hasMessageContaining("'+' is an MQTT wildcard, allowed only in subscriptions");
        assertThatThrownBy(() -> names.resolveFilter("a#")).isInstanceOf(InputException.class)
                .hasMessageContaining("must fill a whole level");
        assertThatThrownBy(() -> names.resolveFilter("#/a")).isInstanceOf(InputException.class)
                .hasMessageContaining("be the last one");
    }

    @Test
    void aFilterIsCheckedAndReportedExactlyAsTyped() {
        assertThat(TopicNames.checkFilter("robot1/#")).isEqualTo("robot1/#");
        assertThat(TopicNames.checkFilter("/robot1/+/state")).isEqualTo("robot1/+/state");
        assertThatThrownBy(() -> TopicNames.checkFilter("t/#/x")).isInstanceOf(InputException.class)
                .hasMessage("topic filter 't/#/x': wildcard '#' must fill a whole level and be the last one"
                        + " (for example robot1/+/state or robot1/#)");
        assertThatThrownBy(() -> TopicNames.checkFilter("")).isInstanceOf(InputException.class)
                .hasMessageStartingWith("topic filter '': must not be empty");
    }

    @Test
    void badNamesAreInputErrorsThatSayHowToFix() {
        assertThatThrownBy(() -> names.resolveTopic("a//b")).isInstanceOf(InputException.class)
                .hasMessage("topic name 'a//b': resolves to 'robot1/a//b', which has an empty level (a doubled or"
                        + " trailing '/'); remove it");
        assertThatThrownBy(() -> names.resolveTopic("")).isInstanceOf(InputException.class).hasMessageContaining("must not be empty");
        assertThatThrownBy(() -> new TopicNames("r", "a/b", List.of())).isInstanceOf(InputException.class)
                .hasMessageContaining("node name 'a/b'");
        assertThatThrownBy(() -> new TopicNames("r", "n", List.of("cmd=x"))).isInstanceOf(InputException.class)
                .hasMessage("remapping 'cmd=x': expected from:=to with both sides non-empty (for example cmd:=/robot2/cmd)");
    }
}
