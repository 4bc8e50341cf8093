package io.canopy.bt.repetition;

import io.canopy.bt.Input;
import io.canopy.bt.NodeInit;

/** Checks a positive whole-number port ({@code count}, {@code attempts}) at load time when it is a literal. */
final class Iterations {
    private Iterations() {}

    static Input positive(NodeInit init, String port) {
        Input in = init.input(port);
        String text = init.text(port);
        if (!text.startsWith("{") && in.getLong() < 1) {
            throw init.error("port '" + port + "': " + text + " is not a positive whole number; write " + port
                    + "=\"3\"");
        }
        return in;
    }
}
