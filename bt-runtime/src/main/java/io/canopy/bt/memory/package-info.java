/**
 * Memory composites that keep their place until they complete (SequenceStar, SelectorStar) and trees of Java lambdas (LuaBt).
 * Semantics of luabt's sequence* and selector* and closure leaves (seed 004_1abcfb26150a5d44.txt).
 */
package io.canopy.bt.memory;
