package io.canopy.launch.status;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.proto.MachineTransition;
import org.junit.jupiter.api.Test;

/** Transitions read back from the recorder's descriptions: source, targets and event. */
class MachineHistoryTest {
    @Test
    void transitionTextsAreTakenApart() {
        MachineTransition t = MachineHistory.parse("Patrol -> ReturnToDock on battery [_event.data < 20]", 5);
        assertThat(t.getFromList()).containsExactly("Patrol");
        assertThat(t.getToList()).containsExactly("ReturnToDock");
        assertThat(t.getEvent()).isEqualTo("battery");
        assertThat(t.getStampNs()).isEqualTo(5);
        MachineTransition multi = MachineHistory.parse("Mission -> A B (eventless)", 0);
        assertThat(multi.getToList()).containsExactly("A", "B");
        assertThat(multi.getEvent()).isEmpty();
        MachineTransition internal = MachineHistory.parse("Idle -> (targetless) on tick.* error.x", 0);
        assertThat(internal.getToList()).isEmpty();
        assertThat(internal.getEvent()).isEqualTo("tick.* error.x");
    }
}
