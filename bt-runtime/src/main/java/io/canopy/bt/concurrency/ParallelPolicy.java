package io.canopy.bt.concurrency;

import io.canopy.bt.ControlNode;
import io.canopy.bt.Input;
import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.Status;

/**
 * cark's {@code :parallel} with a policy. Every tick, every child that has not completed is ticked (with
 * {@code rerun_children}, completed children are reset and ticked again too); only then are the results
 * checked against the policy.
 *
 * <ul>
 *   <li>{@code policy="sequence"} (default) = success every, failure some; {@code "select"} = success some,
 *       failure every. {@code success} / {@code failure} override: {@code every}, {@code some} or a count N.
 *       {@code every} counts the children that were not SKIPPED.
 *   <li>Success threshold reached: SUCCESS (checked first); else failure threshold reached: FAILURE. Either
 *       way the RUNNING children are halted and all are reset.
 *   <li>Otherwise RUNNING; but when no child is RUNNING and children are not rerun, nothing can change:
 *       FAILURE.
 * </ul>
 */
public final class ParallelPolicy extends ControlNode {
    /** The named policies. */
    public enum Policy { SEQUENCE, SELECT }

    private static final int EVERY = -1;
    private static final int SOME = -2;

    public static final NodeType TYPE = NodeType.control("ParallelPolicy", ParallelPolicy::new,
            Port.inputEnum("policy", Policy.class).withDefault("SEQUENCE")
                    .describe("SEQUENCE (all succeed / any fails) or SELECT (any succeeds / all fail)"),
            Port.input("success", PortType.STRING).describe("every, some or N children succeeded: SUCCESS"),
            Port.input("failure", PortType.STRING).describe("every, some or N children failed: FAILURE"),
            Port.input("rerun_children", PortType.BOOLEAN).withDefault("false")
                    .describe("reset and rerun completed children while the node runs"))
            .describe("parallel with a cark policy: every/some/N successes or failures");

    private final int success;
    private final int failure;
    private final Input rerun;

    public ParallelPolicy(NodeInit init) {
        super(init);
        Policy p = init.input("policy").getEnum(Policy.class);
        success = threshold(init, "success", p == Policy.SEQUENCE ? EVERY : SOME);
        failure = threshold(init, "failure", p == Policy.SEQUENCE ? SOME : EVERY);
        rerun = init.input("rerun_children");
    }

    private static int threshold(NodeInit init, String port, int dflt) {
        String text = init.text(port);
        if (text == null) {
            return dflt;
        }
        switch (text.trim()) {
            case "every":
                return EVERY;
            case "some":
                return SOME;
            default:
                try {
                    int n = Integer.parseInt(text.trim());
                    if (n >= 1) {
                        return n;
                    }
                } catch (NumberFormatException e) {
                    // reported below
                }
                throw init.error("port '" + port + "': \"" + text + "\" is not every, some or a positive count; "
                        + "write " + port + "=\"every\", \"some\" or \"2\"");
        }
    }

    @Override
    protected Status tick() {
        Node[] ch = children;
        boolean rerunDone = rerun.getBoolean();
        int succeeded = 0;
        int failed = 0;
        int runningCount = 0;
        int skipped = 0;
        for (int i = 0; i < ch.length; i++) {
            Node c = ch[i];
            Status s = c.status();
            if (s == Status.SUCCESS || s == Status.FAILURE) {
                if (rerunDone) {
                    haltChild(i);
                    s = c.executeTick();
                }
            } else {
                s = c.executeTick();
            }
            switch (s) {
                case SUCCESS -> succeeded++;
                case FAILURE -> failed++;
                case RUNNING -> runningCount++;
                case SKIPPED -> skipped++;
                default -> throw idleReturned(c);
            }
        }
        int counted = ch.length - skipped;
        if (counted == 0) {
            resetChildren();
            return Status.SKIPPED;
        }
        if (reached(success, succeeded, counted)) {
            resetChildren();
            return Status.SUCCESS;
        }
        if (reached(failure, failed, counted)) {
            resetChildren();
            return Status.FAILURE;
        }
        if (runningCount == 0 && !rerunDone) {
            resetChildren();
            return Status.FAILURE;
        }
        return Status.RUNNING;
    }

    private static boolean reached(int threshold, int count, int counted) {
        return switch (threshold) {
            case EVERY -> count == counted;
            case SOME -> count >= 1;
            default -> count >= threshold;
        };
    }
}
