package io.canopy.bt;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * A registered node type: its ID, kind, ports and factory. Each node class declares one as a constant
 * ({@code public static final NodeType TYPE = NodeType.decorator("Inverter", Inverter::new);}) and is
 * registered with one line ({@code registry.register(Inverter.TYPE)}). Immutable and shared.
 */
public final class NodeType {
    private final String id;
    private final NodeKind kind;
    private final List<Port> ports;
    private final NodeFactory factory;
    private final String description;
    private final int minChildren;
    private final int maxChildren;

    private NodeType(String id, NodeKind kind, List<Port> ports, NodeFactory factory, String description,
            int minChildren, int maxChildren) {
        this.id = Objects.requireNonNull(id, "id");
        this.kind = kind;
        this.ports = ports;
        this.factory = factory;
        this.description = description;
        this.minChildren = minChildren;
        this.maxChildren = maxChildren;
        for (int i = 0; i < ports.size(); i++) {
            for (int j = 0; j < i; j++) {
                if (ports.get(i).name().equals(ports.get(j).name())) {
                    throw new IllegalArgumentException("node type " + id + " declares port '"
                            + ports.get(i).name() + "' twice");
                }
            }
        }
    }

    public static NodeType of(String id, NodeKind kind, NodeFactory factory, Port... ports) {
        return new NodeType(id, kind, Collections.unmodifiableList(Arrays.asList(ports.clone())), factory, "",
                kind.minChildren(), kind.maxChildren());
    }

    public static NodeType action(String id, NodeFactory factory, Port... ports) {
        return of(id, NodeKind.ACTION, factory, ports);
    }

    public static NodeType condition(String id, NodeFactory factory, Port... ports) {
        return of(id, NodeKind.CONDITION, factory, ports);
    }

    public static NodeType control(String id, NodeFactory factory, Port... ports) {
        return of(id, NodeKind.CONTROL, factory, ports);
    }

    public static NodeType decorator(String id, NodeFactory factory, Port... ports) {
        return of(id, NodeKind.DECORATOR, factory, ports);
    }

    /** The same type with another child-count rule, checked at load time ({@code max} -1 = unbounded). */
    public NodeType withChildren(int min, int max) {
        return new NodeType(id, kind, ports, factory, description, min, max);
    }

    public NodeType describe(String text) {
        return new NodeType(id, kind, ports, factory, text, minChildren, maxChildren);
    }

    public String id() {
        return id;
    }

    public NodeKind kind() {
        return kind;
    }

    public List<Port> ports() {
        return ports;
    }

    /** The declared port {@code name}, or null. */
    public Port port(String name) {
        for (Port p : ports) {
            if (p.name().equals(name)) {
                return p;
            }
        }
        return null;
    }

    public String description() {
        return description;
    }

    public int minChildren() {
        return minChildren;
    }

    /** -1 = unbounded. */
    public int maxChildren() {
        return maxChildren;
    }

    public Node create(NodeInit init) {
        return factory.create(init);
    }

    @Override
    public String toString() {
        return kind.xmlName() + " " + id;
    }
}
