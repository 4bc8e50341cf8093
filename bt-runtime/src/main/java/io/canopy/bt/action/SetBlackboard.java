package io.canopy.bt.action;

import io.canopy.bt.Blackboard;
import io.canopy.bt.Entry;
import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.Status;

/**
 * Writes {@code value} into the entry named by {@code output_key}: a literal is stored as a string; a
 * {@code {key}} copies that entry's value. SUCCESS; FAILURE when the source entry has never been written.
 */
public final class SetBlackboard extends Node {
    public static final NodeType TYPE = NodeType.action("SetBlackboard", SetBlackboard::new,
            Port.input("value", PortType.ANY).required().describe("a literal (stored as a string) or {key}"),
            Port.input("output_key", PortType.STRING).required().describe("the key to write"));

    private final Entry target;
    private final Entry source;
    private final String literal;

    public SetBlackboard(NodeInit init) {
        super(init);
        Blackboard bb = init.blackboard();
        target = bb.entry(keyOf(init.text("output_key")));
        String value = init.text("value");
        String key = value.length() >= 3 && value.startsWith("{") && value.endsWith("}")
                ? value.substring(1, value.length() - 1) : null;
        source = key == null ? null : bb.entry(key);
        literal = key == null ? value : null;
    }

    private static String keyOf(String text) {
        return text.length() >= 3 && text.startsWith("{") && text.endsWith("}")
                ? text.substring(1, text.length() - 1) : text;
    }

    @Override
    protected Status tick() {
        if (source == null) {
            target.setObject(literal);
            return Status.SUCCESS;
        }
        if (!source.hasValue()) {
            return Status.FAILURE;
        }
        switch (source.kind()) {
            case LONG -> target.setLong(source.longValue());
            case DOUBLE -> target.setDouble(source.doubleValue());
            case BOOLEAN -> target.setBoolean(source.booleanValue());
            default -> target.setObject(source.objectValue());
        }
        return Status.SUCCESS;
    }
}
