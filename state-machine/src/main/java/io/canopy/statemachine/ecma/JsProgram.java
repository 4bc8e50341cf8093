package io.canopy.statemachine.ecma;

import java.util.ArrayList;
import java.util.List;
import org.mozilla.javascript.Script;

/**
 * The scripts of one chart on the full ECMAScript engine, compiled once when the document loaded and shared
 * (read-only) by every instance: entry {@code i} is a compiled {@link Script}, or null with the message of
 * the syntax error it raises as {@code error.execution} when evaluated.
 */
public final class JsProgram {
    public final Script[] scripts;
    final String[] sources;
    final String[] failures;

    private JsProgram(List<Script> scripts, List<String> sources, List<String> failures) {
        this.scripts = scripts.toArray(new Script[0]);
        this.sources = sources.toArray(new String[0]);
        this.failures = failures.toArray(new String[0]);
    }

    static final class Builder {
        private final List<Script> scripts = new ArrayList<>();
        private final List<String> sources = new ArrayList<>();
        private final List<String> failures = new ArrayList<>();

        int add(Script script, String source) {
            scripts.add(script);
            sources.add(source);
            failures.add(null);
            return scripts.size() - 1;
        }

        int failing(String source, String message) {
            scripts.add(null);
            sources.add(source);
            failures.add(message);
            return scripts.size() - 1;
        }

        JsProgram build() {
            return new JsProgram(scripts, sources, failures);
        }
    }
}
