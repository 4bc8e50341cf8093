package io.canopy.bt.event;

import io.canopy.InputException;
import io.canopy.bt.Input;
import io.canopy.bt.NodeInit;
import io.canopy.bt.Output;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.expr.CompiledExpression;
import io.canopy.expr.Dialect;
import io.canopy.expr.Expressions;
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
            .describe("name of the event to consume (a literal, or {key})");
    static final Port PICK = Port.input("pick", PortType.STRING)
            .describe("script: consume only an event for which it is true (_value, _payload, _name)");
    static final Port WAIT = Port.input("wait", PortType.BOOLEAN).withDefault("false")
            .describe("stay RUNNING until a matching event arrives (else FAILURE)");
    static final Port VALUE = Port.output("value", PortType.DOUBLE)
            .describe("receives the consumed event's number");
    static final Port PAYLOAD = Port.output("payload", PortType.ANY)
            .describe("receives the consumed event's attachment (if it has one)");

    private final TreeEvents events;
    private final String literalName;
    private final Input nameInput;
    private final CompiledExpression pick;
    private final Candidate candidate;
    private final Input wait;
    private final Output value;
    private final Output payload;

    EventMatcher(NodeInit init) {
        events = TreeEvents.of(init.context());
        String text = init.text("event");
        if (text.length() >= 3 && text.charAt(0) == '{' && text.charAt(text.length() - 1) == '}') {
            literalName = null;
            nameInput = init.input("event");
            events.listenAll();
        } else {
            if (text.isBlank()) {
                throw init.error("port 'event' is empty; give the event name, like event=\"goal\"");
            }
            literalName = text.intern();
            nameInput = null;
            events.listen(literalName);
        }
        String pickCode = init.text("pick");
        if (pickCode != null) {
            candidate = new Candidate(init);
            try {
                pick = Expressions.compile(pickCode, candidate, Dialect.BTCPP);
            } catch (InputException | IllegalArgumentException e) {
                throw init.error("port 'pick': bad script \"" + pickCode + "\": " + e.getMessage());
            }
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
        String name = literalName != null ? literalName : nameInput.getString();
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
                    ok = pick.evalBoolean();
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
        Event e = events.at(i);
        events.consume(i);
        if (value != null) {
            value.setDouble(e.value());
        }
        if (payload != null && e.attachment() != null) {
            payload.setObject(e.attachment());
        }
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
