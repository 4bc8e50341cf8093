package io.canopy.expr;

/**
 * Which semantics a script is compiled with. The grammar is shared; the meaning of values differs.
 *
 * <ul>
 *   <li>{@link #BTCPP}: BehaviorTree.CPP v4 scripts. Numbers are integers or reals, {@code true}/{@code false}
 *       are the numbers 1/0 and comparisons yield 1/0; {@code '3' == 3} is true; only 0 and 1 convert to a
 *       boolean; reading an entry that is missing or empty is an error; comparisons chain pairwise
 *       ({@code 1 < 2 > 3} is false); {@code :=} creates an entry and {@code ..} concatenates.
 *   <li>{@link #ECMASCRIPT}: the SCXML ECMAScript vocabulary. Booleans are booleans, conditions use
 *       truthiness, {@code ==} converts and {@code ===} does not, {@code +} concatenates when a side is a
 *       string, a declared variable without a value is {@code undefined} and an undeclared one can only be
 *       read through {@code typeof}.
 * </ul>
 */
public enum Dialect {
    BTCPP,
    ECMASCRIPT
}
