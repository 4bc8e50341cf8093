/**
 * The real-time core: clocks, the ticker with named fixed-rate timers (agent, runner, invoker), one-shot
 * timers, lock-free event queues, the watchdog, durations and the real-time knobs.
 */
package io.canopy.tick;
