package io.canopy.bt;

import io.canopy.InputException;
import io.canopy.bt.load.TreeAssembler;
import io.canopy.bt.load.TreeDocument;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Builds trees in Java code, with the same node types, ports, pre/post conditions, SubTrees and checks as
 * the XML loader; leaves can be lambdas.
 *
 * <pre>{@code
 * Tree tree = new TreeBuilder(NodeRegistry.withBuiltins())
 *         .condition("BatteryOk", () -> battery.percent() > 20)
 *         .action("Beep", () -> { buzzer.beep(); return Status.SUCCESS; })
 *         .tree("Main", TreeBuilder.sequence(
 *                 TreeBuilder.node("BatteryOk"),
 *                 TreeBuilder.node("Repeat").port("num_cycles", 3).child(TreeBuilder.node("Beep"))))
 *         .build(Blackboard.create(), context);
 * }</pre>
 */
public final class TreeBuilder {
    private final NodeRegistry registry;
    private final TreeDocument doc = new TreeDocument();

    /** @param registry the node types to use; lambdas registered here go into a copy of it */
    public TreeBuilder(NodeRegistry registry) {
        this.registry = registry.copy();
    }

    /** One node of a tree under construction. */
    public static final class NodeDef {
        final NodeSpec spec;

        private NodeDef(String element) {
            spec = new NodeSpec(element, null, 0, 0);
        }

        /** The instance name. */
        public NodeDef name(String name) {
            return attribute("name", name);
        }

        /** A port: a literal value (converted with the port's type) or {@code "{key}"}. */
        public NodeDef port(String port, Object value) {
            return attribute(port, String.valueOf(value));
        }

        /** Any attribute, such as {@code _skipIf} or {@code _onSuccess}. */
        public NodeDef attribute(String name, String value) {
            spec.attributes.put(Objects.requireNonNull(name), Objects.requireNonNull(value));
            return this;
        }

        public NodeDef child(NodeDef child) {
            spec.children.add(child.spec);
            return this;
        }

        public NodeDef children(NodeDef... kids) {
            for (NodeDef k : kids) {
                child(k);
            }
            return this;
        }
    }

    /** A node of a registered type, with its children. */
    public static NodeDef node(String typeId, NodeDef... children) {
        return new NodeDef(typeId).children(children);
    }

    public static NodeDef sequence(NodeDef... children) {
        return node("Sequence", children);
    }

    public static NodeDef fallback(NodeDef... children) {
        return node("Fallback", children);
    }

    public static NodeDef reactiveSequence(NodeDef... children) {
        return node("ReactiveSequence", children);
    }

    /** {@code <SubTree ID="treeId">}: add remapping with {@link NodeDef#port}. */
    public static NodeDef subTree(String treeId) {
        return new NodeDef("SubTree").attribute("ID", treeId);
    }

    /** Registers a synchronous action leaf whose tick is {@code function}. */
    public TreeBuilder action(String id, Supplier<Status> function) {
        registry.registerAction(id, function);
        return this;
    }

    /** Registers a condition leaf: true gives SUCCESS, false FAILURE. */
    public TreeBuilder condition(String id, BooleanSupplier function) {
        registry.registerCondition(id, function);
        return this;
    }

    /** Registers any node type for this builder. */
    public TreeBuilder register(NodeType type) {
        registry.register(type);
        return this;
    }

    /** Adds a tree; the first one added is the main tree unless {@link #main} says otherwise. */
    public TreeBuilder tree(String id, NodeDef root) {
        if (doc.trees.containsKey(id)) {
            throw new IllegalArgumentException("tree '" + id + "' was already added");
        }
        NodeSpec element = new NodeSpec("BehaviorTree", null, 0, 0);
        element.attributes.put("ID", id);
        element.children.add(root.spec);
        doc.trees.put(id, new TreeDocument.TreeDef(id, element, root.spec));
        return this;
    }

    public TreeBuilder main(String id) {
        doc.mainTreeId = id;
        return this;
    }

    /**
     * Builds the main tree. Mistakes (unknown type, bad port value, wrong child count) throw an
     * {@link InputException} naming the node.
     */
    public Tree build(Blackboard blackboard, TreeContext context) {
        if (doc.mainTreeId == null && !doc.trees.isEmpty()) {
            doc.mainTreeId = doc.trees.keySet().iterator().next();
        }
        return TreeAssembler.assemble(doc, registry, blackboard, context);
    }
}
