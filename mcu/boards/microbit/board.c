/*
 * board.h on an nRF51822 (BBC micro:bit v1, and QEMU's `-M microbit`), a Cortex-M0 without SysTick, against the
 * chip's registers; no vendor SDK. Registers from Nordic's "nRF51 Series Reference Manual" v3.0, by chapter: CLOCK
 * ("Clock management"), TIMER ("Timer/counter"), UART ("Universal Asynchronous Receiver/Transmitter"); the NVIC from
 * ARM's "ARMv6-M Architecture Reference Manual" (B3.4).
 *
 *   host line  UART0 at 0x40002000 (IRQ 2), TXD P0.24 / RXD P0.25 (the micro:bit's USB interface chip), 115200 8N1:
 *              RXDRDY interrupt into a ring buffer, TX from a ring buffer by the TXDRDY interrupt. QEMU connects its
 *              first -serial to it. The chip has one UART, so no console (board_console_write writes nothing,
 *              unless BOARD_CONSOLE_ON_HOST, as in the measurement build).
 *   time       TIMER1, 32 bits free-running at 16 MHz (core cycles), read by a capture: board_millis() comes from
 *              its count, so a late tick interrupt loses no time.
 *   tick       TIMER0 (IRQ 8) at 16 MHz, compare 0 every 16000 counts with the COMPARE0_CLEAR short: 1 kHz, wakes the
 *              main loop and brings the time up to date. (Alone it would lose time: QEMU's model clears the count
 *              when it handles the compare, late on a busy host; the firmware's clock ran 15 % slow.)
 *   clock      the 16 MHz crystal (HFCLKSTART), with a bounded wait: the core runs at 16 MHz either way (the RC
 *              oscillator until the crystal is up; QEMU models no CLOCK peripheral, its registers read 0).
 */
#include "board.h"

#define REG(addr) (*(volatile uint32_t *)(addr))

/* ---- CLOCK, base 0x40000000 ---- */
#define CLOCK_TASKS_HFCLKSTART REG(0x40000000u)
#define CLOCK_EVENTS_HFCLKSTARTED REG(0x40000100u)

/* ---- UART0, base 0x40002000 ---- */
#define UART_BASE 0x40002000u
#define UART_TASKS_STARTRX REG(UART_BASE + 0x000)
#define UART_TASKS_STARTTX REG(UART_BASE + 0x008)
#define UART_EVENTS_RXDRDY REG(UART_BASE + 0x108) /* a byte is in RXD (the 6-byte RX FIFO is not empty) */
#define UART_EVENTS_TXDRDY REG(UART_BASE + 0x11C) /* the byte written to TXD has been sent */
#define UART_EVENTS_ERROR REG(UART_BASE + 0x124)
#define UART_INTENSET REG(UART_BASE + 0x304)      /* RXDRDY bit 2, TXDRDY bit 7, ERROR bit 9 */
#define UART_ERRORSRC REG(UART_BASE + 0x480)      /* OVERRUN 0, PARITY 1, FRAMING 2, BREAK 3; write 1 to clear */
#define UART_ENABLE REG(UART_BASE + 0x500)        /* 4: enabled */
#define UART_PSELTXD REG(UART_BASE + 0x50C)
#define UART_PSELRXD REG(UART_BASE + 0x514)
#define UART_RXD REG(UART_BASE + 0x518)           /* reading pops the RX FIFO */
#define UART_TXD REG(UART_BASE + 0x51C)
#define UART_BAUDRATE REG(UART_BASE + 0x524)      /* 0x01D7E000: 115200 baud */
#define UART_CONFIG REG(UART_BASE + 0x56C)        /* HWFC 0, PARITY 0: no flow control, no parity */
#define INT_RXDRDY (1u << 2)
#define INT_TXDRDY (1u << 7)
#define INT_ERROR (1u << 9)

/* ---- TIMER0, base 0x40008000 ---- */
#define TIMER_BASE 0x40008000u
#define TIMER_TASKS_START REG(TIMER_BASE + 0x000)
#define TIMER_TASKS_CLEAR REG(TIMER_BASE + 0x00C)
#define TIMER_EVENTS_COMPARE0 REG(TIMER_BASE + 0x140)
#define TIMER_INTENSET REG(TIMER_BASE + 0x304)    /* COMPARE0 bit 16 */
#define TIMER_MODE REG(TIMER_BASE + 0x504)        /* 0: timer */
#define TIMER_SHORTS REG(TIMER_BASE + 0x200)      /* COMPARE0_CLEAR bit 0 */
#define TIMER_BITMODE REG(TIMER_BASE + 0x508)     /* 0: 16 bit, 3: 32 bit */
#define TIMER_PRESCALER REG(TIMER_BASE + 0x510)   /* f = 16 MHz / 2^PRESCALER */
#define TIMER_CC0 REG(TIMER_BASE + 0x540)
/* ---- TIMER1, base 0x40009000: the same registers ---- */
#define TIMER1_BASE 0x40009000u
#define TIMER1_TASKS_START REG(TIMER1_BASE + 0x000)
#define TIMER1_TASKS_CAPTURE0 REG(TIMER1_BASE + 0x040)
#define TIMER1_MODE REG(TIMER1_BASE + 0x504)
#define TIMER1_BITMODE REG(TIMER1_BASE + 0x508)
#define TIMER1_PRESCALER REG(TIMER1_BASE + 0x510)
#define TIMER1_CC0 REG(TIMER1_BASE + 0x540)

/* ---- NVIC (ARMv6-M ARM B3.4) ---- */
#define NVIC_ISER REG(0xE000E100u)

#define IRQ_UART0 2u
#define IRQ_TIMER0 8u
#define CORE_HZ 16000000u
#define TICK_COUNTS (CORE_HZ / 1000u)
#define READY_WAIT 100000u

static volatile uint8_t rx[BOARD_RX_RING];
static volatile uint32_t rx_head, rx_tail; /* ISR writes head, main loop tail */
static volatile uint8_t tx[BOARD_TX_RING];
static volatile uint32_t tx_head, tx_tail; /* main loop writes head, ISR tail */
static volatile bool tx_busy;              /* a byte is in TXD: its TXDRDY interrupt sends the next */
static board_uart_stats_t stats;
static volatile uint32_t ms;
static uint32_t cycles_last, cycles_rest;

static inline void irq_off(void) { __asm volatile("cpsid i" ::: "memory"); }
static inline void irq_on(void) { __asm volatile("cpsie i" ::: "memory"); }

/* Called with the TX side idle or from its interrupt: the next byte into TXD, or idle. */
static void tx_next(void) {
    uint32_t tail = tx_tail;
    if (tail != tx_head) {
        UART_TXD = tx[tail % BOARD_TX_RING];
        tx_tail = tail + 1;
        stats.tx_bytes++;
        tx_busy = true;
    } else {
        tx_busy = false;
    }
}

void UART0_IRQHandler(void) {
    if (UART_EVENTS_ERROR) {
        UART_EVENTS_ERROR = 0;
        uint32_t src = UART_ERRORSRC;
        UART_ERRORSRC = src;
        if (src & 1u) {
            /* OVERRUN: a byte arrived with the 6-byte RX FIFO full and was lost (not under QEMU, which waits until
               the FIFO has room). The frame it belonged to fails its CRC; the library counts it and resyncs. */
            stats.overrun++;
        }
        if (src & ~1u) {
            stats.line_errors++;
        }
    }
    while (UART_EVENTS_RXDRDY) {
        UART_EVENTS_RXDRDY = 0; /* clear before reading RXD, so a byte behind it raises the event again */
        uint8_t b = (uint8_t)UART_RXD;
        stats.rx_bytes++;
        uint32_t head = rx_head;
        if (head - rx_tail < BOARD_RX_RING) {
            rx[head % BOARD_RX_RING] = b;
            __asm volatile("" ::: "memory");
            rx_head = head + 1;
        } else {
            stats.rx_overflow++;
        }
    }
    if (UART_EVENTS_TXDRDY) {
        UART_EVENTS_TXDRDY = 0;
        tx_next();
    }
}

static uint32_t timer_now(void) {
    TIMER1_TASKS_CAPTURE0 = 1;
    return TIMER1_CC0;
}

void TIMER0_IRQHandler(void) {
    TIMER_EVENTS_COMPARE0 = 0;
    uint32_t now = timer_now();
    uint32_t c = now - cycles_last + cycles_rest;
    cycles_last = now;
    ms += c / TICK_COUNTS;
    cycles_rest = c % TICK_COUNTS;
}

void board_init(void) {
    CLOCK_EVENTS_HFCLKSTARTED = 0;
    CLOCK_TASKS_HFCLKSTART = 1;
    for (uint32_t i = 0; !CLOCK_EVENTS_HFCLKSTARTED && i < READY_WAIT; i++) {
    }
    UART_PSELTXD = 24;
    UART_PSELRXD = 25;
    UART_CONFIG = 0;
    UART_BAUDRATE = 0x01D7E000u;
    UART_ENABLE = 4;
    UART_EVENTS_RXDRDY = 0;
    UART_EVENTS_TXDRDY = 0;
    UART_EVENTS_ERROR = 0;
    UART_INTENSET = INT_RXDRDY | INT_TXDRDY | INT_ERROR;
    UART_TASKS_STARTRX = 1;
    UART_TASKS_STARTTX = 1;

    TIMER1_MODE = 0;
    TIMER1_BITMODE = 3;
    TIMER1_PRESCALER = 0;
    TIMER1_TASKS_START = 1;
    cycles_last = timer_now();

    TIMER_MODE = 0;
    TIMER_BITMODE = 0;
    TIMER_PRESCALER = 0;
    TIMER_CC0 = TICK_COUNTS;
    TIMER_SHORTS = 1u;
    TIMER_INTENSET = 1u << 16;
    TIMER_TASKS_CLEAR = 1;
    TIMER_TASKS_START = 1;
    NVIC_ISER = (1u << IRQ_UART0) | (1u << IRQ_TIMER0);
}

uint32_t board_millis(void) { return ms; }
uint32_t board_core_hz(void) { return CORE_HZ; }

uint32_t board_cycles(void) {
    irq_off(); /* TIMER1's CC0 is shared with the tick interrupt */
    uint32_t c = timer_now();
    irq_on();
    return c;
}

size_t board_host_read(uint8_t *buf, size_t cap) {
    uint32_t tail = rx_tail, head = rx_head;
    size_t n = 0;
    while (tail != head && n < cap) {
        buf[n++] = rx[tail % BOARD_RX_RING];
        tail++;
    }
    __asm volatile("" ::: "memory");
    rx_tail = tail;
    return n;
}

bool board_host_write(const uint8_t *buf, size_t n) {
    uint32_t head = tx_head;
    if (BOARD_TX_RING - (head - tx_tail) < n) {
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        tx[(head + i) % BOARD_TX_RING] = buf[i];
    }
    __asm volatile("" ::: "memory");
    tx_head = head + (uint32_t)n;
    irq_off();
    if (!tx_busy) {
        tx_next(); /* the line was idle: the first byte starts the TXDRDY chain */
    }
    irq_on();
    return true;
}

const board_uart_stats_t *board_uart_stats(void) { return &stats; }

void board_console_write(const char *text, size_t n) {
#ifdef BOARD_CONSOLE_ON_HOST
    while (!board_host_write((const uint8_t *)text, n)) {
        board_idle();
    }
#else
    (void)text;
    (void)n;
#endif
}

void board_idle(void) { __asm volatile("wfi"); }
