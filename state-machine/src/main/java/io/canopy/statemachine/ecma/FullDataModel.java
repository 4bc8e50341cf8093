package io.canopy.statemachine.ecma;

import io.canopy.statemachine.Action;
import io.canopy.statemachine.Location;
import io.canopy.statemachine.Machine;
import io.canopy.statemachine.Slots;
import io.canopy.statemachine.TransitionGuard;
import io.canopy.statemachine.ValueExpr;
import io.canopy.statemachine.build.DataModelCompiler;
import io.canopy.statemachine.build.ScxmlElement;
import java.util.List;
import org.mozilla.javascript.EvaluatorException;
import org.mozilla.javascript.Script;

/**
 * The full ECMAScript datamodel of one SCXML document ({@link JsEngine}): every expression and script is
 * compiled by Rhino when the document loads; one that is not valid ECMAScript loads as one that raises
 * {@code error.execution} when evaluated (with a load-time warning, as on the compiled engine).
 */
public final class FullDataModel implements DataModelCompiler {
    private final Slots slots;
    private final List<String> warnings;
    private final JsProgram.Builder program = new JsProgram.Builder();

    public FullDataModel(Slots slots, List<String> warnings) {
        this.slots = slots;
        this.warnings = warnings;
    }

    public JsProgram program() {
        return program.build();
    }

    private int compile(String source, ScxmlElement at, String attribute, boolean expression) {
        try {
            Script s = expression ? JsEngine.compileExpression(source, at.file, at.line)
                    : JsEngine.compileStatements(source, at.file, at.line);
            return program.add(s, source);
        } catch (EvaluatorException e) {
            String problem = "not valid ECMAScript: " + JsEngine.message(e);
            warnings.add(at.where() + " " + attribute + "=\"" + source + "\": " + problem
                    + "; the document loads, but evaluating it raises error.execution");
            return program.failing(source, problem);
        }
    }

    @Override
    public ValueExpr value(String source, ScxmlElement at, String attribute) {
        int i = compile(source, at, attribute, true);
        return m -> m.js.value(i);
    }

    @Override
    public TransitionGuard cond(String source, ScxmlElement at, String attribute) {
        int i = compile(source, at, attribute, true);
        return m -> m.js.cond(i);
    }

    @Override
    public Action script(String source, ScxmlElement at) {
        int i = compile(source, at, "script", false);
        return m -> m.js.run(i);
    }

    @Override
    public Action assign(String location, String source, ScxmlElement at) {
        if (JsEngine.syntaxError(location, true) != null) {
            int bad = compile(location, at, "location", true);
            return m -> m.js.run(bad);
        }
        if (JsEngine.syntaxError(source, true) != null) {
            int bad = compile(source, at, "expr", true);
            return m -> m.js.run(bad);
        }
        int i = compile(location.strip() + " = " + JsEngine.asExpression(source), at, "location", false);
        String name = location.strip();
        if (!isIdentifier(name)) {
            return m -> m.js.run(i);
        }
        return m -> {
            requireDeclared(m, name);
            m.js.run(i);
        };
    }

    /** {@code <assign>} to a name no {@code <data>} declares is an error (SCXML 5.4), not a new global. */
    private static void requireDeclared(Machine m, String name) {
        if (m.chart.slotIndex.get(name) < 0 && !m.js.global.has(name, m.js.global)) {
            throw new IllegalStateException("'" + name + "' is not declared: add <data id=\"" + name + "\"/>");
        }
    }

    @Override
    public Location location(String source, ScxmlElement at, String attribute) {
        String name = source.strip();
        int read = compile(source, at, attribute, true);
        boolean identifier = isIdentifier(name);
        int slot = identifier && slots.has(name) ? slots.slot(name) : -1;
        return new Location() {
            @Override
            public void set(Machine machine, Object value) {
                if (!identifier) {
                    throw new IllegalArgumentException(attribute + "=\"" + source + "\" is not an assignable variable");
                }
                if (slot < 0) {
                    throw new IllegalArgumentException("'" + name + "' is not declared: add <data id=\"" + name + "\"/>");
                }
                machine.js.store(slot, value);
            }

            @Override
            public Object get(Machine machine) {
                return machine.js.value(read);
            }

            @Override
            public String name() {
                return name;
            }
        };
    }

    /** Whether {@code s} is a plain name (a data item, a variable), as the datamodels check locations and operands. */
    static boolean isIdentifier(String s) {
        if (s.isEmpty() || !Character.isJavaIdentifierStart(s.charAt(0))) {
            return false;
        }
        for (int i = 1; i < s.length(); i++) {
            if (!Character.isJavaIdentifierPart(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }
}
