package io.canopy.bt.scope;

import io.canopy.InputException;
import io.canopy.bt.DecoratorNode;
import io.canopy.bt.Entry;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.Status;
import io.canopy.expr.CompiledExpression;
import io.canopy.expr.Dialect;
import io.canopy.expr.Expressions;
import java.util.ArrayList;
import java.util.List;

/**
 * cark's {@code :bind}: variables scoped to its subtree (cark's dynamic extent). {@code let} is a list of
 * {@code name := expression} separated by {@code ;} or newlines, evaluated in order when the node starts
 * (a later one may use an earlier one).
 *
 * <ul>
 *   <li>Start: each variable's previous value (or its absence) is saved, then the new value assigned.
 *   <li>The child is ticked; its status is returned.
 *   <li>When the child completes, or the node is halted, every variable gets its previous value back (an
 *       entry that held nothing is emptied), so the binding is invisible after the subtree, and an outer
 *       Bind of the same name is shadowed, not overwritten.
 * </ul>
 * The variables are blackboard entries, so the subtree's ports ({@code {name}}) and scripts read them.
 */
public final class Bind extends DecoratorNode {
    public static final NodeType TYPE = NodeType.decorator("Bind", Bind::new,
            Port.input("let", PortType.STRING).required()
                    .describe("name := expression; ... (scoped to the subtree)"))
            .describe("bind variables for the subtree only; restored when it completes or is halted");

    private final Entry[] variables;
    private final CompiledExpression[] values;
    private final DynamicExtent extent;

    public Bind(NodeInit init) {
        super(init);
        String let = init.text("let");
        List<Entry> vars = new ArrayList<>();
        List<CompiledExpression> exprs = new ArrayList<>();
        for (String part : let.split("[;\n]")) {
            if (part.isBlank()) {
                continue;
            }
            int at = part.indexOf(":=");
            String name = at < 0 ? "" : part.substring(0, at).trim();
            if (at < 0 || !name.matches("@?[A-Za-z_$][A-Za-z0-9_$]*")) {
                throw init.error("port 'let': \"" + part.trim() + "\" is not 'name := expression'; write let=\"x "
                        + ":= 1; y := speed * 2\"");
            }
            String code = part.substring(at + 2).trim();
            try {
                exprs.add(Expressions.compile(code, init.blackboard(), Dialect.BTCPP));
            } catch (InputException | IllegalArgumentException e) {
                throw init.error("port 'let': bad expression for '" + name + "': " + e.getMessage());
            }
            vars.add(init.blackboard().entry(name));
        }
        if (vars.isEmpty()) {
            throw init.error("port 'let' binds nothing; write let=\"x := 1\"");
        }
        variables = vars.toArray(new Entry[0]);
        values = exprs.toArray(new CompiledExpression[0]);
        extent = new DynamicExtent(variables);
    }

    @Override
    protected Status tick() {
        if (!extent.active()) {
            extent.enter();
            for (int i = 0; i < variables.length; i++) {
                variables[i].clear();
                values[i].evalInto(variables[i]);
            }
        }
        Status s = child.executeTick();
        if (s == Status.IDLE) {
            throw idleReturned(child);
        }
        if (s != Status.RUNNING) {
            resetChild();
            extent.exit();
        }
        return s;
    }

    @Override
    protected void halt() {
        super.halt();
        extent.exit();
    }
}
