/**
 * Building statecharts: the SCXML reader and the Java builder describe states and executable content, and the
 * compiler turns that description once into the immutable tables a {@code Statechart} runs from.
 */
package io.canopy.statemachine.build;
