package io.canopy.bt;

import io.canopy.bt.script.CompiledCode;

/**
 * The pre- and post-condition scripts of one node ({@code _failureIf _successIf _skipIf _while _onSuccess
 * _onFailure _onHalted _post}). Attached only to nodes that have at least one, so other nodes pay nothing.
 *
 * <p>Pre-conditions are checked in that order while the node is IDLE; once RUNNING only {@code _while} is
 * re-checked, and when false the node is halted and returns SKIPPED. Post-conditions run on SUCCESS and
 * FAILURE, also when a pre-condition decided the result; {@code _onHalted} runs on every halt.
 */
public final class Hooks {
    public static final String[] ATTRIBUTES = {
        "_failureIf", "_successIf", "_skipIf", "_while", "_onSuccess", "_onFailure", "_onHalted", "_post"
    };

    private final CompiledCode failureIf;
    private final CompiledCode successIf;
    private final CompiledCode skipIf;
    private final CompiledCode whileTrue;
    private final CompiledCode onSuccess;
    private final CompiledCode onFailure;
    private final CompiledCode onHalted;
    private final CompiledCode post;
    /** When set (by {@link Tree#countNodeTicks()}), counts the ticks of this node in slot 0. */
    long[] tickCounter;

    /** @param scripts in the order of {@link #ATTRIBUTES}, null where absent */
    public Hooks(CompiledCode[] scripts) {
        failureIf = scripts[0];
        successIf = scripts[1];
        skipIf = scripts[2];
        whileTrue = scripts[3];
        onSuccess = scripts[4];
        onFailure = scripts[5];
        onHalted = scripts[6];
        post = scripts[7];
    }

    Status executeTick(Node node) {
        if (tickCounter != null) {
            tickCounter[0]++;
        }
        Status s = preConditions(node);
        if (s == null) {
            s = node.tick();
        }
        if (s == Status.SUCCESS) {
            if (onSuccess != null) {
                onSuccess.run();
            }
            if (post != null) {
                post.run();
            }
        } else if (s == Status.FAILURE) {
            if (onFailure != null) {
                onFailure.run();
            }
            if (post != null) {
                post.run();
            }
        }
        if (s != Status.SKIPPED) {
            node.setState((byte) s.ordinal());
        } else if (node.observer != null) {
            node.observer.statusChanged(node.uid, Status.SKIPPED.ordinal());
        }
        return s;
    }

    private Status preConditions(Node node) {
        byte current = node.state;
        if (current == Node.IDLE) {
            if (failureIf != null && failureIf.test()) {
                return Status.FAILURE;
            }
            if (successIf != null && successIf.test()) {
                return Status.SUCCESS;
            }
            if (skipIf != null && skipIf.test()) {
                return Status.SKIPPED;
            }
            if (whileTrue != null && !whileTrue.test()) {
                return Status.SKIPPED;
            }
        } else if (current == Node.RUNNING && whileTrue != null && !whileTrue.test()) {
            node.haltNode();
            return Status.SKIPPED;
        }
        return null;
    }

    void onHalted() {
        if (onHalted != null) {
            onHalted.run();
        }
    }
}
