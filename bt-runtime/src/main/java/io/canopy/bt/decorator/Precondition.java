package io.canopy.bt.decorator;

import io.canopy.bt.DecoratorNode;
import io.canopy.bt.Input;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.Status;
import io.canopy.bt.script.CompiledCode;

/**
 * {@code <Precondition if="script" else="FAILURE">}: ticks the child only when {@code if} is true.
 *
 * <ul>
 *   <li>{@code if} is evaluated only when the child is not already running; false: returns {@code else}
 *       (default FAILURE) without ticking the child.
 *   <li>Otherwise the child's status is returned; when it completes the child is reset and the next tick
 *       evaluates {@code if} again. SKIPPED passes through. A halt forgets the running child.
 * </ul>
 */
public final class Precondition extends DecoratorNode {
    public static final NodeType TYPE = NodeType.decorator("Precondition", Precondition::new,
            Port.input("if", PortType.STRING).required().describe("script; the child is ticked when true"),
            Port.inputEnum("else", Status.class).withDefault("FAILURE")
                    .describe("status returned when the condition is false"));

    private final CompiledCode condition;
    private final Input elseStatus;
    private boolean childRunning;

    public Precondition(NodeInit init) {
        super(init);
        condition = init.script("if");
        elseStatus = init.input("else");
    }

    @Override
    protected Status tick() {
        if (!childRunning) {
            childRunning = condition.test();
        }
        if (!childRunning) {
            return elseStatus.getEnum(Status.class);
        }
        Status s = child.executeTick();
        if (s == Status.SUCCESS || s == Status.FAILURE) {
            resetChild();
            childRunning = false;
        }
        return s;
    }

    @Override
    protected void halt() {
        childRunning = false;
        super.halt();
    }
}
