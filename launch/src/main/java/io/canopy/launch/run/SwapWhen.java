package io.canopy.launch.run;

/**
 * When a deployed tree replaces the running one, checked by the tick thread at the start of the tree's tick: {@code now}
 * (halt the old tree and start the new one in this tick), {@code idle} (once the old tree is not running: its machine
 * state is inactive, or its run has ended) or {@code state:NAME} (once {@code machine} is in state {@code state}).
 *
 * @param kind    {@link #NOW}, {@link #IDLE} or {@link #STATE}
 * @param machine the machine whose state is waited for ({@link #STATE} only), else null
 * @param state   that state's index in the machine's chart, else -1
 */
public record SwapWhen(int kind, MachineSlot machine, int state) {
    public static final int NOW = 0;
    public static final int IDLE = 1;
    public static final int STATE = 2;

    public static final SwapWhen AT_ONCE = new SwapWhen(NOW, null, -1);
    public static final SwapWhen WHEN_IDLE = new SwapWhen(IDLE, null, -1);

    /** Tick thread: whether the swap may happen now, given whether the tree's old run is on and running. */
    boolean ready(boolean oldRunning) {
        return switch (kind) {
            case NOW -> true;
            case IDLE -> !oldRunning;
            default -> machine.machine().isActive(state);
        };
    }

    /** For messages: {@code now}, {@code idle} or {@code state:NAME}. */
    public String text() {
        return switch (kind) {
            case NOW -> "now";
            case IDLE -> "idle";
            default -> "state:" + machine.chart.stateId(state);
        };
    }
}
