package io.canopy.bt.script;

/**
 * A script compiled once at load time against a blackboard: the {@code code} of Script / ScriptCondition,
 * the {@code if} of Precondition, and the pre/post-condition attributes.
 */
public interface CompiledCode {
    /** Runs the statements for their effects. */
    void run();

    /**
     * Runs the statements and converts the value of the last one to a boolean as BT.CPP does: booleans as
     * they are, numbers 0 and 1 only (anything else throws), strings "true"/"false"/"1"/"0".
     */
    boolean test();

    /** The source text. */
    String source();
}
