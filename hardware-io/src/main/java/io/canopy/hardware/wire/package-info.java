/**
 * The serial wire format: COBS framing, CRC-16/XMODEM, sequence numbers, the frame encoder and streaming decoder.
 */
package io.canopy.hardware.wire;
