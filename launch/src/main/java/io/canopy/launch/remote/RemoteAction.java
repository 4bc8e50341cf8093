package io.canopy.launch.remote;

import io.canopy.bt.Input;
import io.canopy.bt.NodeInit;
import io.canopy.bt.Output;
import io.canopy.bt.Port;
import io.canopy.bt.PortDirection;
import io.canopy.bt.PortType;
import io.canopy.bt.StatefulAction;
import io.canopy.bt.Status;
import io.canopy.proto.remote.Goal;
import io.canopy.proto.remote.Value;
import java.util.ArrayList;
import java.util.List;

/**
 * A declared action run by a worker ({@code <remote>}). On start it sends a goal holding its input ports and
 * returns RUNNING; while RUNNING it writes the outputs of feedback and, when the result of its goal comes, writes
 * the result's outputs and returns SUCCESS or FAILURE. Halted while RUNNING, it sends a cancel. It fails, with a
 * log line naming the type and topic, when the worker is (or goes) offline, when no worker has said
 * {@code online} within {@code worker_timeout_ms}, when an input has no value, or when an output cannot be written.
 * Its tick reads entries the inbox set (never waits); a RUNNING tick with nothing new allocates nothing.
 */
final class RemoteAction extends StatefulAction {
    private final RemoteLink link;
    private final RemoteLink.Slot slot;
    private final String[] inNames;
    private final Input[] inputs;
    private final PortType[] inTypes;
    private final String[] outNames;
    private final Output[] outputs;
    private final long workerTimeoutNs;
    /** The goal running (sent to the worker), or null. */
    private Goal goal;
    /** Waiting for a worker to say online before sending, since this time. */
    private boolean waiting;
    private long waitSinceNs;
    private long resultSeq;
    private long feedbackSeq;
    private long offlineSeq;

    RemoteAction(NodeInit init, RemoteLink link) {
        super(init);
        this.link = link;
        this.slot = link.newSlot(init.name());
        this.workerTimeoutNs = link.plan.workerTimeoutMs() * 1_000_000L;
        List<String> in = new ArrayList<>();
        List<Input> ins = new ArrayList<>();
        List<PortType> types = new ArrayList<>();
        List<String> out = new ArrayList<>();
        List<Output> outs = new ArrayList<>();
        for (Port p : init.type().ports()) {
            if (!init.has(p.name())) {
                continue;
            }
            if (p.direction() != PortDirection.OUTPUT) {
                Input i = init.optionalInput(p.name());
                if (i != null) {
                    in.add(p.name());
                    ins.add(i);
                    types.add(p.type());
                }
            }
            if (p.direction() != PortDirection.INPUT) {
                Output o = init.optionalOutput(p.name());
                if (o != null) {
                    out.add(p.name());
                    outs.add(o);
                }
            }
        }
        inNames = in.toArray(new String[0]);
        inputs = ins.toArray(new Input[0]);
        inTypes = types.toArray(new PortType[0]);
        outNames = out.toArray(new String[0]);
        outputs = outs.toArray(new Output[0]);
    }

    @Override
    protected Status onStart() {
        resultSeq = slot.result.sequence();
        feedbackSeq = slot.feedback.sequence();
        Object w = worker();
        if (w == RemoteLink.OFFLINE) {
            return fail("the worker is offline (" + link.plan.topic() + "/worker says offline); start it, or check its"
                    + " broker");
        }
        if (w == null) {
            waiting = true;
            waitSinceNs = context.clock().nanoTime();
            return Status.RUNNING;
        }
        return send();
    }

    @Override
    protected Status onRunning() {
        if (waiting) {
            Object w = worker();
            if (w == RemoteLink.ONLINE) {
                waiting = false;
                return send();
            }
            if (w == RemoteLink.OFFLINE) {
                waiting = false;
                return fail("the worker is offline (" + link.plan.topic() + "/worker says offline)");
            }
            if (context.clock().nanoTime() - waitSinceNs - workerTimeoutNs >= 0) {
                waiting = false;
                return fail("no worker online: nothing said online on " + link.plan.topic() + "/worker within "
                        + link.plan.workerTimeoutMs() + " ms; start the worker (retained online status, Last Will"
                        + " offline) or raise worker_timeout_ms");
            }
            return Status.RUNNING;
        }
        // feedback first: the last feedback before the result is written before the result's outputs
        if (slot.feedback.sequence() != feedbackSeq) {
            feedbackSeq = slot.feedback.sequence();
            // a Reply from the MQTT thread (a replayed run without the messages holds something else: ignored)
            if (goal != null && slot.feedback.objectValue() instanceof Reply f && f.goalId() == goal.getGoalId()) {
                String bad = write(f);
                if (bad != null) {
                    cancelGoal();
                    return fail(bad);
                }
            }
        }
        if (slot.result.sequence() != resultSeq) {
            resultSeq = slot.result.sequence();
            if (goal != null && slot.result.objectValue() instanceof Reply r && r.goalId() == goal.getGoalId()) {
                goal = null;
                String bad = write(r);
                if (bad != null) {
                    return fail(bad);
                }
                if (r.success()) {
                    return Status.SUCCESS;
                }
                link.failed(name(), "the worker answered " + r.message());
                return Status.FAILURE;
            }
        }
        if (link.offlines.sequence() != offlineSeq) {
            offlineSeq = link.offlines.sequence();
            if (goal != null) {
                long id = goal.getGoalId();
                goal = null;
                return fail("the worker went offline while goal " + Long.toUnsignedString(id) + " was running ("
                        + link.plan.topic() + "/worker says offline: its Last Will, or it stopped)");
            }
        }
        return Status.RUNNING;
    }

    @Override
    protected void onHalted() {
        waiting = false;
        cancelGoal();
    }

    private void cancelGoal() {
        if (goal != null) {
            link.cancel(goal, context.clock().nanoTime());
            goal = null;
        }
    }

    private Object worker() {
        return link.worker.hasValue() ? link.worker.objectValue() : null;
    }

    /** Builds and sends the goal (allocates: once per goal). */
    private Status send() {
        Goal.Builder g = Goal.newBuilder().setGoalId(link.nextGoalId(slot)).setType(link.plan.type()).setNode(name());
        for (int i = 0; i < inputs.length; i++) {
            Input in = inputs[i];
            if (!in.hasValue()) {
                return fail("input port '" + inNames[i] + "' has no value (its blackboard entry is not set); set it before"
                        + " this node runs");
            }
            Value.Builder v = Value.newBuilder();
            try {
                switch (inTypes[i]) {
                    case INT, LONG -> v.setInteger(in.getLong());
                    case DOUBLE -> v.setNumber(in.getDouble());
                    case BOOLEAN -> v.setFlag(in.getBoolean());
                    default -> {
                        Object o = in.getObject();
                        if (o instanceof Double || o instanceof Float) {
                            v.setNumber(((Number) o).doubleValue());
                        } else if (o instanceof Number n) {
                            v.setInteger(n.longValue());
                        } else if (o instanceof Boolean b) {
                            v.setFlag(b);
                        } else {
                            v.setText(in.getString());
                        }
                    }
                }
            } catch (RuntimeException e) {
                return fail("input port '" + inNames[i] + "': " + e.getMessage());
            }
            g.putInputs(inNames[i], v.build());
        }
        Goal built = g.build();
        offlineSeq = link.offlines.sequence();
        if (!link.sendGoal(built, context.clock().nanoTime())) {
            return fail("the node's outbox is full; the goal was not sent");
        }
        goal = built;
        return Status.RUNNING;
    }

    /** Writes the outputs the worker sent to the ports this node connected; returns why one failed, or null. */
    private String write(Reply reply) {
        if (reply.names().length == 0) {
            return null;
        }
        for (int i = 0; i < outputs.length; i++) {
            Object v = reply.value(outNames[i]);
            if (v == Reply.ABSENT) {
                continue;
            }
            try {
                if (v == null) {
                    outputs[i].clear();
                } else {
                    outputs[i].setObject(v);
                }
            } catch (RuntimeException e) {
                return "output port '" + outNames[i] + "' of the " + (reply.result() ? "result" : "feedback") + ": "
                        + e.getMessage();
            }
        }
        return null;
    }

    private Status fail(String reason) {
        link.failed(name(), reason);
        return Status.FAILURE;
    }
}
