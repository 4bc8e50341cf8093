package io.canopy.statemachine;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.statemachine.build.ScxmlLoader;
import io.canopy.tick.Event;
import io.canopy.tick.EventKind;
import io.canopy.tick.ManualNanoClock;
import io.canopy.tick.Ticker;
import org.junit.jupiter.api.Test;

/** A machine on a named timer of a deterministic ticker: events per tick, delayed sends as one-shot timers. */
class TickerBindingTest {
    private static final long MS = 1_000_000L;

    private static Statechart chart() {
        return ScxmlLoader.parse("<scxml xmlns='http://www.w3.org/2005/07/scxml' version='1.0' datamodel='ecmascript'>"
                + "<state id='idle'><transition event='go' target='moving'/></state>"
                + "<state id='moving'><onentry><send id='watchdog' event='timeout' delay='250ms'/></onentry>"
                + "<transition event='arrived' target='idle'><cancel sendid='watchdog'/></transition>"
                + "<transition event='timeout' target='stopped'/></state>"
                + "<final id='stopped'/></scxml>", "mission");
    }

    @Test
    void offeredEventsAreTakenAtTheNextTickAndDelayedSendsFireOnTheTickerClock() {
        ManualNanoClock clock = new ManualNanoClock();
        Ticker ticker = new Ticker("control", clock);
        Machine m = chart().newMachine(new MachineContext(ticker.oneShotTimers()));
        ticker.addTimerHz("control", 100).addListener(m);
        m.start();
        ticker.startDeterministic();

        m.offer("go", null);
        assertThat(m.activeStates()).containsExactly("idle");
        ticker.advance(10 * MS);
        assertThat(m.activeStates()).containsExactly("moving");

        ticker.advance(200 * MS);
        assertThat(m.activeStates()).containsExactly("moving");
        ticker.advance(60 * MS);
        assertThat(m.isFinished()).isTrue();
        assertThat(m.finalStateId()).isEqualTo("stopped");
        assertThat(clock.nanoTime()).isEqualTo(270 * MS);
    }

    @Test
    void cancelledDelayedSendsNeverFire() {
        ManualNanoClock clock = new ManualNanoClock();
        Ticker ticker = new Ticker("control", clock);
        Machine m = chart().newMachine(new MachineContext(ticker.oneShotTimers()));
        ticker.addTimerHz("control", 100).addListener(m);
        m.start();
        ticker.startDeterministic();
        m.offer("go", null);
        ticker.advance(100 * MS);
        m.onEvent(new Event().set(EventKind.COMMAND, "arrived", clock.nanoTime()));
        ticker.advance(10 * MS);
        assertThat(m.activeStates()).containsExactly("idle");
        assertThat(ticker.oneShotTimers().isEmpty()).isTrue();
        ticker.advance(10_000 * MS);
        assertThat(m.activeStates()).containsExactly("idle");
    }
}
