package io.canopy.bt.event;

import io.canopy.bt.Input;
import io.canopy.bt.NodeInit;
import io.canopy.bt.Output;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.scope.ComputedName;
import io.canopy.bt.scope.Condition;
import io.canopy.bt.scope.DynamicExtent;
import io.canopy.expr.Scope;
import io.canopy.expr.ValueKind;
import io.canopy.expr.Variable;
import io.canopy.tick.Event;

/**
 * What ConsumeEvent and OnEvent share: the event name (a literal, or {@code {key}}), the optional {@code pick}
 * condition (a script that sees the candidate event as {@code _value}, {@code _payload} and {@code _name}
 * besides the blackboard), and the {@code value}/{@code payload} outputs the consumed event is written to.
 */
final class EventMatcher {
    static final Port EVENT = Port.input("event", PortType.STRING).required()
            .describe("name of the event to consume (a literal, {key} or = script)");
    static final Port PICK = Port.input("pick", PortType.STRING)
            .describe("script: consume only an event for which it is truthy (_value, _payload, _name)");
    static final Port WAIT = Port.input("wait", PortType.BOOLEAN).withDefault("false")
            .describe("stay RUNNING until a matching event arrives (else FAILURE)");
    static final Port VALUE = Port.output("value", PortType.DOUBLE)
            .describe("receives the consumed event's number");
    static final Port PAYLOAD = Port.output("payload", PortType.ANY)
            .describe("receives the consumed event's attachment (if it has one)");

    private final TreeEvents events;
    private final ComputedName name;
    private final Condition pick;
    private final Candidate candidate;
    private final Input wait;
    private final Output value;
    private final Output payload;

    EventMatcher(NodeInit init) {
        events = TreeEvents.of(init.context());
        name = ComputedName.of(init, "event");
        if (name.literal() != null) {
            events.listen(name.literal());
        } else {
            events.listenAll();
        }
        if (init.text("pick") != null) {
            candidate = new Candidate(init);
            pick = Condition.of(init, "pick", candidate);
        } else {
            candidate = null;
            pick = null;
        }
        wait = init.input("wait");
        value = init.optionalOutput("value");
        payload = init.optionalOutput("payload");
    }

    boolean waits() {
        return wait.getBoolean();
    }

    /** The index of the first unconsumed matching event of this tick, or -1. */
    int find() {
        TreeEvents ev = events;
        String name = this.name.get();
        int n = ev.size();
        for (int i = 0; i < n; i++) {
            if (ev.isConsumed(i)) {
                continue;
            }
            Event e = ev.at(i);
            if (!e.is(name)) {
                continue;
            }
            if (pick != null) {
                candidate.event = e;
                boolean ok;
                try {
                    ok = pick.test();
                } finally {
                    candidate.event = null;
                }
                if (!ok) {
                    continue;
                }
            }
            return i;
        }
        return -1;
    }

    /** Consumes event {@code i} and writes its number and attachment to the outputs. */
    void consume(int i) {
        consume(i, false);
    }

    /**
     * Consumes event {@code i} and writes its number and attachment to the outputs; with {@code bindAll}
     * (OnEvent's binding) an event without attachment empties {@code payload} instead of leaving it as it was.
     */
    void consume(int i, boolean bindAll) {
        Event e = events.at(i);
        events.consume(i);
        if (value != null) {
            value.setDouble(e.value());
        }
        if (payload != null) {
            if (e.attachment() != null) {
                payload.setObject(e.attachment());
            } else if (bindAll) {
                payload.clear();
            }
        }
    }

    /** The entries OnEvent binds for its child's run: the {@code value} and {@code payload} outputs given. */
    DynamicExtent extent() {
        return new DynamicExtent(value == null ? null : value.entry(), payload == null ? null : payload.entry());
    }

    /** The blackboard plus the candidate event as {@code _value}, {@code _payload}, {@code _name}. */
    private static final class Candidate implements Scope {
        private final Scope blackboard;
        Event event;

        Candidate(NodeInit init) {
            this.blackboard = init.blackboard();
        }

        @Override
        public Variable variable(String name) {
            return switch (name) {
                case "_value" -> new Field(this, name, 0);
                case "_payload" -> new Field(this, name, 1);
                case "_name" -> new Field(this, name, 2);
                default -> blackboard.variable(name);
            };
        }

        @Override
        public Object constant(String name) {
            return blackboard.constant(name);
        }
    }

    /** A read-only view of one field of the candidate event. */
    private static final class Field implements Variable {
        private final Candidate owner;
        private final String name;
        private final int which;

        Field(Candidate owner, String name, int which) {
            this.owner = owner;
            this.name = name;
            this.which = which;
        }

        private Event event() {
            Event e = owner.event;
            if (e == null) {
                throw new IllegalStateException("'" + name + "' is only defined inside a pick condition");
            }
            return e;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public ValueKind kind() {
            Event e = event();
            return switch (which) {
                case 0 -> ValueKind.DOUBLE;
                case 1 -> e.attachment() == null ? ValueKind.EMPTY
                        : e.attachment() instanceof String ? ValueKind.STRING : ValueKind.OBJECT;
                default -> ValueKind.STRING;
            };
        }

        @Override
        public boolean booleanValue() {
            return event().value() != 0;
        }

        @Override
        public long longValue() {
            return (long) event().value();
        }

        @Override
        public double doubleValue() {
            return event().value();
        }

        @Override
        public Object objectValue() {
            Event e = event();
            return switch (which) {
                case 0 -> e.value();
                case 1 -> e.attachment();
                default -> e.name();
            };
        }

        private UnsupportedOperationException readOnly() {
            return new UnsupportedOperationException("'" + name + "' is read-only (the candidate event)");
        }

        @Override
        public void setBoolean(boolean v) {
            throw readOnly();
        }

        @Override
        public void setLong(long v) {
            throw readOnly();
        }

        @Override
        public void setDouble(double v) {
            throw readOnly();
        }

        @Override
        public void setObject(Object v) {
            throw readOnly();
        }

        @Override
        public void clear() {
            throw readOnly();
        }
    }
}
