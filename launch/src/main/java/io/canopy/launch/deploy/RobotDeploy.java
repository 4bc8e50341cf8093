package io.canopy.launch.deploy;

import com.google.gson.Gson;
import com.google.gson.JsonParseException;
import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.canopy.InputException;
import io.canopy.launch.fleet.ClaimBoard;
import io.canopy.launch.plan.DeployPlan;
import io.canopy.launch.report.NodeInfo;
import io.canopy.launch.run.FileDigest;
import io.canopy.launch.run.LoadedTree;
import io.canopy.launch.run.Mqtt;
import io.canopy.launch.run.NodeView;
import io.canopy.launch.run.SwapWhen;
import io.canopy.launch.run.TreeSlot;
import io.canopy.messaging.MqttNode;
import io.canopy.messaging.Publisher;
import io.canopy.messaging.Qos;
import io.canopy.messaging.Subscription;
import io.canopy.proto.Event;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The robot's side of a rollout: takes deploy requests (JSON, {@link DeployRequest}) on {@code <node>/deploy/request},
 * checks each on its own thread with the rules of the start (stale generation, past deadline, failsafe engaged, paths
 * the launch file names, SHA-256, then each tree loaded as at start), answers on {@code <node>/deploy/reply}, and hands
 * the loaded trees to their slots, which swap them in at a tick the request's {@code when} allows. Once swapped, the
 * files are kept ({@link DeployedFiles}), the retained info shows the new versions, and for the plan's rollback window a
 * failsafe that trips puts the old versions back. A node without {@code <deploy/>} ignores requests and counts them.
 */
public final class RobotDeploy implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RobotDeploy.class);
    public static final String REQUEST = "deploy/request";
    public static final String REPLY = "deploy/reply";
    private static final Gson GSON = new Gson();
    private static final long POLL_MS = 1;

    private final NodeView view;
    private final DeployPlan plan;
    private final DeployedFiles store;
    private final MqttNode client;
    private final Publisher<Event> replies;
    private final Subscription subscription;
    private final ScheduledExecutorService worker;
    private final AtomicLong ignored = new AtomicLong();
    private long lastGeneration;
    /** The last deploy that swapped: its slots, and the paths it put in (for a rollback). */
    private Deployment last;
    private ScheduledFuture<?> watch;

    private record Staged(TreeSlot slot, String path, LoadedTree next) {}

    /** @param tripsBefore the failsafe's trips before the offer: one more after the swap, within the window, rolls it back */
    private record Deployment(long generation, List<Staged> parts, long tripsBefore) {}

    private RobotDeploy(NodeView view, DeployPlan plan, MqttNode client) {
        this.view = view;
        this.plan = plan;
        this.client = client;
        this.store = DeployedFiles.of(view.plan());
        this.lastGeneration = store.generation();
        ScheduledThreadPoolExecutor w = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "deploy-" + view.name());
            t.setDaemon(true);
            return t;
        });
        w.setRemoveOnCancelPolicy(true);
        this.worker = w;
        String base = Mqtt.absolute(view.name()) + "/";
        this.replies = client.newPublisher(base + REPLY, Event.class, Qos.AT_LEAST_ONCE, false);
        this.subscription = client.newRawSubscriber(base + REQUEST, Qos.AT_LEAST_ONCE, (topic, payload, retained) -> {
            long arrivedNs = view.clockNs();
            worker.execute(() -> take(payload, arrivedNs));
        });
    }

    /**
     * Starts taking deploy requests for the node of {@code view} (its launch file's {@code <deploy/>}, or every tree when
     * {@code allowAll}: {@code canopy run --allow-deploy}); null for a node without MQTT.
     */
    public static RobotDeploy attach(NodeView view, boolean allowAll) {
        MqttNode c = view.mqtt();
        if (c == null) {
            return null;
        }
        DeployPlan p = view.plan().deploy();
        if (allowAll && !p.enabled()) {
            p = new DeployPlan(true, List.of(), DeployPlan.DEFAULT_ROLLBACK_WINDOW_MS, view.plan().source());
        }
        return new RobotDeploy(view, p, c);
    }

    /** Whether the subscription to requests is in place (tests wait for it). */
    public boolean awaitSubscribed(long timeoutMs) throws InterruptedException {
        return subscription.awaitSubscribed(timeoutMs);
    }

    /** Requests ignored because the node has no {@code <deploy/>}. */
    public long ignored() {
        return ignored.get();
    }

    private void take(byte[] payload, long arrivedNs) {
        if (!plan.enabled()) {
            long n = ignored.incrementAndGet();
            LOG.warn("node {}: a deploy request ignored ({} so far): its launch file has no <deploy/> (add it to the <node>, "
                    + "or run with --allow-deploy to try)", view.name(), n);
            return;
        }
        DeployRequest r;
        try {
            r = GSON.fromJson(DeployClient.json(payload), DeployRequest.class);
            if (r == null) {
                throw new JsonParseException("empty payload");
            }
        } catch (JsonParseException | InvalidProtocolBufferException e) {
            reply(DeployReply.refused(view.name(), 0, "the request is not deploy JSON (" + e.getMessage()
                    + "); send an Event named deploy.request whose payload is {\"files\":[{\"path\",\"content\",\"sha256\"}],\"when\",\"generation\",\"deadline\"}", List.of()));
            return;
        }
        try {
            handle(r, arrivedNs);
        } catch (RuntimeException e) {
            LOG.warn("node {}: deploy generation {} failed: {}", view.name(), r.generation(), e.toString());
            reply(DeployReply.refused(view.name(), r.generation(), "failed on the robot: " + e.getMessage(), List.of()));
        }
    }

    private void handle(DeployRequest r, long arrivedNs) {
        String refusal = staleness(r);
        if (refusal != null) {
            reply(DeployReply.refused(view.name(), r.generation(), refusal, List.of()));
            return;
        }
        if (r.rollback()) {
            lastGeneration = r.generation();
            store.generation(lastGeneration);
            rollBack("asked by the operator (canopy deploy --rollback)", r.generation());
            return;
        }
        if (view.failsafeEngaged()) {
            reply(DeployReply.refused(view.name(), r.generation(), "the failsafe holds the motors now (a link is silent or "
                    + "lost); deploy again once the robot is back to normal", List.of()));
            return;
        }
        List<String> errors = new ArrayList<>();
        SwapWhen when = DeployWhen.parse(r.whenOrIdle(), view, errors);
        List<Staged> staged = stage(r, errors);
        if (!errors.isEmpty()) {
            DeployedFiles.deleteQuietly(store.stagingDir(r.generation()));
            reply(DeployReply.refused(view.name(), r.generation(), errors.size() + " error(s); nothing was changed", errors));
            return;
        }
        lastGeneration = r.generation();
        store.generation(lastGeneration);
        cancelWatch();
        long tripsBefore = trips();
        AtomicBoolean release = new AtomicBoolean();
        for (Staged s : staged) {
            s.slot().offer(s.next(), when, release);
        }
        release.set(true); // all or none: trees on one timer swap at the same tick
        reply(new DeployReply(view.name(), r.generation(), "accepted", "swaps " + when.text(), List.of(), versions(staged), 0));
        LOG.info("node {}: deploy generation {} accepted ({} file(s)); swaps {}", view.name(), r.generation(), staged.size(), when.text());
        awaitSwap(new Deployment(r.generation(), staged, tripsBefore), arrivedNs);
    }

    /** Why {@code r} is stale (an older generation, past its deadline), or null. */
    private String staleness(DeployRequest r) {
        if (r.generation() <= lastGeneration) {
            return "stale: generation " + r.generation() + " is not newer than the last one taken (" + lastGeneration
                    + "); send a larger generation (canopy deploy uses the time in ms)";
        }
        long now = System.currentTimeMillis();
        if (r.deadline() > 0 && now > r.deadline()) {
            return "stale: its deadline passed " + (now - r.deadline()) + " ms before it arrived; send it again";
        }
        return null;
    }

    /** Writes each file to the staging folder and loads it as its tree would load at start; errors in {@code errors}. */
    private List<Staged> stage(DeployRequest r, List<String> errors) {
        List<Staged> out = new ArrayList<>();
        Map<String, TreeSlot> byPath = new LinkedHashMap<>();
        for (TreeSlot s : view.treeSlots()) {
            byPath.put(store.relative(s.plan.file()), s);
        }
        if (r.filesOrEmpty().isEmpty()) {
            errors.add("the request carries no files; give at least one PATH=FILE");
        }
        for (DeployRequest.DeployFile f : r.filesOrEmpty()) {
            String path = f.path() == null ? "" : f.path().replace('\\', '/');
            TreeSlot slot = byPath.get(path);
            if (slot == null) {
                boolean machine = view.machines().stream().anyMatch(m -> store.relative(m.file()).equals(path));
                errors.add(path + ": " + (machine ? "is a statemachine file; this version swaps tree files only (restart the "
                        + "node to change a machine)" : "no tree of node " + view.name() + " runs this file; its tree files are "
                        + String.join(", ", byPath.keySet())));
                continue;
            }
            if (!plan.allows(slot.plan.name())) {
                errors.add(path + ": tree '" + slot.plan.name() + "' is not in <deploy only=\"" + String.join(",", plan.only())
                        + "\"> at " + plan.source() + "; add it there to deploy it");
                continue;
            }
            String content = f.content() == null ? "" : f.content();
            String sha = FileDigest.sha256(content.getBytes(StandardCharsets.UTF_8));
            if (f.sha256() != null && !f.sha256().equalsIgnoreCase(sha)) {
                errors.add(path + ": the content's SHA-256 is " + sha + ", not the " + f.sha256() + " the request says; send it again");
                continue;
            }
            var file = store.staged(r.generation(), path);
            store.write(file, content);
            try {
                LoadedTree next = slot.prepare(file, sha, r.label());
                if (client != null) {
                    ClaimBoard.attach(next.tree().context(), client);
                }
                out.add(new Staged(slot, path, next));
            } catch (InputException | IllegalArgumentException e) {
                String root = store.stagingDir(r.generation()).toString() + "/";
                for (String line : String.valueOf(e.getMessage()).split("\n")) {
                    errors.add(line.replace(root, ""));
                }
            }
        }
        return out;
    }

    /** Polls (on the worker, not the tick thread) until every slot runs its new version, then keeps the files. */
    private void awaitSwap(Deployment d, long arrivedNs) {
        ScheduledFuture<?>[] self = new ScheduledFuture<?>[1];
        self[0] = worker.scheduleWithFixedDelay(() -> {
            for (Staged s : d.parts()) {
                if (s.slot().current() != s.next()) {
                    // no offer pending and still not the new version: replaced by a newer offer or a rollback (the slot
                    // clears its offer after it puts the version in, so reading current again tells a swap apart)
                    if (!s.slot().swapPending() && s.slot().current() != s.next()) {
                        self[0].cancel(false);
                    }
                    return;
                }
            }
            self[0].cancel(false);
            swapped(d, arrivedNs);
        }, POLL_MS, POLL_MS, TimeUnit.MILLISECONDS);
    }

    private void swapped(Deployment d, long arrivedNs) {
        long swapNs = 0;
        long now = System.currentTimeMillis();
        for (Staged s : d.parts()) {
            store.promote(d.generation(), s.path());
            s.next().since(now);
            swapNs = Math.max(swapNs, s.next().swappedAtNs() - arrivedNs);
        }
        DeployedFiles.deleteQuietly(store.stagingDir(d.generation()));
        last = d;
        LOG.info("node {}: deploy generation {} runs ({} ms from the request)", view.name(), d.generation(), swapNs / 1e6);
        reply(new DeployReply(view.name(), d.generation(), "swapped", "", List.of(), versions(d.parts()), swapNs / 1e6));
        NodeInfo.publish(client, view);
        if (plan.rollbackWindowMs() > 0) {
            long trips = d.tripsBefore();
            long until = view.clockNs() + plan.rollbackWindowMs() * 1_000_000L;
            watch = worker.scheduleWithFixedDelay(() -> {
                if (view.clockNs() > until) {
                    cancelWatch();
                } else if (trips() > trips || view.failsafeEngaged()) {
                    cancelWatch();
                    rollBack("the failsafe tripped " + (trips() - trips) + " time(s) within the rollback window of "
                            + plan.rollbackWindowMs() / 1000 + " s after the swap", d.generation());
                }
            }, 20, 20, TimeUnit.MILLISECONDS);
        }
    }

    /** Stalls, silent links, stale commands and lost devices so far: what a failsafe trip adds to. */
    private long trips() {
        return view.failsafeStalls() + view.failsafeSilences() + view.failsafeStaleCommands() + view.lostEvents();
    }

    private void cancelWatch() {
        if (watch != null) {
            watch.cancel(false);
            watch = null;
        }
    }

    /**
     * Puts back the versions the last swap replaced, at once; logged and published with {@code reason} under
     * {@code generation} (the deploy's for an automatic rollback, the request's for one asked for).
     */
    private void rollBack(String reason, long generation) {
        Deployment d = last;
        if (d == null) {
            reply(DeployReply.refused(view.name(), generation, "nothing to roll back: no deploy swapped since the node started",
                    List.of()));
            return;
        }
        last = null;
        List<String> versions = new ArrayList<>();
        for (Staged s : d.parts()) {
            LoadedTree back = s.slot().previous();
            if (back != null && s.slot().offerRollback()) {
                versions.add(s.slot().plan.name() + " " + back.sha256);
                back.since(System.currentTimeMillis());
            }
            store.forget(s.path());
        }
        long t0 = System.nanoTime();
        while (d.parts().stream().anyMatch(s -> s.slot().swapPending()) && System.nanoTime() - t0 < 2_000_000_000L) {
            LockSupport.parkNanos(1_000_000L);
        }
        LOG.warn("node {}: deploy generation {} rolled back: {}", view.name(), d.generation(), reason);
        reply(new DeployReply(view.name(), generation, "rolled-back", reason, List.of(), versions, 0));
        NodeInfo.publish(client, view);
    }

    private static List<String> versions(List<Staged> parts) {
        return parts.stream().map(s -> s.slot().plan.name() + " " + s.next().sha256).toList();
    }

    private void reply(DeployReply r) {
        try {
            replies.publish(Event.newBuilder().setName(DeployReply.EVENT)
                    .setPayload(ByteString.copyFrom(GSON.toJson(r), StandardCharsets.UTF_8)).build());
        } catch (IllegalStateException closed) {
            LOG.debug("node {}: reply not sent, MQTT closed: {}", view.name(), r);
        }
    }

    @Override
    public void close() {
        subscription.close();
        worker.shutdownNow();
    }
}
