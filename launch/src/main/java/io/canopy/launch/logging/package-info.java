/**
 * Logging helpers for the command line: Logback filters that keep third-party components' incidents (the
 * embedded broker's, Netty's) to one line each, however often they repeat.
 */
package io.canopy.launch.logging;
