package io.canopy.launch.status;

import io.canopy.InputException;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;

/**
 * The states of an SCXML document as a tree, for drawing: id, parent, kind ({@code state}, {@code parallel},
 * {@code final}) and outgoing transitions (event, target). Parsed safely (no DTD, no external entities).
 */
public final class ScxmlOutline {
    /** One state; {@code parent} is null at the top. */
    public record State(String id, String parent, String kind, List<Transition> transitions) {}

    public record Transition(String event, String target) {}

    private final Map<String, State> states = new LinkedHashMap<>();

    private ScxmlOutline() {}

    public static ScxmlOutline parse(String scxml, String name) {
        ScxmlOutline o = new ScxmlOutline();
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            Element root = f.newDocumentBuilder().parse(new InputSource(new StringReader(scxml))).getDocumentElement();
            o.walk(root, null);
        } catch (IOException | ParserConfigurationException | SAXException e) {
            throw new InputException(name + ": not an SCXML document (" + e.getMessage() + ")");
        }
        return o;
    }

    private void walk(Element e, String parent) {
        int generated = 0;
        for (Node c = e.getFirstChild(); c != null; c = c.getNextSibling()) {
            if (!(c instanceof Element child)) {
                continue;
            }
            String tag = child.getLocalName() == null ? child.getTagName() : child.getLocalName();
            if (!tag.equals("state") && !tag.equals("parallel") && !tag.equals("final")) {
                continue;
            }
            String id = child.getAttribute("id");
            if (id.isEmpty()) {
                id = (parent == null ? "" : parent + ".") + tag + "_" + generated++;
            }
            List<Transition> ts = new ArrayList<>();
            for (Node t = child.getFirstChild(); t != null; t = t.getNextSibling()) {
                if (t instanceof Element te && "transition".equals(te.getLocalName() == null ? te.getTagName() : te.getLocalName())) {
                    ts.add(new Transition(te.getAttribute("event"), te.getAttribute("target")));
                }
            }
            states.put(id, new State(id, parent, tag, List.copyOf(ts)));
            walk(child, id);
        }
    }

    /** Every state in document order. */
    public List<State> states() {
        return List.copyOf(states.values());
    }

    /** The innermost states of a configuration: those with no active child. */
    public List<String> leaves(List<String> active) {
        List<String> out = new ArrayList<>();
        for (String s : active) {
            boolean hasActiveChild = false;
            for (String t : active) {
                State st = states.get(t);
                if (st != null && s.equals(st.parent())) {
                    hasActiveChild = true;
                    break;
                }
            }
            if (!hasActiveChild) {
                out.add(s);
            }
        }
        return out;
    }
}
