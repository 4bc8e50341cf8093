/**
 * What every module shares: InputException (bad input as one line), the edit-distance helper (Names) and the
 * XML depth limit (XmlLimits).
 */
package io.canopy;
