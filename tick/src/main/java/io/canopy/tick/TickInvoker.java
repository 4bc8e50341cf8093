package io.canopy.tick;

/**
 * Runs a {@link TickAgent} on the caller's thread on a {@link ManualNanoClock}, in the Agrona sense of an
 * agent invoker: {@link #advanceTo} runs, in deadline order, every tick and one-shot timer due at or before
 * the target, setting the clock to each deadline first. Trees, state machines, tree-test, scxml-test,
 * the launch tests and replay use it; runs are exactly repeatable.
 */
final class TickInvoker {
    private final TickAgent agent;
    private final ManualNanoClock clock;

    TickInvoker(TickAgent agent, ManualNanoClock clock) {
        this.agent = agent;
        this.clock = clock;
    }

    void advanceTo(long targetNs, ErrorHandler errors) {
        while (agent.hasWork()) {
            long next = agent.nextDeadlineNs();
            if (next - targetNs > 0) {
                break;
            }
            long now = clock.nanoTime();
            if (next - now > 0) {
                clock.setNs(next);
                now = next;
            }
            agent.doWork(now, errors);
        }
        if (targetNs - clock.nanoTime() > 0) {
            clock.setNs(targetNs);
        }
    }
}
