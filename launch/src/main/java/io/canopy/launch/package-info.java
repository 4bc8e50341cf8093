/**
 * Launch files: the loader, substitutions, one reader per element and the immutable plans (NodePlan, TreePlan,
 * ...) that canopy run builds a node from.
 */
package io.canopy.launch;
