package io.canopy.launch.deploy;

import java.util.List;

/**
 * A node's answer on {@code <namespace>/<node>/deploy/reply} (JSON in an Event named {@value #EVENT}).
 *
 * @param node       the node's full name
 * @param generation the request's generation
 * @param status     {@code accepted} (valid, waiting for its moment), {@code swapped} (running), {@code refused},
 *                   {@code rolled-back}
 * @param reason     why it was refused or rolled back, or what it waits for
 * @param errors     the file:line:column errors of an invalid file, one a line
 * @param versions   for {@code swapped} and {@code rolled-back}: "name sha256" of each tree that changed
 * @param swapMs     for {@code swapped}: node-clock ms from the request's arrival to the swap's tick
 */
public record DeployReply(String node, long generation, String status, String reason, List<String> errors,
        List<String> versions, double swapMs) {
    public static final String EVENT = "deploy.reply";

    static DeployReply refused(String node, long generation, String reason, List<String> errors) {
        return new DeployReply(node, generation, "refused", reason, errors, List.of(), 0);
    }
}
