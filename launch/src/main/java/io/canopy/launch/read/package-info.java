/**
 * Reading launch files into plans: the safe XML reader, substitutions and arguments, and one reader per element
 * family, reporting every error at once as file:line:column with the fix.
 */
package io.canopy.launch.read;
