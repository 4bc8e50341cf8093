/**
 * The ECMAScript datamodel: the compiled subset with its typed numeric path, and the full engine (Rhino) for
 * documents beyond the subset, with the per-session values both keep.
 */
package io.canopy.statemachine.ecma;
