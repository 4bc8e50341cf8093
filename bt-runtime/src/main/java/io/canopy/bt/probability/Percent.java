package io.canopy.bt.probability;

import io.canopy.InputException;
import io.canopy.bt.Input;
import io.canopy.bt.NodeInit;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import java.util.SplittableRandom;

/**
 * The probability port {@code p} of the probabilistic nodes: a whole percentage from 1 to 100, as in the
 * seed ({@code $select_p}, {@code $maybe}, {@code $either}). A literal is checked at load time, a {@code
 * {key}} when it is read. One draw is {@code random.nextInt(100) < p}: p = 100 always passes.
 */
final class Percent {
    static Port port(String what) {
        return Port.input("p", PortType.INT).required().describe("percent (1..100): " + what);
    }

    private final Input p;
    private final String owner;

    Percent(NodeInit init) {
        p = init.input("p");
        owner = init.name();
        String text = init.text("p");
        if (!text.startsWith("{")) {
            long v = p.getLong();
            if (v < 1 || v > 100) {
                throw init.error("port 'p': " + text + " is not a percentage from 1 to 100; write p=\"25\" for "
                        + "a 25 % chance");
            }
        }
    }

    boolean draw(SplittableRandom random) {
        long v = p.getLong();
        if (v < 1 || v > 100) {
            throw new InputException("'" + owner + "' port 'p': " + v + " is not a percentage from 1 to 100");
        }
        return random.nextInt(100) < v;
    }
}
