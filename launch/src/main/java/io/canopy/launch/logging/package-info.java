/**
 * Logging for the command line: the Logback configuration in code ({@link io.canopy.launch.logging.CanopyLogConfigurator}),
 * and Logback filters that keep third-party components' incidents (the
 * embedded broker's, Netty's) to one line each, however often they repeat.
 */
package io.canopy.launch.logging;
