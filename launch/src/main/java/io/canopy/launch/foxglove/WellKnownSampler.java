package io.canopy.launch.foxglove;

import io.canopy.launch.run.DiffDriveRuntime;
import io.canopy.launch.run.NodeView;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * One node's well-known channels, sampled on the tick thread at the end of each cycle: the odometry pose as
 * {@code foxglove.PoseInFrame} and {@code foxglove.FrameTransform} (at most every {@link #POSE_PERIOD_NS}), and each
 * tree's running action and each machine's state as {@code canopy.foxglove.v1.StateText} when they change. Messages
 * are encoded straight into a preallocated {@link MessageRing}; one consumer (an MCAP writer thread, the WebSocket
 * server's hub) drains it. The tick side allocates nothing and never waits; a full ring drops (counted).
 *
 * <p>Topics, under the node's name: {@code NODE/foxglove/pose}, {@code NODE/foxglove/tf},
 * {@code NODE/foxglove/tree/TREE}, {@code NODE/foxglove/machine/MACHINE}; frames {@code NODE/odom} (parent) and
 * {@code NODE/base_link}.
 */
public final class WellKnownSampler {
    /** The pose goes out at most at 50 Hz (and only while it changes, plus once a second). */
    static final long POSE_PERIOD_NS = 20_000_000L;
    private static final long POSE_KEEPALIVE_NS = 1_000_000_000L;

    /** Where the pose comes from: the diffdrive's odometry (or a test's). */
    interface PoseSource {
        double x();

        double y();

        double theta();
    }

    private final long epochOffsetNs;
    private final List<Channel> channels = new ArrayList<>();
    private final MessageRing ring;
    private final PoseSource pose;
    private final String frame;
    private final String child;
    private final int poseChannel;
    private final String[] sources;
    private final List<Supplier<String>> texts;
    private final String[] last;
    private final long[] changes;
    private final int firstTextChannel;
    private final PoseEncoder poses = new PoseEncoder();
    private final StateEncoder states = new StateEncoder();
    private long lastPoseNs;
    private boolean posed;
    private double lastX = Double.NaN, lastY = Double.NaN, lastTheta = Double.NaN;

    /**
     * {@code name}: the node's; {@code pose}: null without one; {@code textNames} ("tree patrol", "machine mission") and
     * {@code texts} side by side; {@code textTopics} their topics. {@code epochOffsetNs} turns the node's clock into ns
     * since the epoch.
     */
    WellKnownSampler(String name, PoseSource pose, List<String> textNames, List<String> textTopics, List<Supplier<String>> texts,
            long epochOffsetNs, int ringCapacity) {
        this.epochOffsetNs = epochOffsetNs;
        this.pose = pose;
        this.frame = name + "/odom";
        this.child = name + "/base_link";
        if (pose != null) {
            poseChannel = channels.size();
            channels.add(Channel.of(name + "/foxglove/pose", FoxgloveSchemas.POSE_IN_FRAME));
            channels.add(Channel.of(name + "/foxglove/tf", FoxgloveSchemas.FRAME_TRANSFORM));
        } else {
            poseChannel = -1;
        }
        firstTextChannel = channels.size();
        for (String topic : textTopics) {
            channels.add(Channel.of(topic, FoxgloveSchemas.STATE_TEXT));
        }
        this.sources = textNames.toArray(new String[0]);
        this.texts = List.copyOf(texts);
        this.last = new String[texts.size()];
        this.changes = new long[texts.size()];
        ring = new MessageRing(ringCapacity, 512);
    }

    /** The well-known channels of {@code node}; {@code epochOffsetNs} turns its clock into ns since the epoch. */
    public static WellKnownSampler of(NodeView node, long epochOffsetNs) {
        String name = node.name();
        DiffDriveRuntime drive = node.drive();
        PoseSource pose = drive == null ? null : new PoseSource() {
            @Override
            public double x() {
                return drive.x();
            }

            @Override
            public double y() {
                return drive.y();
            }

            @Override
            public double theta() {
                return drive.theta();
            }
        };
        List<String> names = new ArrayList<>();
        List<String> topics = new ArrayList<>();
        List<Supplier<String>> texts = new ArrayList<>();
        for (NodeView.TreeView t : node.trees()) {
            names.add("tree " + t.name());
            topics.add(name + "/foxglove/tree/" + t.name());
            texts.add(t::runningAction);
        }
        for (NodeView.MachineView m : node.machines()) {
            names.add("machine " + m.name());
            topics.add(name + "/foxglove/machine/" + m.name());
            texts.add(m::leaf);
        }
        return new WellKnownSampler(name, pose, names, topics, texts, epochOffsetNs, 1 << 12);
    }

    /** The channels, in the order {@link #drain} numbers them. */
    public List<Channel> channels() {
        return channels;
    }

    /** Tick thread, at the end of a cycle at the node's time {@code nowNs}: samples and encodes what changed. */
    public void afterCycle(long nowNs) {
        long epochNs = nowNs + epochOffsetNs;
        if (pose != null && (!posed || nowNs - lastPoseNs >= POSE_PERIOD_NS)) {
            double x = pose.x(), y = pose.y(), theta = pose.theta();
            if (!posed || x != lastX || y != lastY || theta != lastTheta || nowNs - lastPoseNs >= POSE_KEEPALIVE_NS) {
                posed = true;
                lastX = x;
                lastY = y;
                lastTheta = theta;
                lastPoseNs = nowNs;
                byte[] b = ring.claim();
                if (b != null) {
                    ring.publish(poseChannel, epochNs, poses.poseInFrame(b, 0, b.length, epochNs, frame, x, y, theta));
                }
                b = ring.claim();
                if (b != null) {
                    ring.publish(poseChannel + 1, epochNs, poses.frameTransform(b, 0, b.length, epochNs, frame, child, x, y, theta));
                }
            }
        }
        for (int i = 0; i < last.length; i++) {
            String v = texts.get(i).get();
            if (v == last[i] || v == null || v.equals(last[i])) {
                continue;
            }
            last[i] = v;
            changes[i]++;
            byte[] b = ring.claim();
            if (b != null) {
                ring.publish(firstTextChannel + i, epochNs, states.encode(b, 0, b.length, epochNs, sources[i], v, changes[i]));
            }
        }
    }

    /** One consumer thread: hands every message encoded so far to {@code sink}; returns how many. */
    public int drain(MessageSink sink) {
        return ring.drain(sink);
    }

    /** Messages encoded and not drained yet. */
    long pending() {
        return ring.pending();
    }

    /** Messages the tick dropped because the consumer was a whole ring behind. */
    public long dropped() {
        return ring.dropped();
    }
}
