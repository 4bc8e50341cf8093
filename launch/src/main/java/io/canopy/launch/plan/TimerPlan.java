package io.canopy.launch.plan;

/** A named fixed-rate timer of a node ({@code <timer name hz>}). */
public record TimerPlan(String name, double hz, Source source) {
    /** The period in nanoseconds, rounded to the nearest nanosecond. */
    public long periodNs() {
        return Math.round(1e9 / hz);
    }
}
