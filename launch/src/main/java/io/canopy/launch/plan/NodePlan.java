package io.canopy.launch.plan;

import io.canopy.launch.read.DeviceReader;
import java.util.List;

/**
 * Everything one {@code <node>} runs, resolved: substitutions applied, conditions evaluated, paths made
 * absolute, names checked. Immutable.
 *
 * @param namespace the MQTT namespace (from enclosing {@code <group namespace>}s and the node's own), "" for none
 * @param diffDrive the node's {@code <diffdrive>}, or null
 * @param eventPolicy what happens to an event no tree or machine consumed within its tick: "drop" or "error"
 * @param safety    the failsafe's limits ({@code stall_ms}, {@code command_timeout_ms})
 * @param devices   MAVLink vehicles, Dynamixel buses and the raw links they use ({@link DeviceReader})
 * @param monitor   its web page and full MQTT status ({@code <web>}, {@code <status>})
 * @param remotes   declared actions run by workers over MQTT ({@code <remote>})
 * @param realtime  SCHED_FIFO, CPU and timer slack for the tick thread and the links' threads ({@code <realtime>})
 * @param deploy    whether and what it takes over MQTT as new tree and machine versions ({@code <deploy/>})
 */
public record NodePlan(
        String name,
        String namespace,
        String eventPolicy,
        SafetyPlan safety,
        List<TimerPlan> timers,
        List<TreePlan> trees,
        List<MachinePlan> machines,
        List<SerialPlan> links,
        List<MotorPlan> motors,
        List<SensorPlan> sensors,
        DiffDrivePlan diffDrive,
        MqttPlan mqtt,
        List<BindPlan> binds,
        Source source,
        DevicePlans devices,
        MonitorPlan monitor,
        ForeignNodesPlan foreign,
        List<RemotePlan> remotes,
        RealtimePlan realtime,
        DeployPlan deploy) {
    public NodePlan {
        deploy = deploy == null ? DeployPlan.NONE : deploy;
        realtime = realtime == null ? RealtimePlan.NONE : realtime;
        remotes = remotes == null ? List.of() : List.copyOf(remotes);
        foreign = foreign == null ? ForeignNodesPlan.NONE : foreign;
        timers = List.copyOf(timers);
        trees = List.copyOf(trees);
        machines = List.copyOf(machines);
        links = List.copyOf(links);
        motors = List.copyOf(motors);
        sensors = List.copyOf(sensors);
        binds = List.copyOf(binds);
        devices = devices == null ? DevicePlans.NONE : devices;
    }

    /** A node without {@code <deploy/>}. */
    public NodePlan(String name, String namespace, String eventPolicy, SafetyPlan safety, List<TimerPlan> timers,
            List<TreePlan> trees, List<MachinePlan> machines, List<SerialPlan> links, List<MotorPlan> motors,
            List<SensorPlan> sensors, DiffDrivePlan diffDrive, MqttPlan mqtt, List<BindPlan> binds, Source source,
            DevicePlans devices, MonitorPlan monitor, ForeignNodesPlan foreign, List<RemotePlan> remotes, RealtimePlan realtime) {
        this(name, namespace, eventPolicy, safety, timers, trees, machines, links, motors, sensors, diffDrive, mqtt, binds,
                source, devices, monitor, foreign, remotes, realtime, DeployPlan.NONE);
    }

    /** This node with other tree and machine plans (the deployed versions of their files) and another deploy plan. */
    public NodePlan withFiles(List<TreePlan> newTrees, List<MachinePlan> newMachines, DeployPlan newDeploy) {
        return new NodePlan(name, namespace, eventPolicy, safety, timers, newTrees, newMachines, links, motors, sensors,
                diffDrive, mqtt, binds, source, devices, monitor, foreign, remotes, realtime, newDeploy);
    }

    /** This node with another MQTT connection (the command line's login options override the file's). */
    public NodePlan withMqtt(MqttPlan other) {
        return new NodePlan(name, namespace, eventPolicy, safety, timers, trees, machines, links, motors, sensors, diffDrive,
                other, binds, source, devices, monitor, foreign, remotes, realtime, deploy);
    }

    /** Whether the node has an MQTT connection (false for {@code <mqtt broker="none"/>}). */
    public boolean hasMqtt() {
        return mqtt != null && mqtt.enabled();
    }

    /** The node's full name: {@code namespace/name}, or just the name without a namespace. */
    public String fullName() {
        return namespace.isEmpty() ? name : namespace + "/" + name;
    }

    /** The retained topic carrying {@code online}/{@code offline}. */
    public String stateTopic() {
        return fullName() + "/state";
    }

    /** Resolves a topic as written in a launch file: relative to the namespace, {@code ~/} private, {@code /} absolute. */
    public static String resolveTopic(String namespace, String nodeName, String topic) {
        if (topic.startsWith("/")) {
            return topic.substring(1);
        }
        String base = namespace;
        String rest = topic;
        if (topic.startsWith("~/")) {
            base = namespace.isEmpty() ? nodeName : namespace + "/" + nodeName;
            rest = topic.substring(2);
        }
        return base.isEmpty() ? rest : base + "/" + rest;
    }

    public TimerPlan timer(String timerName) {
        for (TimerPlan t : timers) {
            if (t.name().equals(timerName)) {
                return t;
            }
        }
        return null;
    }

    public SerialPlan link(String linkName) {
        for (SerialPlan s : links) {
            if (s.name().equals(linkName)) {
                return s;
            }
        }
        return null;
    }

    public MotorPlan motor(String motorName) {
        for (MotorPlan m : motors) {
            if (m.name().equals(motorName)) {
                return m;
            }
        }
        return null;
    }
}
