package io.canopy.launch.status;

import io.canopy.InputException;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;

/**
 * A tree's nodes read back from its Groot2 XML (the {@code _uid}s of {@link io.canopy.bt.groot.Groot2Xml}):
 * by uid, each with its name, type, parent and path ({@code Main/Sequence/MoveBase}), SubTree contents under
 * their SubTree node; and the declared ports of each type from the {@code <TreeNodesModel>}.
 */
public final class TreeShape {
    /** {@code parent} is 0 for the root; uids start at 1; {@code ports} as written in the tree file ({@link LayoutXml}). */
    public record Node(int uid, String name, String type, int parent, String path, String kind, Map<String, String> ports) {}

    /** A declared port: direction ({@code input_port}, ...), name, default, description. */
    public record Port(String direction, String name, String defaultValue, String description) {}

    private final List<Node> nodes;
    private final Map<String, List<Port>> ports;

    private TreeShape(List<Node> nodes, Map<String, List<Port>> ports) {
        this.nodes = nodes;
        this.ports = ports;
    }

    public List<Node> nodes() {
        return nodes;
    }

    /** Declared ports by node type. */
    public Map<String, List<Port>> ports() {
        return ports;
    }

    public static TreeShape parse(String xml) {
        Element root;
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            root = f.newDocumentBuilder().parse(new InputSource(new StringReader(xml))).getDocumentElement();
        } catch (IOException | ParserConfigurationException | SAXException e) {
            throw new InputException("tree XML: " + e.getMessage());
        }
        Map<String, Element> subtreeBodies = new HashMap<>();
        Element main = null;
        Map<String, List<Port>> ports = new LinkedHashMap<>();
        for (Element e : children(root)) {
            if (e.getTagName().equals("BehaviorTree")) {
                String path = e.getAttribute("_fullpath");
                if (path.isEmpty() && main == null) {
                    main = e;
                } else {
                    subtreeBodies.put(path, e);
                }
            } else if (e.getTagName().equals("TreeNodesModel")) {
                for (Element type : children(e)) {
                    List<Port> list = new ArrayList<>();
                    for (Element p : children(type)) {
                        list.add(new Port(p.getTagName(), p.getAttribute("name"), p.hasAttribute("default") ? p.getAttribute("default") : null,
                                p.getTextContent().strip()));
                    }
                    ports.put(type.getAttribute("ID"), List.copyOf(list));
                }
            }
        }
        Map<Integer, Node> byUid = new TreeMap<>();
        if (main != null) {
            for (Element top : children(main)) {
                walk(top, 0, "", subtreeBodies, byUid);
            }
        }
        return new TreeShape(List.copyOf(byUid.values()), ports);
    }

    private static void walk(Element e, int parent, String parentPath, Map<String, Element> bodies, Map<Integer, Node> out) {
        int uid;
        try {
            uid = Integer.parseInt(e.getAttribute("_uid"));
        } catch (NumberFormatException ex) {
            throw new InputException("tree XML: <" + e.getTagName() + "> has no _uid; it is not a tree with Groot2 UIDs");
        }
        boolean subtree = e.getTagName().equals("SubTree");
        String name = subtree ? e.getAttribute("ID") : e.getAttribute("name");
        if (name.isEmpty()) {
            name = e.getTagName();
        }
        String path = parentPath.isEmpty() ? name : parentPath + "/" + name;
        Map<String, String> ports = new LinkedHashMap<>();
        NamedNodeMap attrs = e.getAttributes();
        for (int i = 0; i < attrs.getLength(); i++) {
            String a = attrs.item(i).getNodeName();
            if (!a.equals("name") && !a.equals("ID") && !a.startsWith("_")) {
                ports.put(a, attrs.item(i).getNodeValue());
            }
        }
        out.put(uid, new Node(uid, name, e.getTagName(), parent, path, subtree ? "subtree" : "node", Map.copyOf(ports)));
        if (subtree) {
            Element body = bodies.get(e.getAttribute("_fullpath"));
            if (body != null) {
                for (Element c : children(body)) {
                    walk(c, uid, path, bodies, out);
                }
            }
        } else {
            for (Element c : children(e)) {
                walk(c, uid, path, bodies, out);
            }
        }
    }

    private static List<Element> children(Element e) {
        List<Element> out = new ArrayList<>();
        for (org.w3c.dom.Node c = e.getFirstChild(); c != null; c = c.getNextSibling()) {
            if (c instanceof Element el) {
                out.add(el);
            }
        }
        return out;
    }
}
