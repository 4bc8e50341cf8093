package io.canopy.bt.event;

/** What a tree does with an event delivered to it that no node consumed in the tick it was delivered for. */
public enum UnconsumedPolicy {
    /** Drop it and count it ({@link TreeEvents#dropped()}); the default. */
    DROP,
    /** Drop it, count it, and fail the tick with an error naming the event (cark's behaviour). */
    ERROR
}
