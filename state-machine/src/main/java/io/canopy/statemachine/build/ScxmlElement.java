package io.canopy.statemachine.build;

import io.canopy.InputException;
import io.canopy.XmlLimits;
import io.canopy.XmlTags;
import io.canopy.statemachine.Payloads;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.stream.Location;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * A parsed XML element with its position, read with a safe StAX parser: no DTDs (a DOCTYPE is an error), no
 * external entities. Small documents only (statecharts), so the whole tree is kept.
 */
public final class ScxmlElement {
    final String namespace;
    final String name;
    final Map<String, String> attributes = new LinkedHashMap<>();
    private Map<String, XmlTags.Spot> attributeSpots = Map.of();
    final List<ScxmlElement> children = new ArrayList<>();
    final StringBuilder text = new StringBuilder();
    public final String file;
    public final int line;
    final int column;
    /** The namespace prefix the element was written with ({@code scxml} of {@code <scxml:scxml>}), or null. */
    String prefix;
    /** On the root: the encoding the prolog declared (or the parser detected, UTF-16), or null. */
    String encoding;

    private ScxmlElement(String namespace, String name, String file, int line, int column) {
        this.namespace = namespace == null ? "" : namespace;
        this.name = name;
        this.file = file;
        this.line = line;
        this.column = column;
    }

    /** {@code file:line:column: <name>} for messages. */
    public String where() {
        return file + ":" + line + ":" + column + ": <" + name + ">";
    }

    /** Like {@link #where()}, with the line and column where {@code attribute} is written (if it is). */
    public String where(String attribute) {
        XmlTags.Spot at = attributeSpots.get(attribute);
        return at == null ? where() : file + ":" + at + ": <" + name + ">";
    }

    /** The element as XML text (for inline content kept as a value); namespaces written where they change. */
    String toXml() {
        StringBuilder out = new StringBuilder();
        write(out, "");
        return out.toString();
    }

    private void write(StringBuilder out, String parentNamespace) {
        out.append('<').append(name);
        if (!namespace.equals(parentNamespace)) {
            out.append(" xmlns=\"").append(escape(namespace)).append('"');
        }
        for (Map.Entry<String, String> a : attributes.entrySet()) {
            out.append(' ').append(a.getKey()).append("=\"").append(escape(a.getValue())).append('"');
        }
        out.append('>');
        String body = text.toString().trim();
        out.append(escape(body));
        for (ScxmlElement child : children) {
            child.write(out, namespace);
        }
        out.append("</").append(name).append('>');
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace("\"", "&quot;");
    }

    /** Inline content as a value: the XML of the child elements if any, else the text as a literal. */
    Object contentValue() {
        if (children.isEmpty()) {
            return Payloads.literal(text.toString());
        }
        StringBuilder out = new StringBuilder();
        for (ScxmlElement child : children) {
            child.write(out, "");
        }
        return out.toString();
    }

    String attr(String attribute) {
        return attributes.get(attribute);
    }

    static ScxmlElement parse(InputStream in, String file) {
        XMLInputFactory factory = XMLInputFactory.newFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        factory.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
        factory.setProperty(XMLInputFactory.IS_COALESCING, true);
        XMLStreamReader r = null;
        try {
            byte[] bytes = in.readAllBytes();
            XmlTags tags = null;
            r = factory.createXMLStreamReader(new ByteArrayInputStream(bytes));
            List<ScxmlElement> stack = new ArrayList<>();
            ScxmlElement root = null;
            int startLine = 1;
            int startColumn = 1;
            int previous = -1;
            while (r.hasNext()) {
                // where the previous event ended is where the next start tag begins (its '<'); after text the
                // parser has already read the '<'
                startLine = r.getLocation().getLineNumber();
                startColumn = r.getLocation().getColumnNumber() - (previous == XMLStreamConstants.CHARACTERS ? 1 : 0);
                int event = r.next();
                previous = event;
                switch (event) {
                    case XMLStreamConstants.DTD:
                        throw new InputException(file + ":" + r.getLocation().getLineNumber() + ":"
                                + r.getLocation().getColumnNumber() + ": DOCTYPE declarations are not allowed in "
                                + "SCXML documents (no DTDs, no external entities): remove it");
                    case XMLStreamConstants.ENTITY_REFERENCE:
                        throw new InputException(file + ":" + r.getLocation().getLineNumber() + ":"
                                + r.getLocation().getColumnNumber() + ": entity reference &" + r.getLocalName()
                                + "; is not allowed: write the text itself");
                    case XMLStreamConstants.START_ELEMENT: {
                        XmlLimits.checkDepth(stack.size() + 1, String.valueOf(file), Math.max(1, startLine),
                                Math.max(1, startColumn), r.getLocalName());
                        ScxmlElement e = new ScxmlElement(r.getNamespaceURI(), r.getLocalName(), file, Math.max(1, startLine),
                                Math.max(1, startColumn));
                        String prefix = r.getPrefix();
                        e.prefix = prefix == null || prefix.isEmpty() ? null : prefix;
                        if (stack.isEmpty()) {
                            String declared = r.getCharacterEncodingScheme();
                            e.encoding = declared != null ? declared : r.getEncoding();
                        }
                        if (r.getAttributeCount() > 0) {
                            if (tags == null) {
                                tags = new XmlTags(new String(bytes, charset(r.getEncoding())));
                            }
                            e.attributeSpots = tags.attributesOfTagStartingAt(Math.max(1, startLine), Math.max(1, startColumn));
                        }
                        for (int i = 0; i < r.getAttributeCount(); i++) {
                            String ns = r.getAttributeNamespace(i);
                            if (ns == null || ns.isEmpty()) {
                                e.attributes.put(r.getAttributeLocalName(i), r.getAttributeValue(i));
                            }
                        }
                        if (stack.isEmpty()) {
                            root = e;
                        } else {
                            stack.get(stack.size() - 1).children.add(e);
                        }
                        stack.add(e);
                        break;
                    }
                    case XMLStreamConstants.END_ELEMENT:
                        stack.remove(stack.size() - 1);
                        break;
                    case XMLStreamConstants.CHARACTERS:
                    case XMLStreamConstants.CDATA:
                        if (!stack.isEmpty()) {
                            stack.get(stack.size() - 1).text.append(r.getText());
                        }
                        break;
                    default:
                        break;
                }
            }
            if (root == null) {
                throw new InputException(file + ":1:1: empty document: expected <scxml>");
            }
            return root;
        } catch (IOException e) {
            throw new InputException(file + ": cannot read: " + e.getMessage(), e);
        } catch (XMLStreamException e) {
            Location loc = e.getLocation();
            String msg = e.getMessage();
            int cut = msg == null ? -1 : msg.indexOf("Message: ");
            String reason = cut >= 0 ? msg.substring(cut + 9) : msg;
            throw new InputException(file + ":" + (loc == null ? 0 : loc.getLineNumber()) + ":"
                    + (loc == null ? 0 : loc.getColumnNumber()) + ": malformed XML: " + InputException.oneLine(reason), e);
        } finally {
            if (r != null) {
                try {
                    r.close();
                } catch (XMLStreamException ignored) {
                    // closing a reader over a stream we close ourselves
                }
            }
            try {
                in.close();
            } catch (IOException ignored) {
                // nothing to do
            }
        }
    }

    private static Charset charset(String name) {
        try {
            return name == null ? StandardCharsets.UTF_8 : Charset.forName(name);
        } catch (IllegalArgumentException e) {
            return StandardCharsets.UTF_8;
        }
    }
}
