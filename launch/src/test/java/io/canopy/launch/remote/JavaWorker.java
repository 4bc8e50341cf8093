package io.canopy.launch.remote;

import com.google.protobuf.Message;
import io.canopy.proto.Envelope;
import io.canopy.proto.Event;
import io.canopy.proto.remote.Cancel;
import io.canopy.proto.remote.Feedback;
import io.canopy.proto.remote.Goal;
import io.canopy.proto.remote.Result;
import io.canopy.proto.remote.Status;
import io.canopy.proto.remote.Value;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;

/**
 * A remote worker in Java, written as a foreign worker would be: a plain Paho client speaking the protocol of
 * docs/remote-nodes.md, and the same "planner" as examples/remote-worker-python/worker.py (a straight line from
 * 0,0 to the goal "x,y" in {@code duration} seconds, ten feedbacks; a goal that is not x,y fails). It logs what
 * it saw in the same words as worker.py prints.
 */
final class JavaWorker implements AutoCloseable {
    final List<String> log = new CopyOnWriteArrayList<>();
    private final MqttClient client;
    private final String topic;
    private final Map<Long, CountDownLatch> running = new ConcurrentHashMap<>();

    JavaWorker(String brokerUrl, String topic) throws Exception {
        this.topic = topic;
        client = new MqttClient(brokerUrl, "java-worker-" + topic.replace('/', '-'), new MemoryPersistence());
        MqttConnectOptions o = new MqttConnectOptions();
        o.setCleanSession(true);
        o.setKeepAliveInterval(5);
        o.setWill(topic + "/worker", "offline".getBytes(StandardCharsets.UTF_8), 1, true);
        client.connect(o);
        client.subscribe(new String[] {topic + "/goal", topic + "/cancel"}, new int[] {1, 1}, new org.eclipse.paho.client.mqttv3.IMqttMessageListener[] {
            (t, m) -> onGoal(Goal.parseFrom(Envelope.parseFrom(m.getPayload()).getEvent().getPayload())),
            (t, m) -> onCancel(Cancel.parseFrom(Envelope.parseFrom(m.getPayload()).getEvent().getPayload()))});
        client.publish(topic + "/worker", "online".getBytes(StandardCharsets.UTF_8), 1, true);
        log.add("online " + topic);
    }

    private void onGoal(Goal goal) {
        log.add("goal " + goal.getGoalId() + " " + goal.getNode() + " " + goal.getInputsOrDefault("goal", Value.getDefaultInstance()).getText());
        CountDownLatch cancelled = new CountDownLatch(1);
        running.put(goal.getGoalId(), cancelled);
        Thread t = new Thread(() -> work(goal, cancelled), "java-worker-goal");
        t.setDaemon(true);
        t.start();
    }

    private void work(Goal goal, CountDownLatch cancelled) {
        try {
            String text = goal.getInputsOrDefault("goal", Value.getDefaultInstance()).getText();
            Result.Builder result = Result.newBuilder().setGoalId(goal.getGoalId());
            String[] xy = text.split(",");
            double x;
            double y;
            try {
                x = Double.parseDouble(xy[0]);
                y = Double.parseDouble(xy[1]);
            } catch (RuntimeException e) {
                send("result", result.setStatus(Status.FAILURE).setMessage("goal '" + text + "' is not x,y").build(), 1);
                log.add("result " + goal.getGoalId() + " FAILURE");
                return;
            }
            double duration = goal.getInputsOrDefault("duration", Value.getDefaultInstance()).getNumber();
            for (int step = 1; step <= 10; step++) {
                if (cancelled.await((long) (duration * 100), TimeUnit.MILLISECONDS)) {
                    return;
                }
                send("feedback", Feedback.newBuilder().setGoalId(goal.getGoalId()).setText("step " + step + "/10")
                        .putOutputs("progress", Value.newBuilder().setNumber(step / 10.0).build()).build(), 0);
            }
            running.remove(goal.getGoalId());
            send("result", result.setStatus(Status.SUCCESS)
                    .putOutputs("path", Value.newBuilder().setText("0,0;" + fmt(x) + "," + fmt(y)).build())
                    .putOutputs("length", Value.newBuilder().setNumber(Math.hypot(x, y)).build()).build(), 1);
            log.add("result " + goal.getGoalId() + " SUCCESS");
        } catch (Exception e) {
            log.add("error " + e);
        }
    }

    private static String fmt(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    private void onCancel(Cancel cancel) {
        CountDownLatch c = running.remove(cancel.getGoalId());
        if (c != null) {
            c.countDown();
        }
        log.add("cancel " + cancel.getGoalId() + " " + cancel.getReason());
    }

    private void send(String kind, Message m, int qos) throws Exception {
        Envelope e = Envelope.newBuilder().setSource("java-worker").setStampNs(System.currentTimeMillis() * 1_000_000L)
                .setEvent(Event.newBuilder().setName(m.getDescriptorForType().getFullName()).setPayload(m.toByteString()))
                .build();
        MqttMessage msg = new MqttMessage(e.toByteArray());
        msg.setQos(qos);
        client.publish(topic + "/" + kind, msg);
    }

    /** Dies without a word: the TCP connection drops, the broker publishes the Last Will (offline). */
    void kill() throws Exception {
        client.disconnectForcibly(0, 0, false);
        client.close(true);
    }

    @Override
    public void close() throws Exception {
        if (client.isConnected()) {
            client.publish(topic + "/worker", "offline".getBytes(StandardCharsets.UTF_8), 1, true);
            client.disconnect();
        }
        client.close(true);
    }
}
