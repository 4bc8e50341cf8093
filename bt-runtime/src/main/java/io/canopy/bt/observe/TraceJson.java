package io.canopy.bt.observe;

import com.google.gson.stream.JsonWriter;
import io.canopy.tick.NanoClock;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes a run's timing as Chrome/Perfetto trace events (the JSON array format that {@code ui.perfetto.dev} and
 * {@code chrome://tracing} open), one event per line, from the observers' rings on a monitor thread:
 *
 * <ul>
 *   <li>each tick of each tree and machine: a complete slice ({@code "ph":"X"}, {@code ts} and {@code dur} in
 *       µs) on the tree's or machine's own track;
 *   <li>each node transition and machine step (transition taken, state exited, entered): an instant event
 *       ({@code "ph":"i"}) on that track, the details in {@code args};
 *   <li>the active states of each machine: slices from entry to exit ({@code "ph":"B"/"E"}) on a second track;
 *   <li>counters ({@code "ph":"C"}), for example each timer's lateness at each tick.
 * </ul>
 *
 * Times are µs on the node's clock since the file was opened; {@code pid} is 1, each track a {@code tid}
 * named by a metadata event. The tick only appends to preallocated rings (see {@link TreeObserver#timeTicks()}
 * and {@link MachineRecorder}); {@link #drain()} formats. If the process dies the file lacks its closing
 * {@code ]}, which both viewers accept.
 */
public final class TraceJson implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(TraceJson.class);
    private static final int PID = 1;

    private final Path file;
    private final Writer out;
    private final long originNs;
    private final List<Track> tracks = new ArrayList<>();
    private final TransitionBatch batch = new TransitionBatch(1024);
    private int nextTid = 1;
    private boolean first = true;
    private boolean closed;
    private long events;

    private TraceJson(Path file, Writer out, long originNs) {
        this.file = file;
        this.out = out;
        this.originNs = originNs;
    }

    /** Creates (or truncates) {@code file}; times count from {@code clock}'s now. */
    public static TraceJson open(Path file, NanoClock clock) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        BufferedWriter w = Files.newBufferedWriter(file);
        w.write("[\n");
        TraceJson t = new TraceJson(file, w, clock.nanoTime());
        t.event(e -> e.name("name").value("process_name").name("ph").value("M").name("pid").value(PID)
                .name("args").beginObject().name("name").value("canopy").endObject());
        return t;
    }

    public Path file() {
        return file;
    }

    /** Events written so far. */
    public synchronized long events() {
        return events;
    }

    /** Traces {@code observer}'s tree: its ticks (it starts timing them) and its transitions, from now on. */
    public synchronized void addTree(TreeObserver observer) {
        addTree(observer, observer.tree().id());
    }

    /** As {@link #addTree(TreeObserver)}, the track named {@code name} (the launch file's name of the tree, say). */
    public synchronized void addTree(TreeObserver observer, String name) {
        int tid = track(name);
        tracks.add(new TreeTrack(observer, name, tid, observer.timeTicks().reader(), observer.reader()));
    }

    /** Traces a machine: its ticks and steps on one track, its active states on a second, from now on. */
    public synchronized void addMachine(MachineRecorder recorder) {
        int tid = track(recorder.name());
        int states = track(recorder.name() + " states");
        tracks.add(new MachineTrack(recorder, tid, states, recorder.spans().reader(), recorder.steps().reader()));
    }

    /**
     * A counter: the producer appends (clock time, value in ns) to the returned ring, on its own thread; the
     * trace shows the value in µs under {@code name} with the argument {@code arg} (for example "lateness_us").
     */
    public synchronized TransitionRing addCounter(String name, String arg) {
        TransitionRing ring = new TransitionRing(Spans.DEFAULT_RING);
        tracks.add(new CounterTrack(name, arg, ring.reader()));
        return ring;
    }

    private int track(String name) {
        int tid = nextTid++;
        event(e -> e.name("name").value("thread_name").name("ph").value("M").name("pid").value(PID).name("tid")
                .value(tid).name("args").beginObject().name("name").value(name).endObject());
        return tid;
    }

    /** Writes what the rings hold since the last call (a monitor thread; never the tick). */
    public synchronized void drain() {
        if (closed) {
            return;
        }
        for (Track t : tracks) {
            t.drain();
        }
        try {
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("--trace-json " + file + ": cannot write (" + e.getMessage() + ")", e);
        }
    }

    /** Writes what is left and the closing bracket. */
    @Override
    public synchronized void close() throws IOException {
        if (closed) {
            return;
        }
        drain();
        closed = true;
        out.write("\n]\n");
        out.close();
    }

    private double us(long timeNs) {
        return (timeNs - originNs) / 1000.0;
    }

    @FunctionalInterface
    private interface Body {
        void write(JsonWriter e) throws IOException;
    }

    /** One event object on its own line; Gson writes it. */
    private void event(Body body) {
        try {
            if (!first) {
                out.write(",\n");
            }
            first = false;
            JsonWriter w = new JsonWriter(out);
            w.beginObject();
            body.write(w);
            w.endObject();
            w.flush();
            events++;
        } catch (IOException e) {
            throw new UncheckedIOException("--trace-json " + file + ": cannot write (" + e.getMessage() + ")", e);
        }
    }

    private void slice(String name, int tid, long startNs, long packed) {
        long tick = Spans.tick(packed);
        double dur = Spans.durationNs(packed) / 1000.0;
        event(e -> e.name("name").value(name).name("cat").value("tick").name("ph").value("X").name("ts")
                .value(us(startNs)).name("dur").value(dur).name("pid").value(PID).name("tid").value(tid)
                .name("args").beginObject().name("tick").value(tick).endObject());
    }

    private void lost(String what, int tid, long timeNs, long count) {
        event(e -> e.name("name").value(count + " " + what + " lost").name("ph").value("i").name("s").value("t")
                .name("ts").value(us(timeNs)).name("pid").value(PID).name("tid").value(tid));
    }

    private abstract static class Track {
        long reportedLost;

        abstract void drain();
    }

    private final class TreeTrack extends Track {
        final TreeObserver observer;
        final int tid;
        final TransitionRing.Reader spans;
        final TransitionRing.Reader transitions;
        final String tickName;

        TreeTrack(TreeObserver observer, String name, int tid, TransitionRing.Reader spans, TransitionRing.Reader transitions) {
            this.observer = observer;
            this.tid = tid;
            this.spans = spans;
            this.transitions = transitions;
            this.tickName = name + " tick";
        }

        @Override
        void drain() {
            long last = originNs;
            while (spans.poll(batch) > 0) {
                for (int k = 0; k < batch.count(); k++) {
                    slice(tickName, tid, batch.timeNs(k), batch.packed(k));
                    last = batch.timeNs(k);
                }
            }
            while (transitions.poll(batch) > 0) {
                for (int k = 0; k < batch.count(); k++) {
                    int uid = batch.uid(k);
                    String from = batch.from(k).name();
                    String to = batch.to(k).name();
                    long tick = batch.tick(k);
                    double ts = us(batch.timeNs(k));
                    String node = observer.nodes().get(uid).name();
                    String path = observer.path(uid);
                    event(e -> e.name("name").value(node + " " + to).name("cat").value("transition").name("ph")
                            .value("i").name("s").value("t").name("ts").value(ts).name("pid").value(PID).name("tid")
                            .value(tid).name("args").beginObject().name("path").value(path).name("uid").value(uid)
                            .name("from").value(from).name("to").value(to).name("tick").value(tick).endObject());
                    last = batch.timeNs(k);
                }
            }
            long l = spans.lost() + transitions.lost();
            if (l != reportedLost) {
                lost("entries", tid, last, l - reportedLost);
                reportedLost = l;
            }
        }
    }

    private final class MachineTrack extends Track {
        final MachineRecorder recorder;
        final int tid;
        final int statesTid;
        final TransitionRing.Reader spans;
        final TransitionRing.Reader steps;
        final ArrayDeque<String> open = new ArrayDeque<>();
        final String tickName;

        MachineTrack(MachineRecorder recorder, int tid, int statesTid, TransitionRing.Reader spans, TransitionRing.Reader steps) {
            this.recorder = recorder;
            this.tid = tid;
            this.statesTid = statesTid;
            this.spans = spans;
            this.steps = steps;
            this.tickName = recorder.name() + " tick";
        }

        @Override
        void drain() {
            long last = originNs;
            while (spans.poll(batch) > 0) {
                for (int k = 0; k < batch.count(); k++) {
                    slice(tickName, tid, batch.timeNs(k), batch.packed(k));
                    last = batch.timeNs(k);
                }
            }
            while (steps.poll(batch) > 0) {
                for (int k = 0; k < batch.count(); k++) {
                    long p = batch.packed(k);
                    double ts = us(batch.timeNs(k));
                    long tick = p >>> 32;
                    int kind = MachineRecorder.kind(p);
                    String text = recorder.text(p);
                    String what = recorder.describe(p);
                    event(e -> e.name("name").value(what).name("cat").value("machine").name("ph").value("i")
                            .name("s").value("t").name("ts").value(ts).name("pid").value(PID).name("tid").value(tid)
                            .name("args").beginObject().name(kind == MachineRecorder.TRANSITION ? "transition" : "state")
                            .value(text).name("tick").value(tick).endObject());
                    if (kind == MachineRecorder.ENTER) {
                        open.push(text);
                        event(e -> e.name("name").value(text).name("cat").value("state").name("ph").value("B")
                                .name("ts").value(ts).name("pid").value(PID).name("tid").value(statesTid));
                    } else if (kind == MachineRecorder.EXIT && text.equals(open.peek())) {
                        // exits come innermost first, so they close the slices in order; an exit of a state
                        // entered before the trace began has no slice to close
                        open.pop();
                        event(e -> e.name("ph").value("E").name("ts").value(ts).name("pid").value(PID).name("tid")
                                .value(statesTid));
                    }
                    last = batch.timeNs(k);
                }
            }
            long l = spans.lost() + steps.lost();
            if (l != reportedLost) {
                lost("entries", tid, last, l - reportedLost);
                reportedLost = l;
            }
        }
    }

    private final class CounterTrack extends Track {
        final String name;
        final String arg;
        final TransitionRing.Reader values;

        CounterTrack(String name, String arg, TransitionRing.Reader values) {
            this.name = name;
            this.arg = arg;
            this.values = values;
        }

        @Override
        void drain() {
            while (values.poll(batch) > 0) {
                for (int k = 0; k < batch.count(); k++) {
                    double ts = us(batch.timeNs(k));
                    double value = batch.packed(k) / 1000.0;
                    event(e -> e.name("name").value(name).name("ph").value("C").name("ts").value(ts).name("pid")
                            .value(PID).name("args").beginObject().name(arg).value(value).endObject());
                }
            }
            if (values.lost() != reportedLost) {
                LOG.warn("--trace-json: {} samples of '{}' lost (the writer fell behind)", values.lost() - reportedLost, name);
                reportedLost = values.lost();
            }
        }
    }
}
