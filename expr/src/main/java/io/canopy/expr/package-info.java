/**
 * The Canopy expression language: one small language for BehaviorTree.CPP v4 scripts ({@code Script},
 * {@code ScriptCondition}, {@code _skipIf}, ...) and the SCXML ECMAScript datamodel ({@code cond}, {@code
 * expr}, {@code <assign>}).
 *
 * <p>{@link io.canopy.expr.Expressions#compile} parses a script once and resolves every name to a {@link
 * io.canopy.expr.Variable} through a {@link io.canopy.expr.Scope}; the resulting {@link
 * io.canopy.expr.CompiledExpression} evaluates with no lookups and no allocation for numbers and booleans.
 * {@link io.canopy.expr.Dialect} selects BehaviorTree.CPP or ECMAScript semantics. Compile errors are
 * {@link io.canopy.expr.ExpressionSyntaxException}s, run-time errors {@link
 * io.canopy.expr.ExpressionException}s. See {@code bt-runtime/docs/expressions.md}.
 */
package io.canopy.expr;
