package io.canopy.launch.cli;

import io.canopy.launch.deploy.DeployedFiles;
import io.canopy.launch.deploy.RobotDeploy;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.launch.run.LaunchRunner;
import io.canopy.launch.run.NodeView;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --allow-deploy} for {@code canopy run}, and what every run does for rollouts: reads the deployed versions of
 * a node's trees ({@link #applyTo}) and takes deploy requests ({@link #attach}) for nodes with {@code <deploy/>} (every
 * node with {@code --allow-deploy}); a node without it ignores requests and counts them.
 */
final class DeployOptions {
    @Option(names = "--allow-deploy", description = "Let every node take new tree versions over MQTT (canopy deploy), as"
            + " if its launch file had <deploy/>. For trying rollouts; on a robot, write <deploy/> in the <node>.")
    boolean allowDeploy;

    private final List<RobotDeploy> attached = new ArrayList<>();

    /** Before the nodes are built: {@code plan} with each tree read from its deployed version where one is kept. */
    LaunchPlan applyTo(LaunchPlan plan) {
        return DeployedFiles.apply(plan);
    }

    /** Once the nodes run: each node with MQTT takes deploy requests on {@code <node>/deploy/request}. */
    void attach(LaunchRunner runner) {
        for (NodeView v : runner.views()) {
            RobotDeploy d = RobotDeploy.attach(v, allowDeploy);
            if (d != null) {
                attached.add(d);
            }
        }
    }

    /** Before the nodes stop. */
    void close() {
        attached.forEach(RobotDeploy::close);
        attached.clear();
    }
}
