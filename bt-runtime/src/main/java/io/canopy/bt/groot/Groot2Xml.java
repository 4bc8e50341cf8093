package io.canopy.bt.groot;

import io.canopy.bt.Node;
import io.canopy.bt.NodeKind;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.NodeType;
import io.canopy.bt.observe.TreeObserver;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;

/**
 * The tree as BehaviorTree.CPP's {@code WriteTreeToXML(tree, true, true)} writes it for Groot2 and
 * {@code .btlog} files: one {@code <BehaviorTree ID _fullpath>} per SubTree instance (the main tree's
 * {@code _fullpath} is empty), every node with its {@code _uid} ({@link #uid}: depth-first index + 1), a
 * {@code <SubTree>} node without children but with the {@code _fullpath} of its instance, and the
 * {@code <TreeNodesModel>} of the node types used.
 *
 * <p>Canopy's nodes keep neither their port texts nor a SubTree's {@code ID} once built, so nodes carry their
 * {@code name} and {@code _uid} only, and a SubTree instance's {@code ID} is its name (the instance name, or
 * the subtree's ID when unnamed).
 */
public final class Groot2Xml {
    private Groot2Xml() {}

    /** The Groot2 UID of the node with depth-first index {@code index} (BT.CPP UIDs are never 0 here). */
    public static int uid(int index) {
        return index + 1;
    }

    public static String write(TreeObserver observer) {
        Document doc = newBuilder().newDocument();
        Element root = doc.createElement("root");
        root.setAttribute("BTCPP_format", "4");
        doc.appendChild(root);
        Map<Node, Integer> index = new IdentityHashMap<>();
        for (int i = 0; i < observer.nodeCount(); i++) {
            index.put(observer.nodes().get(i), i);
        }
        record Pending(String id, String path, Node root) {}
        Deque<Pending> pending = new ArrayDeque<>();
        pending.add(new Pending(observer.tree().id(), "", observer.tree().root()));
        Set<String> paths = new HashSet<>();
        Map<String, NodeType> types = new LinkedHashMap<>();
        while (!pending.isEmpty()) {
            Pending p = pending.poll();
            Element bt = doc.createElement("BehaviorTree");
            bt.setAttribute("ID", p.id());
            bt.setAttribute("_fullpath", p.path());
            root.appendChild(bt);
            Deque<Object[]> stack = new ArrayDeque<>();
            stack.push(new Object[] {p.root(), bt});
            while (!stack.isEmpty()) {
                Object[] top = stack.pop();
                Node n = (Node) top[0];
                Element parent = (Element) top[1];
                int uid = uid(index.get(n));
                Element e;
                if (n.type().kind() == NodeKind.SUBTREE) {
                    e = doc.createElement("SubTree");
                    String path = (p.path().isEmpty() ? "" : p.path() + "/") + n.name();
                    if (!paths.add(path)) {
                        path = path + "::" + uid;
                        paths.add(path);
                    }
                    e.setAttribute("ID", n.name());
                    e.setAttribute("_fullpath", path);
                    e.setAttribute("_uid", Integer.toString(uid));
                    if (n.childCount() == 1) {
                        pending.add(new Pending(n.name(), path, n.child(0)));
                    }
                } else {
                    types.putIfAbsent(n.typeId(), n.type());
                    e = doc.createElement(n.typeId());
                    e.setAttribute("name", n.name());
                    e.setAttribute("_uid", Integer.toString(uid));
                    for (int c = n.childCount() - 1; c >= 0; c--) {
                        stack.push(new Object[] {n.child(c), e});
                    }
                }
                // children are pushed in reverse, so appending in pop order keeps document order
                parent.appendChild(e);
            }
        }
        root.appendChild(doc.importNode(treeNodesModel(types), true));
        return print(doc);
    }

    /** The {@code <TreeNodesModel>} of {@code types}, as {@code canopy nodes --xml} prints it. */
    private static Element treeNodesModel(Map<String, NodeType> types) {
        NodeRegistry used = new NodeRegistry();
        for (NodeType t : types.values()) {
            used.register(t);
        }
        try {
            Document palette = newBuilder().parse(new InputSource(new StringReader(used.toPaletteXml(true))));
            return (Element) palette.getElementsByTagName("TreeNodesModel").item(0);
        } catch (IOException | SAXException e) {
            throw new IllegalStateException("the palette of the tree's node types is not XML: " + e.getMessage(), e);
        }
    }

    private static DocumentBuilder newBuilder() {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            return f.newDocumentBuilder();
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String print(Document doc) {
        try {
            Transformer t = TransformerFactory.newInstance().newTransformer();
            t.setOutputProperty(OutputKeys.OMIT_XML_DECLARATION, "yes");
            t.setOutputProperty(OutputKeys.INDENT, "yes");
            t.setOutputProperty("{http://xml.apache.org/xslt}indent-amount", "2");
            StringWriter out = new StringWriter();
            t.transform(new DOMSource(doc), new StreamResult(out));
            return out.toString();
        } catch (TransformerException e) {
            throw new IllegalStateException(e);
        }
    }
}
