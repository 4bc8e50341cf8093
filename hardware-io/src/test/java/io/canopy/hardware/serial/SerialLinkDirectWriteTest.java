package io.canopy.hardware.serial;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.google.protobuf.CodedOutputStream;
import io.canopy.proto.Envelope;
import io.canopy.proto.MotorCommand;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The direct write path of {@link SerialLink} (a sender writes the frame itself when the writer thread is idle) on
 * real pseudo-terminals made by socat: frames stay whole and in order, a full tty hands the rest of a frame to the
 * writer thread, stop frames from a second thread (the watchdog's) go out among the tick thread's commands.
 */
class SerialLinkDirectWriteTest {
    @TempDir
    Path dir;

    private SocatPtyPair pair;
    private SerialLink left;
    private SerialLink right;
    private final Commands received = new Commands();

    /** Records motor commands; a test may hold the reader thread on the first one (so the pty fills up). */
    private static final class Commands implements LinkSink {
        final List<MotorCommand> commands = new ArrayList<>();
        volatile CountDownLatch hold;

        @Override
        public void onEnvelope(SerialLink link, Envelope envelope, long receivedNs) {
            CountDownLatch h = hold;
            if (h != null) {
                try {
                    h.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            if (envelope.hasMotorCommand()) {
                synchronized (commands) {
                    commands.add(envelope.getMotorCommand());
                }
            }
        }

        int size() {
            synchronized (commands) {
                return commands.size();
            }
        }

        List<MotorCommand> copy() {
            synchronized (commands) {
                return new ArrayList<>(commands);
            }
        }

        @Override
        public void onDeviceLost(SerialLink link, String reason) {}

        @Override
        public void onDeviceBack(SerialLink link) {}
    }

    @BeforeEach
    void startSocat() throws IOException {
        Assumptions.assumeTrue(SocatPtyPair.available(), "socat is not installed (apt-get install socat): pty tests skipped");
        pair = SocatPtyPair.start(dir);
    }

    @AfterEach
    void stop() {
        if (left != null) {
            left.close();
        }
        if (right != null) {
            right.close();
        }
        pair.close();
    }

    private void startBoth(boolean direct) {
        left = SerialLink.open(SerialConfig.of(pair.a().toString(), 115200), new Commands()).directWrite(direct).start();
        right = SerialLink.open(SerialConfig.of(pair.b().toString(), 115200), received).start();
        await().atMost(Duration.ofSeconds(30)).until(() -> left.isConnected() && right.isConnected());
    }

    /** Sends one motor command the way the motor controller does (a claimed payload); false when dropped. */
    private static boolean send(SerialLink link, int motor, MotorCommand.Builder command) {
        OutboundPayload p;
        while ((p = link.claimPayload()) == null) {
            Thread.onSpinWait(); // all 64 in flight: the writer thread gives them back
        }
        Envelope e = Envelope.newBuilder().setSource("test").setMotorCommand(command.setMotorId(motor)).build();
        try {
            CodedOutputStream out = CodedOutputStream.newInstance(p.buffer(), 0, e.getSerializedSize());
            e.writeTo(out);
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
        return link.send(p, e.getSerializedSize());
    }

    private static boolean sendVelocity(SerialLink link, int motor, int value) {
        return send(link, motor, MotorCommand.newBuilder().setVelocity(value));
    }

    /** The first frame after opening carries the leading delimiter: the writer thread writes it. */
    private void firstFrameThroughTheWriter() {
        assertThat(sendVelocity(left, 9, 0)).isTrue();
        await().atMost(Duration.ofSeconds(30)).until(() -> received.size() == 1);
        assertThat(left.framesWrittenDirect()).isZero();
    }

    @Test
    void anIdleWriterLetsTheSendingThreadWriteEachFrameItself() {
        startBoth(true);
        firstFrameThroughTheWriter();
        for (int i = 1; i <= 50; i++) {
            assertThat(sendVelocity(left, 0, i)).isTrue();
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> received.size() == 51);
        // one sender, the writer idle and nothing queued: every frame went out on the sending thread, none handed over
        assertThat(left.framesWrittenDirect()).isEqualTo(50);
        assertThat(left.directHandoffs()).isZero();
        assertThat(left.framesSent()).isEqualTo(51);
        List<MotorCommand> got = received.copy();
        for (int i = 1; i <= 50; i++) {
            assertThat(got.get(i).getVelocity()).isEqualTo(i);
        }
        assertThat(right.badFrames()).isZero();
        assertThat(right.framesLost()).isZero();
    }

    @Test
    void withoutDirectWriteEveryFrameGoesThroughTheWriterThread() {
        startBoth(false);
        firstFrameThroughTheWriter();
        for (int i = 1; i <= 50; i++) {
            assertThat(sendVelocity(left, 0, i)).isTrue();
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> received.size() == 51);
        assertThat(left.framesWrittenDirect()).isZero();
        assertThat(left.framesSent()).isEqualTo(51);
        assertThat(right.framesLost()).isZero();
    }

    /**
     * A tick thread sending velocity commands and a watchdog thread sending stops at the same time: every accepted
     * frame arrives whole (no bad frame, no seq gap: the two paths share one encoder and never interleave bytes),
     * each thread's frames in the order it sent them, every stop included.
     */
    @Test
    void framesOfTwoThreadsArriveWholeEachThreadsInOrderStopsIncluded() throws InterruptedException {
        startBoth(true);
        firstFrameThroughTheWriter();
        int perThread = 3000;
        int[] accepted = new int[2];
        Thread tick = new Thread(() -> {
            for (int i = 1; i <= perThread; i++) {
                if (sendVelocity(left, 0, i)) {
                    accepted[0]++;
                }
            }
        }, "test tick");
        Thread watchdog = new Thread(() -> {
            for (int i = 1; i <= perThread; i++) {
                // a stop carrying its number in timeout_ms, so the order can be checked
                if (send(left, 1, MotorCommand.newBuilder().setStop(true).setTimeoutMs(i))) {
                    accepted[1]++;
                }
            }
        }, "test watchdog");
        tick.start();
        watchdog.start();
        tick.join();
        watchdog.join();
        int total = 1 + accepted[0] + accepted[1];
        assertThat(accepted[1]).isPositive();
        await().atMost(Duration.ofSeconds(60)).until(() -> received.size() == total);
        double lastVelocity = 0;
        int lastStop = 0;
        int velocities = 0;
        int stops = 0;
        for (MotorCommand c : received.copy().subList(1, total)) {
            if (c.getMotorId() == 0) {
                assertThat(c.getVelocity()).isGreaterThan(lastVelocity);
                lastVelocity = c.getVelocity();
                velocities++;
            } else {
                assertThat(c.getTargetCase()).isEqualTo(MotorCommand.TargetCase.STOP);
                assertThat(c.getTimeoutMs()).isGreaterThan(lastStop);
                lastStop = c.getTimeoutMs();
                stops++;
            }
        }
        assertThat(velocities).isEqualTo(accepted[0]);
        assertThat(stops).isEqualTo(accepted[1]);
        assertThat(right.badFrames()).isZero();
        assertThat(right.framesLost()).isZero();
        assertThat(left.framesSent()).isEqualTo(total);
    }

    /**
     * The peer stops reading, so the pty fills: a direct write that the tty takes only in part (or not at all)
     * leaves the rest of the frame to the writer thread, later frames queue behind it, and when the peer reads again
     * every accepted frame arrives whole and in order.
     */
    @Test
    void aFullTtyHandsTheRestOfTheFrameToTheWriterThreadInOrder() {
        startBoth(true);
        CountDownLatch hold = new CountDownLatch(1);
        received.hold = hold; // the peer's reader thread stops at the first frame
        assertThat(sendVelocity(left, 9, 0)).isTrue();
        await().atMost(Duration.ofSeconds(30)).until(() -> left.framesSent() == 1);
        List<Integer> accepted = new ArrayList<>();
        int value = 1;
        while (left.directHandoffs() == 0 && value < 2_000_000) {
            if (sendVelocity(left, 0, value)) {
                accepted.add(value);
            }
            value++;
        }
        assertThat(left.directHandoffs()).isEqualTo(1);
        for (int i = 0; i < 20; i++, value++) { // behind the handed-over frame: queued for the writer thread
            if (sendVelocity(left, 0, value)) {
                accepted.add(value);
            }
        }
        assertThat(accepted.size()).isGreaterThan(20);
        received.hold = null;
        hold.countDown();
        await().atMost(Duration.ofSeconds(60)).until(() -> received.size() == 1 + accepted.size());
        List<MotorCommand> got = received.copy();
        for (int i = 0; i < accepted.size(); i++) {
            assertThat(got.get(i + 1).getVelocity()).isEqualTo((double) accepted.get(i));
        }
        assertThat(right.badFrames()).isZero();
        assertThat(right.framesLost()).isZero();
        assertThat(left.framesSent()).isEqualTo(1 + accepted.size());
    }
}
