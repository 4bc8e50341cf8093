package io.canopy.statemachine;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.statemachine.build.ScxmlLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Sends to targets outside SCXML sessions go to the context's event sink; logs go to its log sink. */
class SendTargetsTest {
    private static final String DOC = "<scxml xmlns='http://www.w3.org/2005/07/scxml' version='1.0' datamodel='ecmascript'>"
            + "<datamodel><data id='speed' expr='0.5'/></datamodel>"
            + "<state id='a'><onentry><send target='motors/left' event='drive' namelist='speed'/>"
            + "<log label='sent' expr=\"'drive ' + speed\"/></onentry>"
            + "<transition event='error.execution' target='refused'/></state><final id='refused'/></scxml>";

    @Test
    void anAcceptingSinkReceivesTheEventAndItsData() {
        List<Object> sent = new ArrayList<>();
        List<String> logged = new ArrayList<>();
        MachineContext context = new MachineContext(null)
                .onSend((from, target, event, data) -> sent.add(List.of(target, event, data)))
                .onLog((m, label, value) -> logged.add(label + "=" + value));
        Machine m = ScxmlLoader.parse(DOC, "send.scxml").newMachine(context);
        m.start();
        assertThat(sent).containsExactly(List.of("motors/left", "drive", Map.of("speed", 0.5)));
        assertThat(logged).containsExactly("sent=drive 0.5");
        assertThat(m.activeStates()).containsExactly("a");
    }

    @Test
    void aRefusingSinkOrNoSinkRaisesErrorExecution() {
        Machine refused = ScxmlLoader.parse(DOC, "send.scxml")
                .newMachine(new MachineContext(null).onSend((from, target, event, data) -> false));
        refused.start();
        assertThat(refused.finalStateId()).isEqualTo("refused");
        Machine noSink = ScxmlLoader.parse(DOC, "send.scxml").newMachine(new MachineContext(null));
        noSink.start();
        assertThat(noSink.finalStateId()).isEqualTo("refused");
        assertThat(noSink.currentEvent().name()).isEqualTo("error.execution");
    }
}
