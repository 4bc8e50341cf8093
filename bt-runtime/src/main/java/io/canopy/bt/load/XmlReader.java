package io.canopy.bt.load;

import io.canopy.InputException;
import io.canopy.XmlLimits;
import io.canopy.XmlTags;
import io.canopy.bt.NodeSpec;
import java.io.StringReader;
import java.util.ArrayDeque;
import java.util.Deque;
import javax.xml.stream.Location;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Reads an XML document into {@link NodeSpec} elements with line and column, strictly and safely: a DOCTYPE
 * (and so any entity declaration, internal or external) is refused, external entities are never resolved.
 */
final class XmlReader {
    private static final XMLInputFactory FACTORY = createFactory();

    private XmlReader() {}

    private static XMLInputFactory createFactory() {
        XMLInputFactory f = XMLInputFactory.newFactory();
        f.setProperty(XMLInputFactory.SUPPORT_DTD, Boolean.FALSE);
        f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, Boolean.FALSE);
        f.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, Boolean.FALSE);
        f.setProperty(XMLInputFactory.IS_COALESCING, Boolean.TRUE);
        f.setXMLResolver((publicId, systemId, baseUri, ns) -> {
            throw new XMLStreamException("external entities are not allowed (" + systemId + ")");
        });
        return f;
    }

    /** Parses {@code text}; {@code file} names the source in messages (null for text). */
    static NodeSpec read(String text, String file) {
        String name = file == null ? "<text>" : file;
        XMLStreamReader xml = null;
        try {
            synchronized (FACTORY) {
                xml = FACTORY.createXMLStreamReader(new StringReader(text));
            }
            XmlTags tags = new XmlTags(text);
            Deque<NodeSpec> stack = new ArrayDeque<>();
            NodeSpec root = null;
            while (xml.hasNext()) {
                int event = xml.next();
                switch (event) {
                    case XMLStreamConstants.DTD, XMLStreamConstants.ENTITY_DECLARATION,
                            XMLStreamConstants.ENTITY_REFERENCE -> {
                        Location l = xml.getLocation();
                        throw new InputException(name + ":" + l.getLineNumber() + ":" + l.getColumnNumber()
                                + ": DOCTYPE and entity declarations are not allowed in tree files; remove them");
                    }
                    case XMLStreamConstants.START_ELEMENT -> {
                        Location l = xml.getLocation();
                        XmlLimits.checkDepth(stack.size() + 1, name, l.getLineNumber(), l.getColumnNumber(),
                                xml.getLocalName());
                        NodeSpec e = new NodeSpec(xml.getLocalName(), file, l.getLineNumber(), l.getColumnNumber());
                        for (int i = 0; i < xml.getAttributeCount(); i++) {
                            e.attributes.put(xml.getAttributeLocalName(i), xml.getAttributeValue(i));
                        }
                        if (xml.getAttributeCount() > 0) {
                            e.attributeSpots.putAll(tags.attributesOfTagEndingAt(l.getLineNumber(), l.getColumnNumber()));
                        }
                        if (stack.isEmpty()) {
                            root = e;
                        } else {
                            stack.peek().children.add(e);
                        }
                        stack.push(e);
                    }
                    case XMLStreamConstants.END_ELEMENT -> stack.pop();
                    case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA -> {
                        if (!stack.isEmpty() && !xml.isWhiteSpace()) {
                            stack.peek().text += xml.getText();
                        }
                    }
                    default -> {
                        // text, comments and processing instructions carry nothing for trees
                    }
                }
            }
            if (root == null) {
                throw new InputException(name + ": no XML element; a tree file starts with <root BTCPP_format=\"4\">");
            }
            return root;
        } catch (XMLStreamException e) {
            Location l = e.getLocation();
            String where = l == null ? name : name + ":" + l.getLineNumber() + ":" + l.getColumnNumber();
            String msg = e.getMessage();
            int cut = msg == null ? -1 : msg.indexOf("Message: ");
            if (cut >= 0) {
                msg = msg.substring(cut + 9);
            }
            throw new InputException(where + ": malformed XML: " + InputException.oneLine(msg) + hint(msg));
        } finally {
            if (xml != null) {
                try {
                    xml.close();
                } catch (XMLStreamException ignored) {
                    // nothing more to report
                }
            }
        }
    }

    /** How to fix the commonest XML mistakes: a truncated file, or a raw {@code <} or {@code &} in a value. */
    static String hint(String msg) {
        if (msg == null) {
            return "";
        }
        if (msg.contains("Premature end of file") || msg.contains("must start and end within the same entity")) {
            return " (the file ends inside an element: is it truncated? close every element)";
        }
        if (msg.contains("'<'") || msg.contains("'&'") || msg.contains("entity")) {
            return " (inside attributes write < as &lt; and & as &amp;)";
        }
        return "";
    }
}