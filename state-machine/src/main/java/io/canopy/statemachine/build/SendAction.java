package io.canopy.statemachine.build;

import io.canopy.statemachine.Action;
import io.canopy.statemachine.Invocations;
import io.canopy.statemachine.Location;
import io.canopy.statemachine.Machine;
import io.canopy.statemachine.Outbox;
import io.canopy.statemachine.Payloads;
import io.canopy.statemachine.Slots;
import io.canopy.statemachine.ValueExpr;

/**
 * {@code <send>}: evaluates every attribute first (an error raises {@code error.execution} and nothing is
 * sent), then delivers now or after the delay through the machine's {@link Outbox}.
 */
public final class SendAction implements Action {
    final String event;
    final ValueExpr eventExpr;
    final String target;
    final ValueExpr targetExpr;
    final String type;
    final ValueExpr typeExpr;
    final String id;
    final Location idLocation;
    final long delayNs;
    final ValueExpr delayExpr;
    final Param[] params;
    final ValueExpr content;

    SendAction(String event, ValueExpr eventExpr, String target, ValueExpr targetExpr, String type, ValueExpr typeExpr, String id,
            Location idLocation, long delayNs, ValueExpr delayExpr, Param[] params, ValueExpr content) {
        this.event = event;
        this.eventExpr = eventExpr;
        this.target = target;
        this.targetExpr = targetExpr;
        this.type = type;
        this.typeExpr = typeExpr;
        this.id = id;
        this.idLocation = idLocation;
        this.delayNs = delayNs;
        this.delayExpr = delayExpr;
        this.params = params;
        this.content = content;
    }

    /** A failed send: carries the send id into the {@code error.execution} event (SCXML 5.10.1). */
    public static final class SendError extends RuntimeException {
        public final String sendid;

        SendError(String sendid, RuntimeException cause) {
            super(cause.getMessage() == null ? cause.toString() : cause.getMessage(), cause, false, false);
            this.sendid = sendid;
        }
    }

    @Override
    public void run(Machine m) {
        String sendid = id;
        if (idLocation != null) {
            sendid = "send." + m.context.newPlatformId();
            idLocation.set(m, sendid);
        }
        try {
            send(m, sendid);
        } catch (RuntimeException e) {
            throw new SendError(sendid, e);
        }
    }

    private void send(Machine m, String sendid) {
        String name = event != null ? event : stringOf(eventExpr.get(m), "eventexpr");
        String to = target != null ? target : targetExpr == null ? null : stringOf(targetExpr.get(m), "targetexpr");
        String kind = type != null ? type : typeExpr == null ? null : stringOf(typeExpr.get(m), "typeexpr");
        if (!Invocations.isScxmlType(kind)) {
            throw new IllegalArgumentException("<send> type '" + kind + "' is not supported: use "
                    + Slots.SCXML_PROCESSOR + " (or leave type out)");
        }
        long delay = delayExpr != null ? Delays.parseNs(stringOf(delayExpr.get(m), "delayexpr")) : delayNs;
        Object data = Payloads.build(m, params, content);
        m.outbox.send(name, to, sendid, delay, data);
    }

    private static String stringOf(Object value, String attribute) {
        if (value == null) {
            throw new IllegalArgumentException("<send " + attribute + "> evaluated to undefined");
        }
        return value.toString();
    }
}
