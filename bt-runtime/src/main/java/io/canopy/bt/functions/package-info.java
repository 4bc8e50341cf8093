/**
 * Trees whose leaves are Java lambdas, built from nested composites in code (memory sequence and priority included).
 * Semantics of luabt's create.
 */
package io.canopy.bt.functions;
