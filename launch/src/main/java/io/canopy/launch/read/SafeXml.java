package io.canopy.launch.read;

import io.canopy.InputException;
import io.canopy.XmlLimits;
import io.canopy.XmlTags;
import io.canopy.bt.load.TextFile;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParser;
import javax.xml.parsers.SAXParserFactory;
import org.xml.sax.Attributes;
import org.xml.sax.Locator;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * Strict, safe XML parsing into {@link XmlElement}s: DTDs (and so external entities and entity expansion)
 * are refused, as are XInclude and non-whitespace text between elements. Errors are one line with
 * file:line:column.
 */
public final class SafeXml {
    private SafeXml() {}

    public static XmlElement parse(Path file) {
        Handler handler = new Handler(file, false);
        parse(file, handler);
        if (handler.root == null) {
            throw new InputException(file + ": empty document; a launch file starts with <launch>");
        }
        return handler.root;
    }

    /** Parses any document (text allowed) safely and returns its root element, without attributes' checks. */
    static XmlElement parseLenient(Path file) {
        Handler handler = new Handler(file, true);
        parse(file, handler);
        return handler.root;
    }

    private static void parse(Path file, Handler handler) {
        SAXParser parser;
        try {
            SAXParserFactory factory = SAXParserFactory.newInstance();
            factory.setNamespaceAware(false);
            factory.setValidating(false);
            factory.setXIncludeAware(false);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature("http://xml.org/sax/features/external-general-entities", false);
            factory.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
            factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
            parser = factory.newSAXParser();
        } catch (ParserConfigurationException | SAXException e) {
            throw new IllegalStateException("the JDK's XML parser cannot be made safe", e);
        }
        if (Files.exists(file)) {
            // a directory, an empty file, binary data or another encoding: one clear line, not a parser message
            handler.tags = new XmlTags(TextFile.read(file, handler.textAllowed
                    ? "a behavior-tree file (<root BTCPP_format=\"4\">)" : "a launch file (<launch>)"));
        }
        try (InputStream in = Files.newInputStream(file)) {
            parser.parse(in, handler, file.toUri().toString());
        } catch (NoSuchFileException e) {
            throw new InputException(file + ": file not found; check the path (relative paths start at the including file)");
        } catch (SAXParseException e) {
            String msg = e.getMessage();
            if (msg != null && msg.contains("DOCTYPE")) {
                msg = "DOCTYPE declarations are not allowed (no DTDs, no entities); remove the <!DOCTYPE ...>";
            }
            if (msg != null && (msg.contains("Premature end of file")
                    || msg.contains("must start and end within the same entity"))) {
                msg += " (the file ends inside an element: is it truncated? close every element)";
            }
            throw new InputException(file + ":" + e.getLineNumber() + ":" + e.getColumnNumber()
                    + ": malformed XML: " + InputException.oneLine(msg));
        } catch (SAXException e) {
            throw new InputException(file + ": malformed XML: " + InputException.oneLine(e.getMessage()));
        } catch (IOException e) {
            throw new InputException(file + ": cannot read: " + e.getMessage());
        }
    }

    private static final class Handler extends DefaultHandler {
        private final Path file;
        private final boolean textAllowed;
        private final Deque<XmlElement> open = new ArrayDeque<>();
        private Locator locator;
        private XmlTags tags;
        XmlElement root;

        Handler(Path file, boolean textAllowed) {
            this.file = file;
            this.textAllowed = textAllowed;
        }

        @Override
        public void setDocumentLocator(Locator locator) {
            this.locator = locator;
        }

        @Override
        public void startElement(String uri, String localName, String qName, Attributes atts) {
            XmlLimits.checkDepth(open.size() + 1, String.valueOf(file), locator.getLineNumber(),
                    locator.getColumnNumber(), qName);
            Map<String, String> attrs = new LinkedHashMap<>();
            for (int i = 0; i < atts.getLength(); i++) {
                attrs.put(atts.getQName(i), atts.getValue(i));
            }
            XmlElement e = new XmlElement(file, qName, locator.getLineNumber(), locator.getColumnNumber(), attrs,
                    tags == null || attrs.isEmpty() ? Map.of()
                            : tags.attributesOfTagEndingAt(locator.getLineNumber(), locator.getColumnNumber()));
            if (open.isEmpty()) {
                root = e;
            } else {
                open.peek().children.add(e);
            }
            open.push(e);
        }

        @Override
        public void endElement(String uri, String localName, String qName) {
            open.pop();
        }

        @Override
        public void characters(char[] ch, int start, int length) throws SAXException {
            if (textAllowed) {
                return;
            }
            for (int i = start; i < start + length; i++) {
                if (!Character.isWhitespace(ch[i])) {
                    String where = open.isEmpty() ? "" : " inside <" + open.peek().name + ">";
                    throw new SAXParseException("unexpected text '" + snippet(ch, i, start + length) + "'" + where
                            + "; launch files carry values in attributes", locator);
                }
            }
        }

        private static String snippet(char[] ch, int from, int end) {
            String s = new String(ch, from, Math.min(20, end - from)).strip();
            return s;
        }
    }
}
