package io.canopy.bt.scope;

import io.canopy.InputException;
import io.canopy.bt.Entry;
import io.canopy.bt.NodeInit;
import io.canopy.expr.CompiledExpression;
import io.canopy.expr.Dialect;
import io.canopy.expr.Expressions;
import io.canopy.expr.Scope;
import java.util.regex.Pattern;

/**
 * A condition port judged by {@link Truthiness} (cark's {@code :pred}, identity by default): either a bare
 * blackboard name ({@code if="door_open"}, {@code if="{door_open}"}, {@code if="@door_open"}), read directly
 * so an entry with no value is simply false, or any script ({@code if="battery > 20"}), whose last value is
 * judged (a script reading an entry with no value is a tick error naming it). Compiled once at load time;
 * testing allocates nothing for numbers and booleans.
 */
public final class Condition {
    private static final Pattern NAME = Pattern.compile("@?[A-Za-z_][A-Za-z0-9_.]*");

    private final Entry entry;
    private final CompiledExpression script;
    private final Truthiness.Sink sink = new Truthiness.Sink();

    private Condition(Entry entry, CompiledExpression script) {
        this.entry = entry;
        this.script = script;
    }

    /** Compiles port {@code port} of the node against its blackboard. */
    public static Condition of(NodeInit init, String port) {
        return of(init, port, init.blackboard());
    }

    /** Compiles port {@code port} against {@code scope} (the blackboard plus extra names, for {@code pick}). */
    public static Condition of(NodeInit init, String port, Scope scope) {
        String code = init.text(port);
        if (code == null || code.isBlank()) {
            throw init.error("port '" + port + "' is empty; give a condition, like " + port + "=\"battery > 20\"");
        }
        String t = code.trim();
        if (t.length() > 2 && t.charAt(0) == '{' && t.charAt(t.length() - 1) == '}') {
            t = t.substring(1, t.length() - 1).trim();
        }
        if (NAME.matcher(t).matches() && !t.equals("true") && !t.equals("false") && scope == init.blackboard()) {
            return new Condition(init.blackboard().entry(t), null);
        }
        try {
            return new Condition(null, Expressions.compile(code, scope, Dialect.BTCPP));
        } catch (InputException | IllegalArgumentException e) {
            throw init.error("port '" + port + "': bad script \"" + code + "\": " + e.getMessage());
        }
    }

    /** Evaluates the condition and judges its value. */
    public boolean test() {
        if (entry != null) {
            return Truthiness.of(entry);
        }
        script.evalInto(sink);
        return sink.truth();
    }
}
