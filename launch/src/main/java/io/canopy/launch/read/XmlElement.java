package io.canopy.launch.read;

import io.canopy.XmlTags;
import io.canopy.launch.plan.Source;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A parsed XML element with the position of its start tag: the little DOM the launch loader walks. */
public final class XmlElement {
    public final Path file;
    public final String name;
    final int line;
    final int column;
    final Map<String, String> attributes;
    private final Map<String, XmlTags.Spot> attributeSpots;
    public final List<XmlElement> children = new ArrayList<>();

    XmlElement(Path file, String name, int line, int column, Map<String, String> attributes,
            Map<String, XmlTags.Spot> attributeSpots) {
        this.file = file;
        this.name = name;
        this.line = line;
        this.column = column;
        this.attributes = Collections.unmodifiableMap(new LinkedHashMap<>(attributes));
        this.attributeSpots = Map.copyOf(attributeSpots);
    }

    public Source source() {
        return new Source(file, line, column, name);
    }

    /** The {@code file:line:column: <element>} prefix of an error about this element. */
    public String where() {
        return source().toString();
    }

    /** Like {@link #where()}, with the line and column where {@code attribute} is written (if it is). */
    public String where(String attribute) {
        XmlTags.Spot at = attributeSpots.get(attribute);
        return at == null ? where() : new Source(file, at.line(), at.column(), name).toString();
    }
}
