package io.canopy.bt.decorator;

import io.canopy.InputException;
import io.canopy.bt.DecoratorNode;
import io.canopy.bt.Input;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Output;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.Status;
import io.canopy.expr.ValueKind;
import java.util.Deque;

/**
 * {@code <LoopInt>}, {@code <LoopDouble>}, {@code <LoopString>}, {@code <LoopBool>}: pops one value of
 * {@code queue} into {@code value} per run of the child.
 *
 * <ul>
 *   <li>A literal queue ({@code "1;2;3"}) is parsed at load time and restored for each run. A {@code {key}}
 *       holding a {@link Deque} is consumed in place; one holding a List or a {@code ;} string is converted on
 *       the first read and then consumed across runs.
 *   <li>While the child is RUNNING no value is popped. Child SUCCESS: RUNNING (next value on the next tick).
 *       Child FAILURE: FAILURE. Queue empty: {@code if_empty} (default SUCCESS).
 * </ul>
 */
public final class Loop extends DecoratorNode {
    public static final NodeType LOOP_INT = type("LoopInt", PortType.INT);
    public static final NodeType LOOP_DOUBLE = type("LoopDouble", PortType.DOUBLE);
    public static final NodeType LOOP_STRING = type("LoopString", PortType.STRING);
    public static final NodeType LOOP_BOOL = type("LoopBool", PortType.BOOLEAN);

    private final PortType valueType;
    private final Input queue;
    private final Output value;
    private final Input ifEmpty;
    private final boolean literal;
    private boolean childRunning;
    private boolean converted;
    private Deque<?> shared;
    private long[] longs;
    private double[] doubles;
    private String[] strings;
    private boolean[] booleans;
    private int pos;
    private int size;

    private static NodeType type(String id, PortType valueType) {
        return NodeType.decorator(id, init -> new Loop(init, valueType),
                Port.inout("queue", PortType.ANY).required()
                        .describe("values separated by ';', or {key} of a Deque, a List or such a string"),
                Port.output("value", valueType).required().describe("the current value"),
                Port.inputEnum("if_empty", Status.class).withDefault("SUCCESS")
                        .describe("status returned when the queue is empty"));
    }

    private Loop(NodeInit init, PortType valueType) {
        super(init);
        this.valueType = valueType;
        queue = init.input("queue");
        value = init.output("value");
        ifEmpty = init.input("if_empty");
        String raw = init.text("queue");
        literal = !(raw.length() >= 3 && raw.startsWith("{") && raw.endsWith("}"));
        if (literal) {
            try {
                convert();
            } catch (InputException e) {
                throw init.error(e.getMessage());
            }
        }
    }

    @Override
    protected Status tick() {
        if (isIdle()) {
            childRunning = false;
            if (literal) {
                pos = 0;
            }
        }
        if (!childRunning) {
            if (!literal) {
                readQueue();
            }
            if (!pop()) {
                return ifEmpty.getEnum(Status.class);
            }
        }
        Status s = child.executeTick();
        childRunning = s == Status.RUNNING;
        if (s == Status.SUCCESS || s == Status.FAILURE) {
            resetChild();
        }
        return s == Status.FAILURE ? Status.FAILURE : Status.RUNNING;
    }

    /**
     * A {@code {key}} queue: a Deque in the entry is consumed in place; a List or a {@code ;} string is
     * converted on the first read only and then consumed (as BT.CPP does).
     */
    private void readQueue() {
        if (queue.entry().kind() == ValueKind.OBJECT && queue.entry().objectValue() instanceof Deque<?> d) {
            shared = d;
        } else if (!converted) {
            shared = null;
            convert();
            pos = 0;
        }
    }

    private void convert() {
        converted = true;
        switch (valueType) {
            case INT -> {
                longs = queue.getLongs();
                size = longs.length;
            }
            case DOUBLE -> {
                doubles = queue.getDoubles();
                size = doubles.length;
            }
            case STRING -> {
                strings = queue.getStrings();
                size = strings.length;
            }
            default -> {
                booleans = queue.getBooleans();
                size = booleans.length;
            }
        }
    }

    private boolean pop() {
        if (shared != null) {
            Object v = shared.pollFirst();
            if (v == null) {
                return false;
            }
            value.setObject(v);
            return true;
        }
        if (pos >= size) {
            return false;
        }
        switch (valueType) {
            case INT -> value.setLong(longs[pos]);
            case DOUBLE -> value.setDouble(doubles[pos]);
            case STRING -> value.setString(strings[pos]);
            default -> value.setBoolean(booleans[pos]);
        }
        pos++;
        return true;
    }

    @Override
    protected void halt() {
        childRunning = false;
        super.halt();
    }
}
