/**
 * Plugins: jars whose node types are found through {@link java.util.ServiceLoader} by one small interface,
 * {@link io.canopy.bt.plugin.CanopyPlugin}, and the loader that registers them into a node registry.
 */
package io.canopy.bt.plugin;
