/**
 * Trees whose leaves are Java lambdas, built from nested composites in code, and luabt's memory composites
 * SequenceStar and SelectorStar (sequence*, selector*). Semantics of luabt's create (seed 004_1abcfb26150a5d44.txt).
 */
package io.canopy.bt.functions;
