/**
 * Serial links: the one tty transport (libc through JNA: exclusive open, termios, poll/read), in-process wires,
 * reconnects, socat pty pairs and the link that frames Envelopes on them.
 */
package io.canopy.hardware.serial;
