package io.canopy.bt.load;

import io.canopy.bt.NodeSpec;
import io.canopy.bt.PortDirection;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Every {@code <BehaviorTree>} of a document and its includes, the SubTree port models, and the main ID. */
public final class TreeDocument {
    /** A {@code <BehaviorTree>}: its element (for locations) and its one root node. */
    public record TreeDef(String id, NodeSpec element, NodeSpec root) {}

    /** A {@code <SubTree>} model port of {@code <TreeNodesModel>}. */
    record ModelPort(String name, PortDirection direction, String defaultValue) {}

    public final Map<String, TreeDef> trees = new LinkedHashMap<>();
    final Map<String, Map<String, ModelPort>> subtreeModels = new LinkedHashMap<>();
    /** Custom node types declared by the {@code <TreeNodesModel>}s of the document and its includes. */
    final Palette palette = new Palette();
    /** Warnings (lenient syntax, aliases), one line each. */
    final List<String> warnings = new ArrayList<>();
    public String mainTreeId;
    String file;
}
