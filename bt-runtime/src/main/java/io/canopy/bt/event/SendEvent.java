package io.canopy.bt.event;

import io.canopy.InputException;
import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.Status;
import io.canopy.bt.scope.ComputedName;
import io.canopy.expr.CompiledExpression;
import io.canopy.expr.Dialect;
import io.canopy.expr.Expressions;
import io.canopy.tick.Event;
import io.canopy.tick.EventKind;

/**
 * cark's {@code :send-event}: puts an event into the tree's outbox ({@link TreeEvents#outbox()}), stamped
 * with the tree's clock. {@code value} is a script whose number the event carries; {@code payload} a script
 * whose value is attached (a string or object; numbers box, so prefer {@code value} on hot paths).
 *
 * <ul>
 *   <li>The name, as cark's "keyword or keyword returning function", is a literal, an entry ({@code
 *       event="{key}"}, read at each tick) or a script after {@code =} ({@code event="= 'at_' + room"}).
 *   <li>SUCCESS when the outbox took the event; FAILURE when a full command lane refused it (a SENSOR event
 *       is always taken: the oldest queued sample is dropped instead).
 * </ul>
 */
public final class SendEvent extends Node {
    /** The queue lane of a sent event. */
    public enum Kind { SENSOR, COMMAND }

    public static final NodeType TYPE = NodeType.action("SendEvent", SendEvent::new,
            Port.input("event", PortType.STRING).required()
                    .describe("name of the event to send (a literal, {key} or = script)"),
            Port.input("value", PortType.STRING).describe("script: the number the event carries"),
            Port.input("payload", PortType.STRING).describe("script: the value attached to the event"),
            Port.inputEnum("kind", Kind.class).withDefault("COMMAND")
                    .describe("COMMAND (never dropped once queued) or SENSOR (oldest dropped when full)"))
            .describe("send an event to the outside world through the tree's outbox");

    private final TreeEvents events;
    private final ComputedName name;
    private final CompiledExpression value;
    private final CompiledExpression payload;
    private final EventKind kind;
    private final Event scratch = new Event(0);

    public SendEvent(NodeInit init) {
        super(init);
        events = TreeEvents.of(init.context());
        name = ComputedName.of(init, "event");
        value = compile(init, "value");
        payload = compile(init, "payload");
        kind = init.input("kind").getEnum(Kind.class) == Kind.SENSOR ? EventKind.SENSOR : EventKind.COMMAND;
    }

    private static CompiledExpression compile(NodeInit init, String port) {
        String code = init.text(port);
        if (code == null) {
            return null;
        }
        try {
            return Expressions.compile(code, init.blackboard(), Dialect.BTCPP);
        } catch (InputException | IllegalArgumentException e) {
            throw init.error("port '" + port + "': bad script \"" + code + "\": " + e.getMessage());
        }
    }

    @Override
    protected Status tick() {
        Event e = scratch.set(kind, name.get(), context.clock().nanoTime());
        if (value != null) {
            e.value(value.evalDouble());
        }
        if (payload != null) {
            e.attachment(payload.evalObject());
        }
        boolean taken = events.outbox().offer(e);
        e.attachment(null);
        return taken ? Status.SUCCESS : Status.FAILURE;
    }
}
