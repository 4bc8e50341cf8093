package io.canopy.bt;

import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** A leaf whose tick is a plain Java function (a lambda): a synchronous action or condition. */
final class FunctionLeaf extends Node {
    private final Supplier<Status> action;
    private final BooleanSupplier condition;

    FunctionLeaf(NodeInit init, Supplier<Status> action, BooleanSupplier condition) {
        super(init);
        this.action = action;
        this.condition = condition;
    }

    @Override
    protected Status tick() {
        if (condition != null) {
            return condition.getAsBoolean() ? Status.SUCCESS : Status.FAILURE;
        }
        Status s = action.get();
        if (s == null || s == Status.IDLE) {
            throw new IllegalStateException("the function of '" + name() + "' returned " + s);
        }
        return s;
    }
}
