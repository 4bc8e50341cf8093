package io.canopy.bt.scope;

import io.canopy.InputException;
import io.canopy.bt.Input;
import io.canopy.bt.NodeInit;
import io.canopy.expr.CompiledExpression;
import io.canopy.expr.Dialect;
import io.canopy.expr.Expressions;

/**
 * A name port (an event's, a timer's) that, as cark's "keyword or keyword returning context function", is a
 * literal ({@code event="arrived"}), a blackboard entry ({@code event="{next_event}"}, read each time) or a
 * script whose value is the name, written after {@code =} ({@code event="= 'reached_' + room"}). A literal
 * or a string entry costs no allocation; a script that builds a string allocates it.
 */
public final class ComputedName {
    private final String literal;
    private final Input input;
    private final CompiledExpression script;
    private final String port;
    private final String owner;

    private ComputedName(String literal, Input input, CompiledExpression script, String port, String owner) {
        this.literal = literal;
        this.input = input;
        this.script = script;
        this.port = port;
        this.owner = owner;
    }

    /** Reads port {@code port} of the node; null when the port is not given. */
    public static ComputedName of(NodeInit init, String port) {
        String text = init.text(port);
        if (text == null) {
            return null;
        }
        String t = text.trim();
        if (t.isEmpty()) {
            throw init.error("port '" + port + "' is empty; give a name (" + port + "=\"arrived\"), an entry ("
                    + port + "=\"{key}\") or a script (" + port + "=\"= 'step_' + n\")");
        }
        if (t.charAt(0) == '=') {
            String code = t.substring(1).trim();
            try {
                return new ComputedName(null, null, Expressions.compile(code, init.blackboard(), Dialect.BTCPP),
                        port, init.name());
            } catch (InputException | IllegalArgumentException e) {
                throw init.error("port '" + port + "': bad script \"" + code + "\": " + e.getMessage());
            }
        }
        if (t.length() >= 3 && t.charAt(0) == '{' && t.charAt(t.length() - 1) == '}') {
            return new ComputedName(null, init.input(port), null, port, init.name());
        }
        return new ComputedName(t.intern(), null, null, port, init.name());
    }

    /** The literal name, or null when it is computed. */
    public String literal() {
        return literal;
    }

    /** The name now; a computed name that is empty is an error naming the node and port. */
    public String get() {
        if (literal != null) {
            return literal;
        }
        String n = input != null ? input.getString() : script.evalString();
        if (n == null || n.isEmpty()) {
            throw new InputException("'" + owner + "' port '" + port + "': the computed name is empty; store "
                    + "a non-empty name in the entry or make the script return one");
        }
        return n;
    }
}
