package io.canopy.tick;

import java.util.Arrays;

/**
 * The ticker's side of its inbox: before each tick, drains the events that arrived (at most one queue's
 * worth, so a flood cannot starve the tick) and hands each to every {@link EventHandler}, in the order they
 * were added. Tick thread only.
 */
final class TickerInbox implements EventHandler {
    private final EventQueue queue;
    private final int limitPerTick;
    private EventHandler[] handlers = new EventHandler[0];
    private ErrorHandler errors = ErrorHandler.logAndContinue();
    private String role = "";

    TickerInbox(EventQueue queue) {
        this.queue = queue;
        this.limitPerTick = queue.sensorCapacity() + queue.commandCapacity();
    }

    EventQueue queue() {
        return queue;
    }

    void addHandler(EventHandler handler) {
        if (handler == null) {
            throw new IllegalArgumentException("event handler is null");
        }
        EventHandler[] grown = Arrays.copyOf(handlers, handlers.length + 1);
        grown[handlers.length] = handler;
        handlers = grown;
    }

    /** Tick thread: hands the waiting events to the handlers; without handlers they wait (and age out). */
    void drain(ErrorHandler errors, String role) {
        if (handlers.length == 0) {
            return;
        }
        this.errors = errors;
        this.role = role;
        queue.drain(this, limitPerTick);
    }

    @Override
    public void onEvent(Event event) {
        EventHandler[] hs = handlers;
        for (int i = 0; i < hs.length; i++) {
            try {
                hs[i].onEvent(event);
            } catch (RuntimeException | Error e) {
                if (e instanceof VirtualMachineError) {
                    throw e;
                }
                errors.onError(role, "an event handler", e);
            }
        }
    }
}
