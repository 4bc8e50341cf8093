/**
 * The libc calls Canopy makes itself, direct-mapped through JNA in one place: the tty calls of the serial ports
 * and the datagram socket of the service notifier.
 */
package io.canopy.hardware.posix;
