package io.canopy.launch.record;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import io.canopy.InputException;
import io.canopy.bt.NodeRegistry;
import io.canopy.hardware.serial.InProcessWire;
import io.canopy.hardware.serial.LinkSink;
import io.canopy.hardware.serial.SerialLink;
import io.canopy.hardware.stream.ByteLink;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.launch.plan.NodePlan;
import io.canopy.launch.plan.TimerPlan;
import io.canopy.launch.run.NodeControl;
import io.canopy.launch.run.NodeView;
import io.canopy.proto.Envelope;
import io.canopy.statemachine.Machine;
import io.canopy.statemachine.Statechart;
import io.canopy.tick.Event;
import io.canopy.tick.EventKind;
import io.canopy.tick.ManualNanoClock;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * {@code canopy replay}: re-runs the launch file embedded in a recording on the manual clock, handing each tick
 * exactly the inputs it was recorded with (the serial messages each link had delivered when the tick began, the
 * inbox events it drained) at their recorded times, as fast as it can; with {@code check}, every output (out/*),
 * tree and machine transition the replayed node produces is compared, channel by channel and in order, with the
 * recording, and the first difference is reported.
 */
public final class Replay {
    /**
     * @param with    local files to use instead of the embedded ones of the same name (tree and machine files)
     * @param untilNs stop before the first tick later than this, counted from the start; negative: to the end
     * @param check   compare every output and transition with the recording
     */
    public record Options(List<Path> with, long untilNs, boolean check, List<Path> plugins) {
        public Options {
            with = List.copyOf(with);
            plugins = List.copyOf(plugins);
        }

        public Options(List<Path> with, long untilNs, boolean check) {
            this(with, untilNs, check, List.of());
        }
    }

    /** The first difference: the channel, the tick where it showed, the time from the start, expected vs got. */
    public record Divergence(String channel, String timer, long tick, long atNs, String expected, String got) {
        public String line() {
            return String.format(Locale.ROOT, "diverges on %s at %s tick %d (%.3f s): expected %s, got %s",
                    channel, timer, tick, atNs / 1e9, expected, got);
        }
    }

    /**
     * @param ticks    timer ticks replayed (all timers, all nodes)
     * @param compared messages compared and found identical
     * @param nodeNs   node time replayed (from the start to the last tick)
     * @param wallNs   time the replay took
     * @param cut      why the file ends early (a run killed with kill -9), or null
     * @param state    at --until: each machine's active states and the blackboard, one line each; else ""
     */
    public record Result(long ticks, long compared, long nodeNs, long wallNs, Divergence divergence, String cut,
            boolean stoppedAtUntil, String state, List<Path> files) {
        public double speed() {
            return wallNs <= 0 ? 0 : (double) nodeNs / wallNs;
        }

        public String summary(boolean check) {
            String what = check ? (divergence == null ? "identical: " : "") + compared + " messages compared, " : "";
            String end = cut != null ? "; replayed up to the cut (" + cut + ")" : stoppedAtUntil ? "; stopped at --until" : "";
            String split = files.size() < 2 ? "" : "; " + files.size() + " files (" + files.get(0).getFileName() + " to "
                    + files.get(files.size() - 1).getFileName() + ")";
            return String.format(Locale.ROOT, "%s%d ticks, %.3f s of node time in %.3f s (%.0f× real time)%s%s",
                    what, ticks, nodeNs / 1e9, wallNs / 1e9, speed(), split, end);
        }
    }

    private static final long LINK_WAIT_NS = TimeUnit.SECONDS.toNanos(5);

    private final Path file;
    private final Options options;
    private final Recording recording;
    private final List<Recording.Msg> messages;

    private record TickRec(String timer, long tick, long deadlineNs, long nowNs, long[] links) {}

    private record InputRec(String name, EventKind kind, long stampNs, double value, Object data, long derivedBefore) {}

    /** A serial link's message or state, or (bytes) a device link's read. */
    private record SerialRec(Envelope envelope, String state, long receivedNs, byte[] bytes) {}

    private Replay(Recording recording, Options options) {
        this.file = recording.file;
        this.options = options;
        this.recording = recording;
        this.messages = recording.messages;
    }

    /** Replays {@code file}; bad input (not a recording, no launch file, a --with naming nothing) is an InputException. */
    public static Result run(Path file, Options options) {
        return run(List.of(file), options);
    }

    /**
     * Replays the recording {@code files} belong to: one file, or any files of a recording split by
     * --record-max-size (its first file and every continuation file next to it are replayed, in order).
     */
    public static Result run(List<Path> files, Options options) {
        Recording recording = Recording.read(files);
        Path dir = recording.unpack(options.with(), options.plugins());
        try {
            return new Replay(recording, options).replay(recording.load(dir));
        } catch (InputException e) {
            throw new InputException(recording.outside(dir, options.with(), e.getMessage()));
        } finally {
            Recording.deleteQuietly(dir);
        }
    }

    // ------------------------------------------------------------------------------------------ replaying

    private Result replay(LaunchPlan plan) {
        long t0 = System.nanoTime();
        long ticks = 0;
        long compared = 0;
        long nodeNs = 0;
        boolean until = false;
        StringBuilder state = new StringBuilder();
        for (NodePlan n : plan.nodes()) {
            NodeRun run = new NodeRun(n);
            try {
                run.run();
            } finally {
                run.close();
            }
            ticks += run.ticks;
            compared += run.compared;
            nodeNs = Math.max(nodeNs, run.lastNowNs - run.originNs);
            until |= run.stoppedAtUntil;
            state.append(run.state);
            if (run.divergence != null) {
                return new Result(ticks, compared, nodeNs, System.nanoTime() - t0, run.divergence, cut(), until, state.toString(),
                        recording.files);
            }
        }
        return new Result(ticks, compared, nodeNs, System.nanoTime() - t0, null, cut(), until, state.toString(), recording.files);
    }

    private String cut() {
        return recording.read.complete() ? null : recording.read.problem();
    }

    /** One node's replay: its recorded inputs, its expected outputs, the node itself and the comparison. */
    private final class NodeRun implements RecordSession.Sink {
        final NodePlan plan;
        final String prefix;
        final List<Object> ring = new ArrayList<>();
        final List<TickRec> tickList = new ArrayList<>();
        final Map<String, ArrayDeque<SerialRec>> serial = new LinkedHashMap<>();
        final Map<String, ArrayDeque<Recording.Msg>> expected = new LinkedHashMap<>();
        long epochOffsetNs;
        long originNs;
        long lastNowNs;
        long ticks;
        long compared;
        boolean stoppedAtUntil;
        String state = "";
        Divergence divergence;
        TickRec current;
        NodeControl node;
        ReplayTap tap;
        RecordSession session;
        ManualNanoClock clock;
        /** How far behind the current tick a missing message is looked for (the slowest timer's period). */
        long lagNs;
        final Map<String, SerialLink> devices = new LinkedHashMap<>();

        NodeRun(NodePlan plan) {
            this.plan = plan;
            this.prefix = plan.fullName() + "/";
            for (Recording.Msg m : messages) { // the log times are the node's clock moved to the epoch: the first tick says by how much
                if (m.topic().startsWith(prefix + "timer/")) {
                    epochOffsetNs = m.logTime() - num(parse("Tick", m), "now_ns");
                    break;
                }
            }
            long lastDerived = 0;
            Map<Map<String, String>, MqttInput> mqttChannels = new IdentityHashMap<>();
            for (Recording.Msg m : messages) {
                if (!m.topic().startsWith(prefix)) {
                    continue;
                }
                String t = m.topic().substring(prefix.length());
                if (t.startsWith("timer/")) {
                    DynamicMessage d = parse("Tick", m);
                    TickRec tick = new TickRec(str(d, "timer"), num(d, "tick"), num(d, "deadline_ns"), num(d, "now_ns"),
                            links(d));
                    ring.add(tick);
                    tickList.add(tick);
                } else if (t.equals("in/events")) { // outside events other than MQTT's (and, in older recordings, MQTT's too)
                    DynamicMessage d = parse("Input", m);
                    lastDerived = num(d, "derived_before");
                    ring.add(new InputRec(str(d, "name"), EventKind.valueOf(str(d, "kind")), num(d, "stamp_ns"),
                            (double) d.getField(field(d, "value")), RecordedText.attachment(d), lastDerived));
                } else if (t.startsWith(MqttInput.CHANNEL)
                        && mqttChannels.computeIfAbsent(m.channelMetadata(), MqttInput::of) != null) {
                    MqttInput in = mqttChannels.get(m.channelMetadata());
                    Envelope env;
                    try {
                        env = Envelope.parseFrom(m.data());
                    } catch (InvalidProtocolBufferException e) {
                        throw new InputException(file + ": a message on " + m.topic() + " does not parse (" + e.getMessage() + ")");
                    }
                    MqttInput.Decoded d = in.decode(env);
                    // the sequence is derived_before's low 32 bits; it never decreases, so it unwraps exactly
                    lastDerived += (m.sequence() - lastDerived) & 0xFFFF_FFFFL;
                    ring.add(new InputRec(in.key(), EventKind.COMMAND, m.logTime() - epochOffsetNs, d.value(), d.data(),
                            lastDerived));
                } else if (t.startsWith("in/serial/")) {
                    String rest = t.substring("in/serial/".length());
                    if (rest.endsWith("/state")) {
                        DynamicMessage d = parse("Input", m);
                        serial.computeIfAbsent(rest.substring(0, rest.length() - "/state".length()), k -> new ArrayDeque<>())
                                .add(new SerialRec(null, str(d, "name"), num(d, "stamp_ns"), null));
                    } else {
                        try {
                            serial.computeIfAbsent(rest, k -> new ArrayDeque<>())
                                    .add(new SerialRec(Envelope.parseFrom(m.data()), null, m.logTime() - epochOffsetNs, null));
                        } catch (InvalidProtocolBufferException e) {
                            throw new InputException(file + ": a message on " + m.topic() + " does not parse (" + e.getMessage() + ")");
                        }
                    }
                } else if (t.startsWith("in/device/")) { // a device link's read (a datagram, serial bytes) or its loss
                    DynamicMessage d = parse("DeviceFrame", m);
                    byte[] data = ((ByteString) d.getField(field(d, "data"))).toByteArray();
                    serial.computeIfAbsent(t.substring("in/device/".length()), k -> new ArrayDeque<>()).add(new SerialRec(null,
                            str(d, "state"), m.logTime() - epochOffsetNs, str(d, "state").isEmpty() ? data : null));
                } else if (compared(m.topic())) {
                    expected.computeIfAbsent(m.topic(), k -> new ArrayDeque<>()).add(m);
                }
            }
        }

        boolean compared(String topic) {
            return topic.startsWith(prefix + "out/") || topic.startsWith(prefix + "tree/") || topic.startsWith(prefix + "machine/");
        }

        /** Channels the tick thread writes (motors, transitions): complete after each tick's drain. */
        boolean tickThread(String topic) {
            return !topic.startsWith(prefix + "out/") || topic.equals(prefix + "out/motors");
        }

        void run() {
            if (tickList.isEmpty()) {
                return;
            }
            TickRec first = tickList.get(0);
            int t0 = plan.timers().stream().map(TimerPlan::name).toList().indexOf(first.timer());
            if (t0 < 0 || first.tick() != 1) {
                throw new InputException(file + ": node " + plan.fullName() + ": the first recorded tick is " + first.timer() + " #"
                        + first.tick() + ", which the embedded launch file does not start with; the recording does not match it");
            }
            originNs = first.deadlineNs() - Math.max(1, Math.round(1e9 / plan.timers().get(t0).hz()));
            lastNowNs = originNs;
            clock = new ManualNanoClock(originNs);
            session = RecordSession.replaying(this);
            tap = new ReplayTap(new Recorder(session));
            tap.clock = clock;
            tap.tickTimes = tickTimes();
            lagNs = plan.timers().stream().mapToLong(t -> Math.max(1, Math.round(1e9 / t.hz()))).max().orElse(0);
            node = NodeControl.build(plan, clock, NodeRegistry.withBuiltins(), tap);
            node.startManual();
            for (Map.Entry<String, InProcessWire> w : tap.wires.entrySet()) {
                devices.put(w.getKey(), SerialLink.inProcess(w.getKey() + " (recorded)", w.getValue(), false,
                        (l, e, ns) -> { }, clock).start());
            }
            awaitConnected();
            node.advanceTo(originNs); // starts the timers at the recorded origin
            List<InputRec> inputs = new ArrayList<>();
            for (Object o : ring) {
                if (o instanceof InputRec in) {
                    inputs.add(in);
                    continue;
                }
                TickRec tick = (TickRec) o;
                if (options.untilNs() >= 0 && tick.nowNs() - originNs > options.untilNs()) {
                    stoppedAtUntil = true;
                    state = state();
                    break;
                }
                current = tick;
                deliverSerial(tick, inputs);
                for (InputRec in : inputs) {
                    offer(in);
                }
                inputs.clear();
                int timer = node.view().timerNames().indexOf(tick.timer());
                if (timer < 0) {
                    throw new InputException(file + ": timer '" + tick.timer() + "' of node " + plan.fullName()
                            + " is not in the embedded launch file");
                }
                if (node.view().ticks(timer) < tick.tick()) {
                    long due = node.timer(timer).nextDeadlineNs();
                    if (due - 1 - clock.nanoTime() > 0 && due - tick.nowNs() <= 0) {
                        node.advanceTo(due - 1);
                    }
                    if (tick.nowNs() - clock.nanoTime() > 0) {
                        clock.setNs(tick.nowNs());
                    }
                    node.advanceTo(tick.nowNs());
                }
                ticks++;
                lastNowNs = tick.nowNs();
                if (node.view().ticks(timer) != tick.tick()) {
                    divergence = new Divergence(prefix + "timer/" + tick.timer(), tick.timer(), tick.tick(),
                            tick.nowNs() - originNs, "tick " + tick.tick() + " at this time", "tick " + node.view().ticks(timer)
                                    + " (the timer is next due at " + (node.timer(timer).nextDeadlineNs() - originNs) + " ns)");
                    return;
                }
                awaitWritten();
                session.drainNow();
                if (divergence == null && options.check()) {
                    missing(tick.nowNs() - lagNs, true);
                }
                if (divergence != null) {
                    return;
                }
            }
            awaitOutbox();
            session.drainNow();
            if (divergence == null && options.check()) {
                missing(lastNowNs - lagNs, false);
            }
        }

        private void awaitConnected() {
            long deadline = System.nanoTime() + LINK_WAIT_NS;
            for (Map.Entry<String, SerialLink> d : devices.entrySet()) {
                SerialLink mine = node.view().serialLinks().get(d.getKey());
                while (!(mine.isConnected() && d.getValue().isConnected())) {
                    if (System.nanoTime() - deadline > 0) {
                        throw new IllegalStateException("replay: link " + d.getKey() + " did not open in 5 s");
                    }
                    Thread.onSpinWait();
                }
            }
        }

        /**
         * Hands the node, in receive-time order across links, every serial item the recording says its links had
         * delivered when this tick began (or, in a recording without those counts, every one received before it).
         */
        private void deliverSerial(TickRec tick, List<InputRec> inputs) {
            List<String> names = tap.recorder.linkNames;
            while (true) {
                // the inbox events recorded before the next link-caused one go in first, so the tick drains them in
                // the recorded order
                long derived = node.inbox().offered() - offers;
                while (!inputs.isEmpty() && inputs.get(0).derivedBefore() <= derived) {
                    offer(inputs.remove(0));
                }
                int best = -1;
                long bestNs = 0;
                for (int j = 0; j < names.size(); j++) {
                    ArrayDeque<SerialRec> q = serial.get(names.get(j));
                    if (q == null || q.isEmpty()) {
                        continue;
                    }
                    long delivered = tap.recorder.linkCounts.get(j).get();
                    boolean due = j < tick.links().length ? delivered < tick.links()[j] : q.peek().receivedNs() - tick.nowNs() < 0;
                    if (due && (best < 0 || q.peek().receivedNs() - bestNs < 0)) {
                        best = j;
                        bestNs = q.peek().receivedNs();
                    }
                }
                if (best < 0) {
                    return;
                }
                String link = names.get(best);
                SerialRec s = serial.get(link).poll();
                long at = Math.min(s.receivedNs(), tick.nowNs());
                if (at - clock.nanoTime() > 0) {
                    clock.setNs(at);
                }
                long before = tap.recorder.linkCounts.get(best).get();
                long sent = 1;
                ByteLink.Receiver role = tap.receivers.get(link);
                if (role != null) { // a device link: its reads go to its role here, on this thread, between ticks
                    if (s.bytes() != null) {
                        role.onBytes(s.bytes(), s.bytes().length);
                    } else if (s.state().startsWith("lost")) {
                        role.onLost(s.state().replaceFirst("^lost: ", ""));
                    } else {
                        role.onBack();
                    }
                } else if (s.envelope() != null) {
                    SerialLink device = devices.get(link);
                    send(device, link, s.envelope());
                    // the messages right behind it, received at the same time and due this tick, go in one batch
                    // (one wait instead of one each) unless recorded inputs must be slotted in between
                    ArrayDeque<SerialRec> q = serial.get(link);
                    long target = best < tick.links().length ? tick.links()[best] : Long.MAX_VALUE;
                    while (inputs.isEmpty() && !q.isEmpty() && q.peek().envelope() != null
                            && q.peek().receivedNs() == s.receivedNs() && before + sent < target) {
                        send(device, link, q.poll().envelope());
                        sent++;
                    }
                } else {
                    LinkSink sink = tap.sinks.get(link);
                    SerialLink l = node.view().serialLinks().get(link);
                    if (s.state().startsWith("lost")) {
                        sink.onDeviceLost(l, s.state().replaceFirst("^lost: ", ""));
                    } else {
                        sink.onDeviceBack(l);
                    }
                }
                long wait = System.nanoTime() + LINK_WAIT_NS;
                while (tap.recorder.linkCounts.get(best).get() - before < sent) {
                    if (System.nanoTime() - wait > 0) {
                        throw new IllegalStateException("replay: link " + link + ": " + sent + " recorded message(s) were not "
                                + "received in 5 s");
                    }
                    Thread.yield(); // the cable's writer and reader threads need a core more than this loop does
                }
            }
        }

        private void send(SerialLink device, String link, Envelope envelope) {
            long wait = System.nanoTime() + LINK_WAIT_NS;
            while (!device.send(envelope)) {
                if (System.nanoTime() - wait > 0) {
                    throw new IllegalStateException("replay: link " + link + ": its send queue stays full");
                }
                Thread.onSpinWait();
            }
        }

        private final Event scratch = new Event(0);
        /** Inbox events this replay offered itself (the rest came from the links). */
        private long offers;

        private void offer(InputRec in) {
            String key = in.name();
            for (NodeView.Route r : node.view().routes()) {
                if (r.key().equals(key)) {
                    key = r.key(); // the route's own key: the router matches keys by identity
                    break;
                }
            }
            scratch.set(in.kind(), key, in.stampNs()).value(in.value()).attachment(in.data());
            node.inbox().offer(scratch);
            offers++;
            scratch.attachment(null);
        }

        /** Until the device links' writers have passed on every frame the tick sent (they are compared in order). */
        private void awaitWritten() {
            long deadline = System.nanoTime() + LINK_WAIT_NS;
            while (node.view().devices().unwrittenFrames() > 0 && System.nanoTime() - deadline < 0) {
                Thread.yield();
            }
        }

        private void awaitOutbox() {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
            while (node.outboxPending() > 0 && System.nanoTime() - deadline < 0) {
                LockSupport.parkNanos(100_000);
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20)); // the outbox thread finishes the one it took
        }

        /**
         * Per timer, the recorded time of each tick, in tick order (the replayed cycles run at these: see
         * {@link ReplayTap#cycleTime}).
         */
        private long[][] tickTimes() {
            List<String> names = plan.timers().stream().map(TimerPlan::name).toList();
            long[][] out = new long[names.size()][];
            for (int i = 0; i < names.size(); i++) {
                String name = names.get(i);
                out[i] = tickList.stream().filter(t -> t.timer().equals(name)).mapToLong(TickRec::nowNs).toArray();
            }
            return out;
        }

        /**
         * Recorded messages that should have come by now (stamped before {@code nowNs}) and did not. Callers allow a
         * lag of the slowest timer's period: a halt is stamped with its tree's last tick, before the tick that halts it.
         */
        private void missing(long nowNs, boolean tickThreadOnly) {
            String channel = null;
            Recording.Msg first = null;
            for (Map.Entry<String, ArrayDeque<Recording.Msg>> e : expected.entrySet()) {
                if (tickThreadOnly && !tickThread(e.getKey())) {
                    continue;
                }
                Recording.Msg m = e.getValue().peek();
                if (m != null && m.logTime() - epochOffsetNs - nowNs < 0 && (first == null || m.logTime() < first.logTime())) {
                    channel = e.getKey();
                    first = m;
                }
            }
            if (first != null) {
                TickRec at = tickAt(first.logTime() - epochOffsetNs);
                divergence = new Divergence(channel, at.timer(), at.tick(), at.nowNs() - originNs, RecordedText.text(first), "nothing");
            }
        }

        private TickRec tickAt(long ns) {
            TickRec best = tickList.get(0);
            for (TickRec t : tickList) {
                if (t.nowNs() - ns > 0) {
                    break;
                }
                if (t.nowNs() != best.nowNs()) {
                    best = t;
                }
            }
            return best;
        }

        @Override
        public void put(String topic, long nodeNs, long sequence, Message m) {
            if (!options.check() || divergence != null || !compared(topic)) {
                return;
            }
            ArrayDeque<Recording.Msg> q = expected.get(topic);
            Recording.Msg e = q == null ? null : q.poll();
            if (e == null) {
                if (!recording.read.complete()) {
                    return; // the cut lost the rest of this channel
                }
                divergence = divergence(topic, "nothing more on this channel", RecordedText.oneLine(m));
            } else if (!Arrays.equals(e.data(), m.toByteArray())) {
                divergence = divergence(topic, RecordedText.text(e), RecordedText.oneLine(m));
            } else {
                compared++;
            }
        }

        private Divergence divergence(String topic, String expectedText, String got) {
            TickRec at = current != null ? current : tickList.get(0);
            return new Divergence(topic, at.timer(), at.tick(), at.nowNs() - originNs, expectedText, got);
        }

        /** At --until: each machine's active states and the blackboard. */
        private String state() {
            StringBuilder b = new StringBuilder();
            List<Machine> machines = node.view().machines().stream().map(NodeView.MachineView::machine).toList();
            for (int i = 0; i < machines.size(); i++) {
                Statechart chart = node.view().machines().get(i).chart();
                List<String> active = new ArrayList<>();
                for (String id : chart.stateIds()) {
                    int s = chart.stateIndex(id);
                    if (s > 0 && machines.get(i).isActive(s)) {
                        active.add(id);
                    }
                }
                b.append(prefix).append("machine/").append(node.view().machines().get(i).name()).append(": ")
                        .append(String.join(", ", active)).append('\n');
            }
            List<String> entries = new ArrayList<>();
            for (String k : node.view().blackboard().keys()) {
                entries.add(node.view().blackboard().entry(k).toString());
            }
            b.append(prefix).append("blackboard: ").append(String.join(", ", entries)).append('\n');
            return b.toString();
        }

        void close() {
            if (node != null) {
                node.shutdown(TimeUnit.SECONDS.toNanos(1));
            }
            devices.values().forEach(SerialLink::close);
        }
    }

    // ------------------------------------------------------------------------------------------ decoding

    private static DynamicMessage parse(String type, Recording.Msg m) {
        try {
            return DynamicMessage.parseFrom(RecordSchemas.type(type), m.data());
        } catch (InvalidProtocolBufferException e) {
            throw new InputException("a " + type + " message on " + m.topic() + " does not parse (" + e.getMessage() + ")");
        }
    }

    private static FieldDescriptor field(DynamicMessage d, String name) {
        return d.getDescriptorForType().findFieldByName(name);
    }

    private static String str(DynamicMessage d, String name) {
        return (String) d.getField(field(d, name));
    }

    private static long num(DynamicMessage d, String name) {
        return ((Number) d.getField(field(d, name))).longValue();
    }

    private static long[] links(DynamicMessage d) {
        FieldDescriptor f = field(d, "link_messages");
        int n = d.getRepeatedFieldCount(f);
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = ((Number) d.getRepeatedField(f, i)).longValue();
        }
        return out;
    }
}
