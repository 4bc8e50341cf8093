package io.canopy.bt;

import io.canopy.XmlTags;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One element of a tree definition (from XML or the builder), before it becomes nodes. */
public final class NodeSpec {
    public String element;
    public final Map<String, String> attributes = new LinkedHashMap<>();
    public final List<NodeSpec> children = new ArrayList<>();
    public final String file;
    public final int line;
    public final int column;
    /** Where each attribute is written (read from XML); empty for specs made by the builder. */
    public final Map<String, XmlTags.Spot> attributeSpots = new HashMap<>();
    /** The element's text content (palette descriptions); empty for most elements. */
    public String text = "";

    public NodeSpec(String element, String file, int line, int column) {
        this.element = element;
        this.file = file;
        this.line = line;
        this.column = column;
    }

    /** The type ID: the element name, or {@code ID} for {@code <Action ID="..">} and the like. */
    public String typeId() {
        return isExplicit() ? attributes.get("ID") : element;
    }

    public boolean isExplicit() {
        return switch (element) {
            case "Action", "Condition", "Control", "Decorator" -> true;
            default -> false;
        };
    }

    public boolean isSubTree() {
        return element.equals("SubTree");
    }

    public String location() {
        return line <= 0 ? "" : (file == null ? "<text>" : file) + ":" + line + ":" + column;
    }

    /** {@code <Repeat name="x">}-style description for messages. */
    String describe() {
        StringBuilder sb = new StringBuilder("<").append(element);
        String id = attributes.get("ID");
        if (id != null) {
            sb.append(" ID=\"").append(id).append('"');
        }
        String name = attributes.get("name");
        if (name != null) {
            sb.append(" name=\"").append(name).append('"');
        }
        return sb.append('>').toString();
    }

    public String where() {
        String loc = location();
        return (loc.isEmpty() ? "" : loc + ": ") + describe();
    }

    /** Like {@link #where()}, with the line and column of {@code attribute} when the XML had it. */
    public String where(String attribute) {
        XmlTags.Spot at = attributeSpots.get(attribute);
        if (at == null || line <= 0) {
            return where();
        }
        return (file == null ? "<text>" : file) + ":" + at + ": " + describe();
    }
}
