package io.canopy.launch.cli;

import io.canopy.InputException;
import io.canopy.bt.Blackboard;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.Tree;
import io.canopy.bt.TreeContext;
import io.canopy.bt.TreeRunner;
import io.canopy.bt.load.XmlTreeLoader;
import io.canopy.hardware.device.BatteryMonitor;
import io.canopy.hardware.device.BlackboardBridge;
import io.canopy.hardware.device.DeviceHub;
import io.canopy.hardware.device.MotorController;
import io.canopy.hardware.device.RangeSensor;
import io.canopy.hardware.serial.InProcessWire;
import io.canopy.hardware.serial.InboxSink;
import io.canopy.hardware.serial.SerialConfig;
import io.canopy.hardware.serial.SerialLink;
import io.canopy.hardware.serial.SocatPtyPair;
import io.canopy.hardware.sim.DiffDriveSim;
import io.canopy.tick.SystemNanoClock;
import io.canopy.tick.Ticker;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code canopy sim}: the simulated differential-drive base. Three ways to run it:
 * <ul>
 *   <li>{@code --pty PATH}: serve on an existing serial device or pty (for example one end of a
 *       {@code socat} pair you made);</li>
 *   <li>no option: make a socat pty pair, serve on one end and print the other end for the node;</li>
 *   <li>{@code --demo}: everything in-process: a behavior tree on a ticker drives the base.</li>
 * </ul>
 * Prints the simulated state once per {@code --status-ms}; runs until Ctrl-C or {@code --duration}.
 */
@Command(name = "sim", mixinStandardHelpOptions = true, description = "Run the simulated robot base.")
final class SimCommand implements Callable<Integer> {
    /** The demo's tree (BehaviorTree.CPP v4): forward while the way ahead is clear, else turn left. */
    static final String WANDER_TREE = """
            <root BTCPP_format="4" main_tree_to_execute="Wander">
              <BehaviorTree ID="Wander">
                <ReactiveFallback>
                  <Sequence>
                    <ScriptCondition code="range_age_ms &lt; 500 &amp;&amp; range_m &gt; 0.6"/>
                    <Script code="left_cmd := 8; right_cmd := 8"/>
                  </Sequence>
                  <Script code="left_cmd := -4; right_cmd := 4"/>
                </ReactiveFallback>
              </BehaviorTree>
            </root>
            """;

    @Spec
    CommandSpec spec;

    @Option(names = "--pty", paramLabel = "PATH", description = "Serve on this serial device or pty (e.g. one end of a socat pair).")
    Path pty;

    @Option(names = "--link", paramLabel = "PATH", defaultValue = "/tmp/canopy-sim",
            description = "Without --pty: the node's end of the pty pair this command makes (default: ${DEFAULT-VALUE}).")
    Path link;

    @Option(names = "--baud", defaultValue = "115200", description = "Baud rate (default: ${DEFAULT-VALUE}).")
    int baud;

    @Option(names = "--charge-rate", defaultValue = "2", paramLabel = "PCT_PER_S",
            description = "Charging rate of the dock at (0.5, 1.5), percent per second; 0: no dock (default: ${DEFAULT-VALUE}).")
    double chargeRate;

    @Option(names = "--demo", description = "Run in-process with a behavior tree that wanders around the room.")
    boolean demo;

    @Option(names = "--duration", defaultValue = "0", paramLabel = "TIME",
            description = "Stop after this long (500ms, 5s, 2m, or plain seconds); 0 runs until Ctrl-C (default: ${DEFAULT-VALUE}).")
    String duration;
    private double durationS;

    @Option(names = "--status-ms", defaultValue = "1000", description = "Status line period (default: ${DEFAULT-VALUE}).")
    long statusMs;

    @Override
    public Integer call() throws Exception {
        try {
            return run();
        } finally {
            closed.countDown(); // a Ctrl-C/SIGTERM hook waits for this: socat and the ports are closed by now
        }
    }

    /** Counted down once everything this command opened is closed. */
    private final CountDownLatch closed = new CountDownLatch(1);

    private Integer run() throws Exception {
        if (baud <= 0) {
            throw new InputException("canopy sim: --baud " + baud + " is not positive; use e.g. 115200");
        }
        durationS = OptionCheck.durationNs("--duration", duration, false) / 1e9;
        OptionCheck.positive("canopy sim", "--status-ms", statusMs);
        if (demo && pty != null) {
            throw new InputException("canopy sim: --demo runs in-process; leave out --pty " + pty);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (demo) {
            return runDemo(out);
        }
        if (pty != null) {
            if (!Files.exists(pty)) {
                throw new InputException("canopy sim: --pty " + pty + ": no such device; give a serial port or one"
                        + " end of a socat pty pair (socat -d -d pty,raw,echo=0,link=/tmp/a pty,raw,echo=0,link=/tmp/b)");
            }
            try (DiffDriveSim sim = withDock(DiffDriveSim.onPort(SerialConfig.of(pty.toString(), baud))).start()) {
                out.println("canopy sim: simulated base on " + pty + " at " + baud + " baud");
                return runUntilDone(out, sim);
            }
        }
        if (!SocatPtyPair.available()) {
            throw new InputException("canopy sim: socat is not installed; install it (apt-get install socat), or give"
                    + " --pty PATH, or run --demo");
        }
        Path simEnd = link.resolveSibling(link.getFileName() + "-device");
        try (SocatPtyPair pair = startPair(simEnd);
                DiffDriveSim sim = withDock(DiffDriveSim.onPort(SerialConfig.of(pair.b().toString(), baud))).start()) {
            out.println("canopy sim: simulated base ready; connect the node's serial link to " + pair.a()
                    + " (socat pid " + pair.pid() + ")");
            return runUntilDone(out, sim);
        }
    }

    /** The charging dock the demo's dock tree drives to (0.5, 1.5), unless --charge-rate 0. */
    private DiffDriveSim withDock(DiffDriveSim sim) {
        if (chargeRate > 0) {
            sim.configure(model -> model.dock(0.5, 1.5, 0.25, chargeRate));
        }
        return sim;
    }

    private SocatPtyPair startPair(Path simEnd) {
        try {
            return SocatPtyPair.start(link, simEnd);
        } catch (IOException e) {
            throw new InputException("canopy sim: cannot make the pty pair " + link + " / " + simEnd + ": "
                    + e.getMessage());
        }
    }

    private int runDemo(PrintWriter out) {
        InProcessWire wire = new InProcessWire();
        MotorController motors = new MotorController("demo/base", 2, 300, 50);
        RangeSensor range = new RangeSensor("front", 0);
        BatteryMonitor battery = new BatteryMonitor("battery");
        try (Ticker ticker = new Ticker("sim-demo", SystemNanoClock.INSTANCE);
                SerialLink node = SerialLink.inProcess("demo-node", wire, true,
                        new DeviceHub(new InboxSink(ticker.inbox()), motors, range, battery));
                DiffDriveSim sim = DiffDriveSim.inProcess(wire, false)) {
            motors.attach(node);
            Blackboard blackboard = Blackboard.create();
            Tree tree = new XmlTreeLoader(NodeRegistry.withBuiltins())
                    .loadText(WANDER_TREE, blackboard, new TreeContext(ticker.oneShotTimers(), 1L));
            BlackboardBridge bridge = new BlackboardBridge(blackboard)
                    .reading(range.latest(), RangeSensor.RANGE_M, "range_m", "range_age_ms")
                    .velocityCommand(motors, 0, "left_cmd")
                    .velocityCommand(motors, 1, "right_cmd");
            ticker.addTimerHz("control", 50)
                    .addListener(bridge.inputs())
                    .addListener(new TreeRunner(tree, TreeRunner.WhenDone.RESTART, null))
                    .addListener(bridge.outputs())
                    .addListener(motors);
            node.start();
            sim.start();
            ticker.start();
            out.println("canopy sim: in-process demo: a behavior tree on a 50 Hz ticker drives the simulated base");
            int code = runUntilDone(out, sim);
            ticker.stop();
            motors.stopAll();
            out.printf(Locale.ROOT, "demo done: %d commands sent, %d motor states and %d range readings received,"
                            + " battery %.2f %%%n", motors.commandsSent(), motors.state(0).count() + motors.state(1).count(),
                    range.latest().count(), battery.latest().value(BatteryMonitor.PERCENT));
            return code;
        }
    }

    /** Prints status lines until the duration or Ctrl-C. */
    private int runUntilDone(PrintWriter out, DiffDriveSim sim) {
        CountDownLatch stop = new CountDownLatch(1);
        Thread main = Thread.currentThread();
        Thread hook = new Thread(() -> {
            stop.countDown();
            LockSupport.unpark(main);
            try {
                closed.await(5, TimeUnit.SECONDS); // let the command stop the simulator and socat first
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "canopy-sim-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        long start = System.nanoTime();
        long endNs = durationS == 0 ? Long.MAX_VALUE : start + (long) (durationS * 1e9);
        long periodNs = TimeUnit.MILLISECONDS.toNanos(statusMs);
        long nextStatus = start + periodNs;
        try {
            while (stop.getCount() > 0) {
                long now = System.nanoTime();
                if (durationS > 0 && now - endNs >= 0) {
                    break;
                }
                if (now - nextStatus >= 0) {
                    status(out, sim, (now - start) / 1e9);
                    nextStatus += periodNs;
                }
                long wake = nextStatus;
                if (durationS > 0) {
                    wake = endNs - wake < 0 ? endNs : wake;
                }
                LockSupport.parkNanos(Math.max(0, wake - System.nanoTime()));
            }
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // Ctrl-C: the JVM is already shutting down
            }
        }
        status(out, sim, (System.nanoTime() - start) / 1e9);
        return CanopyMain.EXIT_OK;
    }

    private static void status(PrintWriter out, DiffDriveSim sim, double seconds) {
        DiffDriveSim.Snapshot s = sim.snapshot();
        out.printf(Locale.ROOT, "t=%.1fs x=%.3f y=%.3f theta=%.3f wheels=%.2f/%.2f rad/s range=%.3f m battery=%.2f %%"
                        + " commands=%d faults=0x%x%n", seconds, s.x(), s.y(), s.theta(), s.leftRadS(), s.rightRadS(),
                s.rangeM(), s.batteryPercent(), sim.commandsReceived(), s.faultFlags());
        out.flush();
    }
}
