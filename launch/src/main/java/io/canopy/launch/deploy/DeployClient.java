package io.canopy.launch.deploy;

import com.google.gson.Gson;
import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.canopy.messaging.MqttNode;
import io.canopy.messaging.Qos;
import io.canopy.messaging.Subscription;
import io.canopy.proto.Envelope;
import io.canopy.proto.Event;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * The operator's side of one robot's deploy: publishes a {@link DeployRequest} (JSON in an Event named
 * {@value #EVENT}) on {@code <target>/deploy/request} and reads the robot's {@link DeployReply}s from
 * {@code <target>/deploy/reply}. Used by {@code canopy deploy} and the tests.
 */
public final class DeployClient implements AutoCloseable {
    public static final String EVENT = "deploy.request";
    private static final Gson GSON = new Gson();

    private final MqttNode mqtt;
    private final String target;
    private final Subscription replies;
    private final BlockingQueue<DeployReply> inbox = new LinkedBlockingQueue<>();

    /** Subscribes to {@code target}'s replies; {@code target} is a node's full name ({@code robot1/controller}). */
    public DeployClient(MqttNode mqtt, String target) throws InterruptedException {
        this.mqtt = mqtt;
        this.target = target.startsWith("/") ? target.substring(1) : target;
        this.replies = mqtt.newRawSubscriber("/" + this.target + "/" + RobotDeploy.REPLY, Qos.AT_LEAST_ONCE, (t, payload, retained) -> {
            try {
                inbox.add(GSON.fromJson(json(payload), DeployReply.class));
            } catch (RuntimeException | InvalidProtocolBufferException notAReply) {
                // another client's message on the topic: not ours to read
            }
        });
        replies.awaitSubscribed(5000);
    }

    /** The JSON text of a deploy message: the payload of the Event in the Envelope {@code payload}. */
    static String json(byte[] payload) throws InvalidProtocolBufferException {
        return Envelope.parseFrom(payload).getEvent().getPayload().toStringUtf8();
    }

    public String target() {
        return target;
    }

    /** Publishes {@code r} to the robot. */
    public void send(DeployRequest r) {
        Event e = Event.newBuilder().setName(EVENT).setPayload(ByteString.copyFrom(GSON.toJson(r), StandardCharsets.UTF_8)).build();
        mqtt.newPublisher("/" + target + "/" + RobotDeploy.REQUEST, Event.class, Qos.AT_LEAST_ONCE, false).publish(e);
    }

    /** The next reply of generation {@code generation} matching {@code wanted} within {@code timeoutMs}, or null. */
    public DeployReply await(long generation, Predicate<DeployReply> wanted, long timeoutMs) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        while (true) {
            long left = end - System.nanoTime();
            DeployReply r = left <= 0 ? null : inbox.poll(left, TimeUnit.NANOSECONDS);
            if (r == null) {
                return null;
            }
            if (r.generation() == generation && wanted.test(r) || "refused".equals(r.status()) && r.generation() == generation) {
                return r;
            }
        }
    }

    /** The next reply of any generation within {@code timeoutMs} (a rollback the robot made by itself), or null. */
    public DeployReply next(long timeoutMs) throws InterruptedException {
        return inbox.poll(timeoutMs, TimeUnit.MILLISECONDS);
    }

    /** The final states of a reply: {@code swapped}, {@code refused}, {@code rolled-back}. */
    public static boolean settled(DeployReply r) {
        return List.of("swapped", "refused", "rolled-back").contains(r.status());
    }

    @Override
    public void close() {
        replies.close();
    }
}
