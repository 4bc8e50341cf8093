package io.canopy.launch.record;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Message;
import io.canopy.InputException;
import io.canopy.bt.observe.TreeObserver;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.launch.plan.MachinePlan;
import io.canopy.launch.plan.NodePlan;
import io.canopy.launch.plan.TreePlan;
import io.canopy.launch.run.NodeTap;
import io.canopy.launch.run.NodeView;
import io.canopy.proto.Envelope;
import io.canopy.statemachine.Statechart;
import io.canopy.tick.EventKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One recording ({@code canopy run --record FILE}): the MCAP file, the launch file and the tree and machine files it
 * loaded as attachments, and the writer thread that drains every node's {@link Recorder} every few milliseconds,
 * writes a chunk at least every second (so a kill loses at most about a second), and starts a new file
 * ({@code run-001.mcap}, ...) when one passes {@code --record-max-size}.
 */
public final class RecordSession implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RecordSession.class);
    static final long CHUNK_PERIOD_NS = TimeUnit.MILLISECONDS.toNanos(500);

    private final Path base;
    private final LaunchPlan plan;
    private final long maxBytes;
    private McapWriter mcap;
    private int fileIndex;
    private final List<Recorder> recorders = new CopyOnWriteArrayList<>();
    private final Map<Recorder, Map<String, Integer>> channels = new HashMap<>();
    private final Map<String, Integer> schemas = new HashMap<>();
    private final Thread writer;
    private volatile boolean running = true;
    private long chunkOpenedNs = System.nanoTime();
    private final long epochOffsetNs;
    /** Shared by every file of this recording (metadata {@code recording}): how replay knows its continuation files. */
    private final String recordingId = UUID.randomUUID().toString();
    /** Chunks of messages in the open file (a file takes at least one before the next starts). */
    private int fileChunks;
    private long written;
    private final List<Path> files = new ArrayList<>();
    /** Replay: where the replayed node's messages go instead of a file (compared with the recording), else null. */
    private final Sink sink;

    /** Replay: receives each message a replayed node produces, on the thread that calls {@link #drainNow()}. */
    interface Sink {
        void put(String topic, long nodeNs, long sequence, Message m);
    }

    /** Replay: a session without a file or writer thread; {@link #drainNow()} hands the messages to {@code sink}. */
    private RecordSession(Sink sink) {
        this.sink = sink;
        this.base = null;
        this.plan = null;
        this.maxBytes = 0;
        this.epochOffsetNs = 0;
        this.writer = null;
    }

    static RecordSession replaying(Sink sink) {
        return new RecordSession(sink);
    }

    /** Replay: drains every recorder now, on this thread. */
    void drainNow() {
        try {
            while (drainAll() > 0) {
                // until every source is empty (a pass takes at most PASS items of each)
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private RecordSession(Path file, LaunchPlan plan, long maxBytes) throws IOException {
        this.sink = null;
        this.base = file;
        this.plan = plan;
        this.maxBytes = maxBytes;
        this.epochOffsetNs = System.currentTimeMillis() * 1_000_000L - System.nanoTime();
        open(file);
        writer = new Thread(this::run, "canopy-record");
        writer.setDaemon(true);
        writer.start();
    }

    /** Starts recording {@code plan} into {@code file} (rotating past {@code maxBytes}, 0: never). */
    public static RecordSession start(Path file, LaunchPlan plan, long maxBytes) {
        try {
            return new RecordSession(file, plan, maxBytes);
        } catch (IOException e) {
            throw new InputException("--record " + file + ": cannot write there (" + e.getMessage() + ")");
        }
    }

    /** Uncompressed bytes after which a chunk is written even before its 500 ms are up (1 MiB by default). */
    private volatile int chunkBytes = 1 << 20;

    /**
     * Writes a chunk whenever {@code bytes} of messages are pending, besides every 500 ms. Tests that run the demo on
     * the manual clock (30 s of node time in a fraction of a second) use small chunks to get the chunk layout of a
     * real-time run. Call right after {@link #start}.
     */
    public RecordSession chunkBytes(int bytes) {
        this.chunkBytes = Math.max(1 << 10, bytes);
        return this;
    }

    /** The tap that records {@code node}: pass to LaunchRunner.start. */
    public NodeTap tap(NodePlan node) {
        return new Recorder(this);
    }

    public List<Path> files() {
        return List.copyOf(files);
    }

    public long messagesWritten() {
        return written;
    }

    private void open(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        mcap = new McapWriter(file, "canopy", "zstd");
        files.add(file);
        fileChunks = 0;
        schemas.clear();
        long now = System.currentTimeMillis() * 1_000_000L;
        Path dir = plan.file().toAbsolutePath().getParent();
        Map<String, String> meta = new LinkedHashMap<>();
        meta.put("launch", dir.relativize(plan.file().toAbsolutePath()).toString());
        plan.args().forEach((k, v) -> meta.put("arg." + k, v));
        meta.put("file_index", String.valueOf(fileIndex));
        meta.put("recording", recordingId);
        attach(dir, plan.file(), now);
        for (NodePlan n : plan.nodes()) {
            for (TreePlan t : n.trees()) {
                attach(dir, t.file(), now);
                meta.put("seed." + n.fullName() + "/" + t.name(), String.valueOf(t.seed()));
            }
            for (MachinePlan m : n.machines()) {
                attach(dir, m.file(), now);
            }
        }
        PluginJars.note(dir, plan.nodes(), meta);
        mcap.metadata("canopy", meta);
    }

    private void attach(Path dir, Path file, long now) throws IOException {
        Path abs = file.toAbsolutePath().normalize();
        String name = abs.startsWith(dir) ? dir.relativize(abs).toString() : "external/" + abs.getFileName();
        mcap.attachment(name, "application/xml", now, Files.readAllBytes(abs));
    }

    /** Extra channels per node (see {@link RecordChannels}), or null. */
    private volatile Function<NodeView, RecordChannels> extra;

    /** Adds channels in other schemas to every node recorded from now on (call right after {@link #start}). */
    public RecordSession channels(Function<NodeView, RecordChannels> factory) {
        this.extra = factory;
        return this;
    }

    synchronized void register(Recorder r) {
        Function<NodeView, RecordChannels> f = extra;
        r.extra = f == null ? null : f.apply(r.node);
        recorders.add(r);
        channelsOf(r);
    }

    private Map<String, Integer> channelsOf(Recorder r) {
        return channels.computeIfAbsent(r, k -> new HashMap<>());
    }

    private int channel(Recorder r, String key, String topic, Descriptor d, Map<String, String> metadata) throws IOException {
        Map<String, Integer> m = channelsOf(r);
        Integer id = m.get(key);
        if (id == null) {
            String type = d.getFullName();
            Integer schema = schemas.get(type);
            if (schema == null) {
                boolean env = type.equals("canopy.v1.Envelope");
                boolean own = type.startsWith("canopy.record.v1.");
                schema = mcap.schema(type, "protobuf", env ? RecordSchemas.envelopeSet() : own ? RecordSchemas.recordSet()
                        : RecordSchemas.withImports(d.getFile()));
                schemas.put(type, schema);
            }
            id = mcap.channel(schema, r.prefix + topic, "protobuf", metadata);
            m.put(key, id);
        }
        return id;
    }

    void nodeClosed(Recorder r) {
        if (writer != null) {
            LockSupport.unpark(writer);
        }
    }

    private void run() {
        while (running) {
            try {
                int n = drainAll();
                if (System.nanoTime() - chunkOpenedNs >= CHUNK_PERIOD_NS) {
                    flush();
                }
                if (n == 0) {
                    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
                }
            } catch (IOException | RuntimeException e) {
                LOG.error("recording to {} failed: {}; recording stops", base, e.toString());
                return;
            }
        }
    }

    private synchronized void flush() throws IOException {
        if (mcap.pendingBytes() > 0) {
            fileChunks++;
        }
        mcap.flushChunk();
        chunkOpenedNs = System.nanoTime();
        if (maxBytes > 0 && mcap.bytesWritten() >= maxBytes && fileChunks > 0) {
            mcap.close();
            fileIndex++;
            Path next = RecordingFiles.continuation(base, fileIndex);
            channels.clear();
            open(next);
            LOG.info("recording continues in {}", next.getFileName());
        }
    }

    private synchronized int drainAll() throws IOException {
        int n = 0;
        for (Recorder r : recorders) {
            n += drain(r);
        }
        return n;
    }

    /**
     * The most items one pass takes from each source (the tick ring, the outputs, each tree's transitions): the
     * sources are interleaved in small batches, so each chunk holds every channel in about the order of time, and a
     * file cut short (a kill) loses the end of every channel rather than whole channels that happened to be drained
     * last. Within a source the order is kept.
     */
    static final int PASS = 256;

    private int drain(Recorder r) throws IOException {
        int n = 0;
        for (int slot; n < PASS && (slot = r.ring.next()) >= 0; r.ring.release()) {
            n++;
            TickRing q = r.ring;
            switch (q.type[slot]) {
                case TickRing.TICK -> {
                    String timer = r.node.timerNames().get(q.index[slot]);
                    DynamicMessage.Builder b = builder("Tick", "timer", timer, "tick", (long) q.value[slot],
                            "deadline_ns", q.a[slot], "now_ns", q.b[slot]);
                    FieldDescriptor links = b.getDescriptorForType().findFieldByName("link_messages");
                    for (int i = 0, w = Math.min(r.linkCounts.size(), q.vector[slot].length); i < w; i++) {
                        b.addRepeatedField(links, (long) q.vector[slot][i]);
                    }
                    put(r, "timer/" + timer, q.b[slot], (long) q.value[slot], b.build());
                }
                case TickRing.INPUT -> {
                    Object data = q.data[slot];
                    MqttInput mqtt = r.mqtt.get((String) q.name[slot]);
                    Envelope env = mqtt == null || q.index[slot] != EventKind.COMMAND.ordinal() ? null
                            : mqtt.encode(q.value[slot], data);
                    if (env != null) { // its topic's channel; the MCAP sequence carries derived_before (replay's ordering)
                        put(r, "mqtt#" + mqtt.key(), mqtt.channel(), mqtt.metadata(), q.a[slot], q.b[slot], env);
                    } else {
                        DynamicMessage.Builder b = builder("Input", "name", (String) q.name[slot],
                                "kind", EventKind.values()[q.index[slot]].name(), "stamp_ns", q.a[slot],
                                "value", q.value[slot], "derived_before", q.b[slot]);
                        data(b, data);
                        put(r, "in/events", q.a[slot], 0, b.build());
                    }
                }
                case TickRing.MOTORS -> {
                    DynamicMessage.Builder b = builder("MotorSetpoints", "now_ns", q.b[slot]);
                    Descriptor d = b.getDescriptorForType();
                    List<NodeView.MotorSource> src = r.node.motorSources();
                    for (int i = 0; i < src.size(); i++) {
                        b.addRepeatedField(d.findFieldByName("source"), src.get(i).name());
                        b.addRepeatedField(d.findFieldByName("value"), q.vector[slot][i]);
                    }
                    for (int i = 0; i < r.node.motorControllers().size(); i++) {
                        b.addRepeatedField(d.findFieldByName("held"), q.vector[slot][src.size() + i] != 0);
                    }
                    put(r, "out/motors", q.b[slot], 0, b.build());
                }
                case TickRing.MACHINE -> {
                    String name = r.node.machines().get(q.index[slot]).name();
                    Statechart chart = r.node.machines().get(q.index[slot]).chart();
                    DynamicMessage.Builder b = builder("MachineTransition", "machine", name, "now_ns", q.b[slot]);
                    List<String> ids = chart.stateIds();
                    for (String id : ids) {
                        int s = chart.stateIndex(id);
                        if (s > 0 && s < 64 && (q.a[slot] & (1L << s)) != 0) {
                            b.addRepeatedField(b.getDescriptorForType().findFieldByName("active"), id);
                        }
                    }
                    put(r, "machine/" + name, q.b[slot], 0, b.build());
                }
                default -> { }
            }
        }
        int serial = 0;
        for (Recorder.Serial s; serial < PASS && (s = r.serial.poll()) != null; n++, serial++) {
            if (s.envelope() != null) {
                put(r, "in/serial/" + s.link(), s.receivedNs(), 0, s.envelope());
            } else {
                put(r, "in/serial/" + s.link() + "/state", s.receivedNs(), 0,
                        msg("Input", "name", s.state(), "stamp_ns", s.receivedNs()));
            }
        }
        int frames = 0;
        for (DeviceFrames.Frame f; frames < PASS && (f = r.devices.frames.poll()) != null; n++, frames++) {
            DynamicMessage.Builder b = builder("DeviceFrame", "link", f.link(), "protocol", f.protocol());
            if (f.data() != null) {
                b.setField(b.getDescriptorForType().findFieldByName("data"), ByteString.copyFrom(f.data()));
            } else {
                b.setField(b.getDescriptorForType().findFieldByName("state"), f.state());
            }
            put(r, (f.out() ? "out/device/" : "in/device/") + f.link(), f.ns(), 0, b.build());
        }
        if (r.extra != null) {
            n += r.extra.drain((topic, nodeNs, m) -> put(r, topic, nodeNs, 0, m));
        }
        int outputs = 0;
        for (Recorder.Output o; outputs < PASS && (o = r.outputs.poll()) != null; n++, outputs++) {
            DynamicMessage.Builder b = builder("Output", "route", o.route(), "to", o.to(), "stamp_ns", o.stampNs(),
                    "value", o.value());
            data(b, o.data());
            put(r, "out/" + o.to().replaceFirst(":", "/"), o.stampNs(), 0, b.build());
        }
        for (int t = 0; t < r.readers.size(); t++) {
            TreeObserver o = r.observers.get(t);
            String tree = r.node.trees().get(t).name();
            int got;
            if ((got = r.readers.get(t).poll(r.batch)) > 0) { // one batch per pass
                n += got;
                for (int k = 0; k < got; k++) {
                    put(r, "tree/" + tree, r.batch.timeNs(k), r.batch.tick(k), msg("TreeTransition", "tree", tree,
                            "path", o.path(r.batch.uid(k)), "uid", r.batch.uid(k), "from", r.batch.from(k).name(),
                            "to", r.batch.to(k).name(), "tree_tick", r.batch.tick(k), "now_ns", r.batch.timeNs(k)));
                }
            }
        }
        return n;
    }

    private void data(DynamicMessage.Builder b, Object data) {
        Message m = Recorder.message(data);
        Descriptor d = b.getDescriptorForType();
        if (m != null) {
            b.setField(d.findFieldByName("data_kind"), "message");
            b.setField(d.findFieldByName("message"), wrap(m));
        } else if (data instanceof Number) {
            b.setField(d.findFieldByName("data_kind"), "number");
            b.setField(d.findFieldByName("text"), data.toString());
        } else if (data != null) {
            b.setField(d.findFieldByName("data_kind"), data instanceof String ? "text" : "other");
            b.setField(d.findFieldByName("text"), data.toString());
        }
    }

    /** A body message inside an Envelope (the field of the body oneof of its type), or the Envelope itself. */
    static Envelope wrap(Message m) {
        if (m instanceof Envelope e) {
            return e;
        }
        for (FieldDescriptor f : Envelope.getDescriptor().getFields()) {
            if (f.getType() == FieldDescriptor.Type.MESSAGE && f.getMessageType() == m.getDescriptorForType()) {
                return Envelope.newBuilder().setField(f, m).build();
            }
        }
        return Envelope.getDefaultInstance();
    }

    private void put(Recorder r, String topic, long nodeNs, long sequence, Message m) throws IOException {
        put(r, topic, topic, Map.of(), nodeNs, sequence, m);
    }

    private void put(Recorder r, String key, String topic, Map<String, String> metadata, long nodeNs, long sequence, Message m)
            throws IOException {
        if (sink != null) {
            sink.put(r.prefix + topic, nodeNs, sequence, m);
            return;
        }
        int ch = channel(r, key, topic, m.getDescriptorForType(), metadata);
        byte[] bytes = m.toByteArray();
        long t = nodeNs + epochOffsetNs;
        mcap.message(ch, (int) sequence, t, t, bytes, 0, bytes.length);
        written++;
        // a chunk at most every chunkBytes (1 MiB); with --record-max-size, one as soon as the file would reach the size, so that
        // a file's data ends within one message past it
        if (mcap.pendingBytes() > chunkBytes || (maxBytes > 0 && mcap.bytesWritten() + mcap.pendingBytes() >= maxBytes)) {
            flush();
        }
    }

    private static DynamicMessage.Builder builder(String type, Object... kv) {
        Descriptor d = RecordSchemas.type(type);
        DynamicMessage.Builder b = DynamicMessage.newBuilder(d);
        for (int i = 0; i < kv.length; i += 2) {
            FieldDescriptor f = d.findFieldByName((String) kv[i]);
            Object v = kv[i + 1];
            if (f.getType() == FieldDescriptor.Type.UINT32) {
                v = ((Number) v).intValue();
            }
            b.setField(f, v);
        }
        return b;
    }

    private static DynamicMessage msg(String type, Object... kv) {
        return builder(type, kv).build();
    }

    /** Drains what is left (after the nodes shut down), writes the summary and footer. */
    @Override
    public void close() {
        if (sink != null) {
            return;
        }
        running = false;
        LockSupport.unpark(writer);
        try {
            writer.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            synchronized (this) {
                while (drainAll() > 0) {
                    // the rest, pass by pass
                }
                recorders.stream().filter(r -> r.extra != null).forEach(r -> r.extra.close());
                mcap.close();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("closing the recording " + base, e);
        }
    }
}
