/**
 * The expression syntax tree: one node class per construct (literals, variables, operators, calls, member access),
 * each evaluating into a reused {@code Value} without allocation once compiled.
 */
package io.canopy.expr.ast;
