package io.canopy.bt.groot;

import com.google.gson.JsonObject;
import io.canopy.bt.observe.TransitionBatch;
import io.canopy.bt.observe.TransitionRing;
import io.canopy.bt.observe.TreeObserver;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.zeromq.SocketType;
import org.zeromq.ZContext;
import org.zeromq.ZFrame;
import org.zeromq.ZMQ;
import org.zeromq.ZMQException;
import org.zeromq.ZMsg;

/**
 * Groot2 live monitoring of one tree, wire-compatible with BehaviorTree.CPP 4.x's {@code Groot2Publisher}:
 * a ZeroMQ REP socket on {@code port} answers the full tree (XML with {@code _uid}s), the node statuses,
 * recording toggles and recorded transitions; a PUB socket is bound on {@code port + 1} as Groot2 expects.
 * It runs on its own thread and reads the {@link TreeObserver}: the tick never waits for it.
 *
 * <p>Breakpoints and node replacement (hooks) would block or change the tick from another thread, so they
 * are refused with an error reply (a blocked tick thread would stop the motor commands, and the watchdog treats
 * that as a stall and stops the robot: see docs/observability.md); "remove all hooks", "disable all hooks" and
 * "dump hooks" (nothing to remove or dump) succeed, so Groot2 connects and disconnects cleanly. The blackboard request is answered
 * as BT.CPP answers it (JSON as MessagePack), from a copy the tick thread makes at the end of its next tick: the
 * blackboard belongs to the tick thread.
 */
public final class Groot2Server implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Groot2Server.class);
    private static final int POLL_MS = 100;

    private final TreeObserver observer;
    private final int port;
    private final ZContext zmq;
    private final ZMQ.Socket server;
    private final ZMQ.Socket publisher;
    private final Thread thread;
    private final byte[] treeId;
    private final byte[] xml;
    private final byte[] statuses;
    private final byte[] before;
    private final byte[] statusReply;
    private volatile boolean running = true;
    private TransitionRing.Reader recording;
    private long recordingStartNs;
    private long requests;
    private long errors;

    private Groot2Server(TreeObserver observer, int port) {
        this.observer = observer;
        this.port = port;
        this.xml = Groot2Xml.write(observer).getBytes(StandardCharsets.UTF_8);
        int n = observer.nodeCount();
        statuses = new byte[n];
        before = new byte[n];
        statusReply = new byte[Groot2Protocol.STATUS_RECORD * n];
        UUID uuid = UUID.randomUUID();
        treeId = ByteBuffer.allocate(16).putLong(uuid.getMostSignificantBits())
                .putLong(uuid.getLeastSignificantBits()).array();
        zmq = new ZContext();
        try {
            server = zmq.createSocket(SocketType.REP);
            server.setLinger(0);
            server.setReceiveTimeOut(POLL_MS);
            server.setSendTimeOut(1000);
            bind(server, port);
            publisher = zmq.createSocket(SocketType.PUB);
            publisher.setLinger(0);
            bind(publisher, port + 1);
        } catch (RuntimeException e) {
            zmq.close();
            throw e;
        }
        thread = new Thread(this::serve, "groot2-" + observer.tree().id() + "-" + port);
        thread.setDaemon(true);
    }

    /**
     * Serves {@code observer}'s tree on {@code port} (REP) and {@code port + 1} (PUB), on all interfaces as
     * BT.CPP does. Fails with a message naming the port when it is taken.
     */
    public static Groot2Server start(TreeObserver observer, int port) {
        Groot2Server s = new Groot2Server(observer, port);
        s.thread.start();
        return s;
    }

    private void bind(ZMQ.Socket socket, int p) {
        try {
            socket.bind("tcp://*:" + p);
        } catch (ZMQException e) {
            throw new IllegalStateException("Groot2 server for tree '" + observer.tree().id() + "': cannot bind port "
                    + p + " (" + e.getMessage() + "); it needs ports " + port + " and " + (port + 1)
                    + " free: give the tree another groot2 port", e);
        }
    }

    public int port() {
        return port;
    }

    /** Requests answered so far (errors included), and of those the ones answered with an error. */
    public long requests() {
        return requests;
    }

    public long errors() {
        return errors;
    }

    private void serve() {
        while (running) {
            ZMsg request;
            try {
                request = ZMsg.recvMsg(server);
            } catch (RuntimeException e) {
                if (running) {
                    LOG.warn("Groot2 server on port {} stopped: {}", port, e.getMessage());
                }
                return;
            }
            if (request == null) {
                continue;
            }
            ZMsg reply;
            try {
                reply = answer(request);
            } catch (RuntimeException e) {
                reply = error("cannot answer: " + e);
            } finally {
                request.destroy();
            }
            requests++;
            if (!reply.send(server) && running) {
                LOG.warn("Groot2 server on port {}: reply not sent", port);
            }
        }
    }

    private ZMsg answer(ZMsg request) {
        byte[] head = request.getFirst().getData();
        if (head.length != Groot2Protocol.REQUEST_HEADER_SIZE) {
            return error("wrong request header: " + head.length + " bytes, expected "
                    + Groot2Protocol.REQUEST_HEADER_SIZE);
        }
        if (head[0] != Groot2Protocol.PROTOCOL_ID) {
            return error("unsupported protocol " + (head[0] & 0xFF) + "; this server speaks Groot2 protocol "
                    + Groot2Protocol.PROTOCOL_ID);
        }
        byte type = head[1];
        ZMsg reply = new ZMsg();
        byte[] header = new byte[Groot2Protocol.REPLY_HEADER_SIZE];
        System.arraycopy(head, 0, header, 0, Groot2Protocol.REQUEST_HEADER_SIZE);
        System.arraycopy(treeId, 0, header, Groot2Protocol.REQUEST_HEADER_SIZE, 16);
        reply.add(header);
        switch (type) {
            case Groot2Protocol.FULLTREE -> reply.add(xml);
            case Groot2Protocol.STATUS -> reply.add(statusBuffer());
            case Groot2Protocol.REMOVE_ALL_HOOKS, Groot2Protocol.DISABLE_ALL_HOOKS -> { }
            case Groot2Protocol.HOOKS_DUMP -> reply.add("[]");
            case Groot2Protocol.TOGGLE_RECORDING -> {
                if (request.size() != 2) {
                    return error("must be 2 parts message");
                }
                String cmd = request.toArray(new ZFrame[0])[1].getString(StandardCharsets.UTF_8);
                if (cmd.equals("start")) {
                    recording = observer.reader();
                    recordingStartNs = observer.tree().context().clock().nanoTime();
                    // Groot2 lines the recorded times up with this wall-clock instant (µs since the epoch)
                    reply.add(Long.toString(System.currentTimeMillis() * 1000L));
                } else if (cmd.equals("stop")) {
                    recording = null;
                } else {
                    return error("toggle recording: \"" + cmd + "\" is neither start nor stop");
                }
            }
            case Groot2Protocol.GET_TRANSITIONS -> reply.add(recordedTransitions());
            case Groot2Protocol.HOOK_INSERT, Groot2Protocol.HOOK_REMOVE, Groot2Protocol.BREAKPOINT_UNLOCK ->
                    { return error("breakpoints and node replacement are not supported: a breakpoint would stop the tick "
                            + "thread that also drives the motors, and the watchdog stops the robot when a tick stalls "
                            + "(see docs/observability.md)"); }
            case Groot2Protocol.BLACKBOARD -> {
                if (request.size() != 2) {
                    return error("must be 2 parts message");
                }
                byte[] dump = blackboards(request.toArray(new ZFrame[0])[1].getString(StandardCharsets.UTF_8));
                if (dump == null) {
                    return error("the tree did not tick within " + BLACKBOARD_WAIT_MS + " ms (inactive?): no blackboard to copy");
                }
                reply.add(dump);
            }
            default -> {
                return error("Request not recognized: type " + (type & 0xFF));
            }
        }
        return reply;
    }

    /** How long a blackboard request waits for the tick thread to copy the blackboard. */
    static final long BLACKBOARD_WAIT_MS = 500;

    /**
     * BT.CPP's blackboard dump: a JSON object with one member per requested blackboard (names separated by ';'),
     * as MessagePack. Canopy trees have one blackboard: the tree's ID, "" and "/" name it; unknown names are left
     * out, as BT.CPP does. Null when the tree did not tick in time to copy it.
     */
    private byte[] blackboards(String names) {
        JsonObject dump = new JsonObject();
        JsonObject snapshot = null;
        for (String name : names.split(";", -1)) {
            if (!name.equals(observer.tree().id()) && !name.isEmpty() && !name.equals("/")) {
                continue;
            }
            if (snapshot == null) {
                try {
                    snapshot = observer.blackboardSnapshot(BLACKBOARD_WAIT_MS);
                } catch (TimeoutException e) {
                    return null;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return null;
                }
            }
            dump.add(name, snapshot);
        }
        return MessagePack.encode(dump);
    }

    /** Per node: Groot2 uid (u16 LE), status (u8; an IDLE node that was X shows as 10 + X). */
    private byte[] statusBuffer() {
        observer.copyStatuses(statuses, before);
        ByteBuffer out = ByteBuffer.wrap(statusReply).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < statuses.length; i++) {
            int s = statuses[i];
            if (s == 0 && before[i] != 0) {
                s = Groot2Protocol.IDLE_FROM + before[i];
            }
            out.putShort((short) Groot2Xml.uid(i));
            out.put((byte) s);
        }
        return statusReply;
    }

    private byte[] recordedTransitions() {
        TransitionRing.Reader r = recording;
        if (r == null) {
            return new byte[0];
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TransitionBatch batch = new TransitionBatch(1024);
        byte[] rec = new byte[Groot2Protocol.TRANSITION_RECORD];
        while (r.poll(batch) > 0) {
            for (int k = 0; k < batch.count(); k++) {
                BtlogWriter.encode(rec, (batch.timeNs(k) - recordingStartNs) / 1000, Groot2Xml.uid(batch.uid(k)),
                        batch.to(k).ordinal());
                out.write(rec, 0, rec.length);
            }
        }
        return out.toByteArray();
    }

    private ZMsg error(String why) {
        errors++;
        ZMsg m = new ZMsg();
        m.add("error");
        m.add(why);
        return m;
    }

    /** Stops serving and frees both ports. */
    @Override
    public void close() {
        running = false;
        try {
            thread.join(2 * POLL_MS + 1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        zmq.close();
    }
}
