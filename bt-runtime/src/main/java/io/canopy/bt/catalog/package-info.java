/**
 * The node families registered as a whole (NodeFamilies) and the node reference generated from a registry
 * (docs/nodes.md, canopy nodes --markdown).
 */
package io.canopy.bt.catalog;
