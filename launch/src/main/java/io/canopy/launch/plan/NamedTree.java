package io.canopy.launch.plan;

/**
 * A tree a launch file names, with the custom node types of its node (palettes, plugins, enums): what
 * {@code canopy validate} needs to check the tree when the launch file itself has errors.
 */
public record NamedTree(TreePlan plan, ForeignNodesPlan foreign) {}
