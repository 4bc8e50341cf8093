package io.canopy.launch.run;

import com.google.protobuf.Message;
import io.canopy.bt.NodeRegistry;
import io.canopy.launch.plan.NodePlan;
import io.canopy.launch.route.Outbound;
import io.canopy.launch.route.ProtoData;
import io.canopy.tick.Event;
import io.canopy.tick.EventQueue;
import io.canopy.tick.NanoClock;
import io.canopy.tick.TickTimer;
import io.canopy.tick.Ticker;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * The handle that drives a node from outside its tick thread, for a recorder or replayer ({@link NodeTap#attached}
 * gets it) and tests: a node built on a manual clock whose timers and cycles the caller runs itself, its inbox, its
 * outbox actions, its shutdown. What it shows of the node is its {@link #view()}.
 */
public final class NodeControl {
    private final NodeView view;
    private final Ticker ticker;
    private final List<NodeCycle> cycles;
    private final Outbound outbound;
    private final Runnable startManual;
    private final LongConsumer shutdown;

    NodeControl(NodeView view, Ticker ticker, List<NodeCycle> cycles, Outbound outbound, Runnable startManual,
            LongConsumer shutdown) {
        this.view = view;
        this.ticker = ticker;
        this.cycles = cycles;
        this.outbound = outbound;
        this.startManual = startManual;
        this.shutdown = shutdown;
    }

    /** Replay: builds a node on {@code clock} (a ManualNanoClock) with {@code tap}; nothing runs until {@link #startManual()}. */
    public static NodeControl build(NodePlan plan, NanoClock clock, NodeRegistry registry, NodeTap tap) {
        return NodeRuntime.build(plan, clock, registry, tap).control();
    }

    public NodeView view() {
        return view;
    }

    /** Replay: starts machines, the outbox and the links, but no tick thread. */
    public void startManual() {
        startManual.run();
    }

    /** Replay: runs timer {@code timer}'s cycle at {@code nowNs} (the caller has set the clock). */
    public void runCycle(int timer, long nowNs) {
        cycles.get(timer).onTick(nowNs);
    }

    /** Runs every tick and one-shot timer due up to {@code targetNs} on the manual clock (the ticker's advanceTo). */
    public void advanceTo(long targetNs) {
        ticker.advanceTo(targetNs);
    }

    /** Moves the manual clock on by {@code ns}, running what falls due (the ticker's advance). */
    public void advance(long ns) {
        ticker.advance(ns);
    }

    /** The ticker's timer {@code timer} (its deadline, its tick count). */
    public TickTimer timer(int timer) {
        return ticker.timers().get(timer);
    }

    /** The node's inbox: what the ticker drains into the router at the start of each tick. */
    public EventQueue inbox() {
        return ticker.inbox();
    }

    /** Replay: events the tick thread put in the outbox that the outbox thread has not taken yet. */
    public int outboxPending() {
        return outbound.queue.size();
    }

    /** Before start: {@code action} also gets every outbox event of route {@code key} (the outbox thread). */
    public void onOutput(String key, Consumer<Event> action) {
        outbound.on(key, action);
    }

    /** Clean shutdown within {@code budgetNs} (trees halted, motors stopped, links and MQTT closed). */
    public void shutdown(long budgetNs) {
        shutdown.accept(budgetNs);
    }

    /** The attachment an inbox event carries for a protobuf message (what MQTT and serial bindings put there). */
    public static Object messageData(Message m) {
        return new ProtoData(m);
    }

    /** The message in an event's attachment, or null when it carries none. */
    public static Message messageOf(Object attachment) {
        return attachment instanceof ProtoData p ? p.message() : null;
    }
}
