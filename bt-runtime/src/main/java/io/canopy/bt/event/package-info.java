/**
 * Events in and out of a tree: ConsumeEvent, OnEvent, SendEvent, and each tree's inbox/outbox (TreeEvents).
 * Semantics of cark.behavior-tree's :consume-event, :on-event and :send-event (seed 000_b42e925201fe4bd8.txt).
 */
package io.canopy.bt.event;
