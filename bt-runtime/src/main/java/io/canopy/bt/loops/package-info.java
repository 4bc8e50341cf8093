/**
 * Decorators that rerun their child: UntilSuccess, UntilFailure, RepeatWhile, LoopCount, LoopUntil.
 * Semantics of cark.behavior-tree's :until-success/:until-failure/:repeat (seed 000_b42e925201fe4bd8.txt) and $loop/$loop_until (seed 003_192c05786df0e68c.txt).
 */
package io.canopy.bt.loops;
