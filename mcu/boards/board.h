/*
 * What the firmware needs from a chip: a millisecond clock, the serial line to the host (interrupt-driven, through
 * ring buffers) and an optional console for a status line. A board port is this header's functions in one file
 * (boards/<board>/board.c) plus its startup code and linker script; everything above it (the diffdrive app, the
 * wire-format library, the simulated base) is the same on every board.
 */
#ifndef CANOPY_BOARD_H
#define CANOPY_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Sizes of the host line's software buffers (powers of two). RX only bridges the gap between two main-loop passes
 * (a 1 ms SysTick wakes the loop; 115200 baud is 11.5 bytes per ms); TX holds a few frames. */
#ifndef BOARD_RX_RING
#define BOARD_RX_RING 256u
#endif
#ifndef BOARD_TX_RING
#define BOARD_TX_RING 512u
#endif
#define BOARD_HOST_BAUD 115200u

/* What the host line's driver saw, for the status line. Written by the ISR, read by the main loop (32-bit words). */
typedef struct {
    uint32_t rx_bytes;     /* bytes taken from the receive data register */
    uint32_t rx_overflow;  /* bytes dropped because the RX ring was full (the main loop fell behind) */
    uint32_t overrun;      /* hardware overruns: a byte arrived before the previous one was read (STM32 ORE) */
    uint32_t line_errors;  /* framing / noise / parity errors reported by the UART (the byte is still passed on) */
    uint32_t tx_bytes;     /* bytes written to the transmit data register */
} board_uart_stats_t;

/* Clocks, the 1 kHz tick, the host UART (with its RX and TX interrupts), the console if the board has one. */
void board_init(void);
/* Milliseconds since board_init (the tick interrupt's count). */
uint32_t board_millis(void);
/* The core clock the tick was set up from, Hz (for the status line and the measurements). */
uint32_t board_core_hz(void);
/* Takes up to cap received bytes from the RX ring; never waits. */
size_t board_host_read(uint8_t *buf, size_t cap);
/* Queues a whole frame for the TX interrupt; false (nothing queued) when the TX ring has no room for all n bytes. */
bool board_host_write(const uint8_t *buf, size_t n);
const board_uart_stats_t *board_uart_stats(void);
/* Writes text to the console (a second UART, polled); does nothing on a board without one. */
void board_console_write(const char *text, size_t n);
/* Sleeps until the next interrupt (WFI): the tick wakes the main loop every millisecond. */
void board_idle(void);
/* A free-running counter for measurements: cycles (DWT) where the core has one, else 0. */
uint32_t board_cycles(void);

#endif /* CANOPY_BOARD_H */
