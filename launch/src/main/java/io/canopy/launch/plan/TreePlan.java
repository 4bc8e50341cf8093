package io.canopy.launch.plan;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A behavior tree run on a named timer ({@code <tree file main timer seed on_finish active_in on_success
 * on_failure groot2_port>}).
 *
 * @param main      the {@code <BehaviorTree ID>} to run, or null for the file's {@code main_tree_to_execute}
 * @param seed      the seed of the tree's random source (reproducible runs)
 * @param restart   true: a tree that finished starts again on the next tick; false: it stays finished
 * @param machine   with {@code active_in="MACHINE:STATE"}: the machine whose state gates the tree, else null
 * @param state     the gating state: the tree runs only while it is active, starts afresh on entry and is
 *                  halted on exit (its OnCancel and onHalted run)
 * @param onSuccess the event raised when a run ends in SUCCESS, or null
 * @param onFailure the event raised when a run ends in FAILURE (or a node threw), or null
 * @param params    its {@code <param name value>} children: blackboard entries set before the first tick
 * @param groot2Port {@code groot2_port}: serve this tree to Groot2 on this port and the next, 0 when not given
 * @param wakeOn    {@code wake_on="serial:LINK/Type,..."}: the messages (as {@code LINK/Type}) whose arrival
 *                  wakes the tree's timer for an immediate extra tick; empty when not given
 * @param wakeMinIntervalNs {@code wake_min_interval}: the least time between two ticks of that timer
 *                  that a wake-up may cause
 */
public record TreePlan(String name, Path file, String main, String timer, long seed, boolean restart, String machine,
        String state, String onSuccess, String onFailure, Source source, Map<String, String> params,
        int groot2Port, List<String> wakeOn, long wakeMinIntervalNs) {
    /** {@code wake_min_interval} when not given. */
    public static final long DEFAULT_WAKE_MIN_INTERVAL_NS = 1_000_000L;

    public TreePlan {
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
        wakeOn = List.copyOf(wakeOn);
    }

    /** A tree that no input wakes. */
    public TreePlan(String name, Path file, String main, String timer, long seed, boolean restart, String machine,
            String state, String onSuccess, String onFailure, Source source, Map<String, String> params,
            int groot2Port) {
        this(name, file, main, timer, seed, restart, machine, state, onSuccess, onFailure, source, params, groot2Port,
                List.of(), DEFAULT_WAKE_MIN_INTERVAL_NS);
    }

    /** A tree without parameters and without a Groot2 port. */
    public TreePlan(String name, Path file, String main, String timer, long seed, boolean restart, String machine,
            String state, String onSuccess, String onFailure, Source source) {
        this(name, file, main, timer, seed, restart, machine, state, onSuccess, onFailure, source, Map.of(), 0);
    }
}
