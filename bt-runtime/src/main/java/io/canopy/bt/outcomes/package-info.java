/**
 * Nodes that fix a result whatever their child returns: Always, Never, Succeed, Fail.
 * Semantics of the $-behaviours $always, $never, $succeed, $fail (seed 003_192c05786df0e68c.txt).
 */
package io.canopy.bt.outcomes;
