package io.canopy.launch.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class SubstitutionsTest {
    private final Substitutions s = new Substitutions(Map.of("robot", "r1", "key", "HOME_DIR"),
            Map.of("HOME_DIR", "/home/r", "EMPTY", "")::get, "/launch");

    @Test
    void expandsVariablesEnvironmentAndDirname() throws Exception {
        assertThat(s.expand("$(var robot)/cmd")).isEqualTo("r1/cmd");
        assertThat(s.expand("$(env HOME_DIR)")).isEqualTo("/home/r");
        assertThat(s.expand("$(env EMPTY fallback)")).as("set but empty is set").isEmpty();
        assertThat(s.expand("$(env UNSET /dev/ttyUSB0)")).isEqualTo("/dev/ttyUSB0");
        assertThat(s.expand("$(env UNSET 'a (b) c')")).isEqualTo("a (b) c");
        assertThat(s.expand("$(dirname)/x.xml")).isEqualTo("/launch/x.xml");
        assertThat(s.expand("plain")).isEqualTo("plain");
    }

    @Test
    void substitutionsNest() throws Exception {
        assertThat(s.expand("$(env $(var key))")).isEqualTo("/home/r");
        assertThat(s.expand("$(env UNSET $(var robot))")).isEqualTo("r1");
    }

    @Test
    void mistakesSayHowToFixThem() {
        assertThatThrownBy(() -> s.expand("$(var robt)")).hasMessageContaining("did you mean 'robot'");
        assertThatThrownBy(() -> s.expand("$(var robot")).hasMessageContaining("unclosed '$('");
        assertThatThrownBy(() -> s.expand("$(find pkg)")).hasMessageContaining("unknown substitution \"$(find pkg)\"");
        assertThatThrownBy(() -> s.expand("$(env UNSET)")).hasMessageContaining("UNSET is not set");
        assertThatThrownBy(() -> s.expand("$(var a b)")).hasMessageContaining("takes one argument");
    }

    @Test
    void nestingDeeperThanTheLimitIsOneErrorNotAStackOverflow() throws Exception {
        String ok = "$(env UNSET ".repeat(Substitutions.MAX_NESTING) + "z" + ")".repeat(Substitutions.MAX_NESTING);
        assertThat(s.expand(ok)).isEqualTo("z");
        String deep = "$(env UNSET ".repeat(5000) + "z" + ")".repeat(5000);
        assertThatThrownBy(() -> s.expand(deep)).isInstanceOf(Substitutions.Failure.class)
                .hasMessageContaining("nested more than 32 levels deep");
    }
}
