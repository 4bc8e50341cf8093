package io.canopy.launch.status;

import io.canopy.bt.Node;
import io.canopy.bt.groot.Groot2Xml;
import io.canopy.bt.observe.TreeObserver;
import java.io.Reader;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/**
 * A tree's layout as the page and the status topics carry it: the Groot2 XML with UIDs, and on each node the
 * port attributes written in the tree's source file ({@code goal="{target}"}), found again by the node's
 * location (file, line, column), since built nodes keep no port texts. A file that cannot be read again
 * leaves its nodes without ports.
 */
public final class LayoutXml {
    private static final XMLInputFactory STAX = stax();

    private LayoutXml() {}

    private static XMLInputFactory stax() {
        XMLInputFactory f = XMLInputFactory.newFactory();
        f.setProperty(XMLInputFactory.SUPPORT_DTD, Boolean.FALSE);
        f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, Boolean.FALSE);
        f.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, Boolean.FALSE);
        f.setProperty(XMLInputFactory.IS_COALESCING, Boolean.TRUE);
        return f;
    }

    public static String of(TreeObserver observer) {
        String xml = Groot2Xml.write(observer);
        Map<String, Map<String, Map<String, String>>> files = new HashMap<>();
        Map<Integer, Map<String, String>> byUid = new HashMap<>();
        for (int i = 0; i < observer.nodeCount(); i++) {
            Node n = observer.nodes().get(i);
            String loc = n.location();
            int c2 = loc.lastIndexOf(':');
            int c1 = c2 < 0 ? -1 : loc.lastIndexOf(':', c2 - 1);
            if (c1 <= 0) {
                continue;
            }
            String file = loc.substring(0, c1);
            Map<String, String> attrs = files.computeIfAbsent(file, LayoutXml::read).get(loc.substring(c1 + 1));
            if (attrs != null && !attrs.isEmpty()) {
                byUid.put(Groot2Xml.uid(i), attrs);
            }
        }
        return byUid.isEmpty() ? xml : decorate(xml, byUid);
    }

    /** "line:column" of every start tag of {@code file} to its attributes but {@code name} and {@code ID}. */
    private static Map<String, Map<String, String>> read(String file) {
        Map<String, Map<String, String>> out = new HashMap<>();
        XMLStreamReader x = null;
        try (Reader r = Files.newBufferedReader(Path.of(file))) {
            synchronized (STAX) {
                x = STAX.createXMLStreamReader(r);
            }
            while (x.hasNext()) {
                if (x.next() == XMLStreamConstants.START_ELEMENT) {
                    Map<String, String> a = new LinkedHashMap<>();
                    for (int k = 0; k < x.getAttributeCount(); k++) {
                        String name = x.getAttributeLocalName(k);
                        if (!name.equals("name") && !name.equals("ID") && !name.startsWith("_uid")) {
                            a.put(name, x.getAttributeValue(k));
                        }
                    }
                    out.put(x.getLocation().getLineNumber() + ":" + x.getLocation().getColumnNumber(), a);
                }
            }
        } catch (Exception e) {
            return Map.of(); // read at load already; gone or changed since: no ports shown
        } finally {
            if (x != null) {
                try {
                    x.close();
                } catch (XMLStreamException ignored) {
                    // closing a reader of a file already read
                }
            }
        }
        return out;
    }

    private static String decorate(String xml, Map<Integer, Map<String, String>> byUid) {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            Document doc = f.newDocumentBuilder().parse(new InputSource(new StringReader(xml)));
            NodeList all = doc.getElementsByTagName("*");
            for (int i = 0; i < all.getLength(); i++) {
                Element e = (Element) all.item(i);
                if (!e.hasAttribute("_uid")) {
                    continue;
                }
                Map<String, String> attrs = byUid.get(Integer.parseInt(e.getAttribute("_uid")));
                if (attrs != null) {
                    attrs.forEach((k, v) -> {
                        if (!e.hasAttribute(k)) {
                            e.setAttribute(k, v);
                        }
                    });
                }
            }
            var t = TransformerFactory.newInstance().newTransformer();
            t.setOutputProperty(OutputKeys.OMIT_XML_DECLARATION, "yes");
            t.setOutputProperty(OutputKeys.INDENT, "yes");
            t.setOutputProperty("{http://xml.apache.org/xslt}indent-amount", "2");
            StringWriter out = new StringWriter();
            t.transform(new DOMSource(doc), new StreamResult(out));
            return out.toString();
        } catch (Exception e) {
            return xml;
        }
    }
}
