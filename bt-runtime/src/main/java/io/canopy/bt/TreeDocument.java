package io.canopy.bt;

import java.util.LinkedHashMap;
import java.util.Map;

/** Every {@code <BehaviorTree>} of a document and its includes, the SubTree port models, and the main ID. */
final class TreeDocument {
    /** A {@code <BehaviorTree>}: its element (for locations) and its one root node. */
    record TreeDef(String id, NodeSpec element, NodeSpec root) {}

    /** A {@code <SubTree>} model port of {@code <TreeNodesModel>}. */
    record ModelPort(String name, PortDirection direction, String defaultValue) {}

    final Map<String, TreeDef> trees = new LinkedHashMap<>();
    final Map<String, Map<String, ModelPort>> subtreeModels = new LinkedHashMap<>();
    String mainTreeId;
    String file;
}
