package io.canopy.bt.load;

import io.canopy.bt.NodeRegistry;
import io.canopy.bt.NodeSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A tree file as the loader reads it, for tools that draw or list it without building nodes ({@code canopy
 * graph}): the same lexical leniency, {@code <include>} resolution, IDs for a lone {@code <BehaviorTree>}
 * without one, and main-tree rule (--main, {@code main_tree_to_execute}, the only tree, or the one tree no
 * other references) as {@link XmlTreeLoader}.
 */
public final class TreeOutline {
    /** One element of a tree: its XML name, attributes, children and where it starts. */
    public record Element(String name, Map<String, String> attributes, List<Element> children, String file, int line,
            int column) {}

    private final Map<String, Element> trees;
    private final String mainId;
    private final List<String> warnings;

    private TreeOutline(Map<String, Element> trees, String mainId, List<String> warnings) {
        this.trees = Collections.unmodifiableMap(trees);
        this.mainId = mainId;
        this.warnings = List.copyOf(warnings);
    }

    /**
     * Reads {@code file} and its includes ({@code searchPath} as for {@code --path}); {@code main} overrides
     * {@code main_tree_to_execute} (null: the file decides). An InputException names file:line:column.
     */
    public static TreeOutline read(Path file, String main, List<Path> searchPath) {
        TreeDocument doc = new XmlTreeLoader(new NodeRegistry()).withSearchPath(searchPath).parseFile(file);
        if (main != null) {
            doc.mainTreeId = main;
        }
        String id = TreeAssembler.mainTreeId(doc, doc.file);
        Map<String, Element> trees = new LinkedHashMap<>();
        doc.trees.forEach((k, def) -> trees.put(k, element(def.root())));
        return new TreeOutline(trees, id, doc.warnings);
    }

    private static Element element(NodeSpec s) {
        List<Element> children = new ArrayList<>(s.children.size());
        for (NodeSpec c : s.children) {
            children.add(element(c));
        }
        return new Element(s.element, Collections.unmodifiableMap(new LinkedHashMap<>(s.attributes)),
                List.copyOf(children), s.file, s.line, s.column);
    }

    /** Tree ID to the tree's one root element, in document order. */
    public Map<String, Element> trees() {
        return trees;
    }

    /** The ID of the tree that runs. */
    public String mainId() {
        return mainId;
    }

    /** Lenient-syntax warnings, one line each. */
    public List<String> warnings() {
        return warnings;
    }
}
