/**
 * Events in trees: ConsumeEvent, OnEvent and SendEvent, and TreeEvents, the per-tree inbox and outbox that the node runtime
 * feeds. Semantics of cark.behavior-tree's event model.
 */
package io.canopy.bt.event;
