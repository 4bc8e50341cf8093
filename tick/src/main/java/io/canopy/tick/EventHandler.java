package io.canopy.tick;

/**
 * Receives events drained from an {@link EventQueue}. The {@link Event} object is reused as soon as this
 * returns: copy what you need (its name is an immutable String, safe to keep).
 */
@FunctionalInterface
public interface EventHandler {
    void onEvent(Event event);
}
