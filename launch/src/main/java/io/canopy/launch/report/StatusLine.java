package io.canopy.launch.report;

import io.canopy.hardware.device.BatteryMonitor;
import io.canopy.launch.run.DiffDriveRuntime;
import io.canopy.launch.run.LinkRuntime;
import io.canopy.launch.run.MachineSlot;
import io.canopy.launch.run.NodeView;
import io.canopy.launch.run.NumberText;
import io.canopy.launch.run.TreeSlot;
import io.canopy.tick.stats.TimerStats;
import java.util.Locale;

/**
 * The compact status of a node, one line: timers (rate, p99 lateness, overruns), each machine's state,
 * the running action of each tree that is active (trees gated by a state that is not active are left out),
 * battery, pose, links and MQTT. For example:
 *
 * <pre>
 * robot1/controller  control 50Hz p99 84us ovr 0 | telemetry 2Hz p99 61us ovr 0 | mission:Patrol | patrol:SouthEast | batt 63% | pose 1.52,0.48 | base up | mqtt up
 * </pre>
 */
public final class StatusLine {
    private StatusLine() {}

    public static String line(NodeView n) {
        StringBuilder b = new StringBuilder(n.name());
        b.append(' ');
        for (TimerStats s : n.timerStats()) {
            b.append(' ').append(s.name()).append(' ').append(NumberText.format(s.rate().hz())).append("Hz p99 ")
                    .append(micros(s.latenessNsAt(99))).append(" ovr ").append(s.overruns()).append(" |");
        }
        for (MachineSlot m : n.machineSlots()) {
            b.append(' ').append(m.plan.name()).append(':').append(m.stateText()).append(" |");
        }
        for (TreeSlot t : n.treeSlots()) {
            if (t.active()) {
                b.append(' ').append(t.plan.name()).append(':').append(t.runningAction()).append(" |");
            }
        }
        for (LinkRuntime l : n.linkRuntimes()) {
            if (l.battery != null && l.battery.latest().count() > 0) {
                b.append(String.format(Locale.ROOT, " batt %.0f%% |", l.battery.latest().value(BatteryMonitor.PERCENT)));
            }
        }
        DiffDriveRuntime drive = n.drive();
        if (drive != null) {
            b.append(String.format(Locale.ROOT, " pose %.2f,%.2f |", drive.x(), drive.y()));
        }
        for (LinkRuntime l : n.linkRuntimes()) {
            b.append(' ').append(l.describe()).append(" |");
        }
        b.append(n.devices().describe());
        if (n.plan().hasMqtt()) {
            b.append(" mqtt ").append(n.mqttConnected() ? "up" : "DOWN");
        } else {
            b.append(" mqtt none");
        }
        return b.toString();
    }

    private static String micros(long ns) {
        return ns < 10_000 ? ns / 1000 + "." + (ns % 1000) / 100 + "us" : ns / 1000 + "us";
    }
}
