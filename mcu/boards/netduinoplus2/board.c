/*
 * board.h on an STM32F405 (Netduino Plus 2, and QEMU's `-M netduinoplus2`), against the chip's registers; no
 * vendor HAL. Register names, offsets and bits are from ST's RM0090 "STM32F405/415, STM32F407/417, STM32F427/437
 * and STM32F429/439 advanced Arm-based 32-bit MCUs" reference manual (Rev 19), section numbers below; the core's
 * own registers (SysTick, NVIC, SCB) from ST's PM0214 "STM32 Cortex-M4 MCUs and MPUs programming manual".
 *
 *   host line  USART1 (RM0090 §30), TX PA9 / RX PA10 (alternate function 7, datasheet DS8626 Table 9), 115200 8N1,
 *              RX interrupt into a ring buffer, TX from a ring buffer by the TXE interrupt. QEMU connects its
 *              first -serial to USART1 (0x40011000, IRQ 37).
 *   console    USART2 (PA2 TX / PA3 RX, AF7), TX only, same driver: the status line. QEMU's second -serial.
 *   time       TIM2 (RM0090 §18), 32 bits free-running at 1 MHz: board_millis() comes from its count, so a late tick
 *              interrupt loses no time (QEMU's SysTick does: its model re-arms each period from the late expiry,
 *              and on a busy host the emulated SysTick ran 6 to 12 % slow; TIM2's count follows the virtual clock).
 *   tick       SysTick at 1 kHz from the core clock: wakes the main loop from WFI and brings the time up to date.
 *   clock      168 MHz from the PLL on the board's HSE crystal (25 MHz on a Netduino Plus 2, BOARD_HSE_HZ);
 *              16 MHz HSI when the crystal or the PLL does not start within a bounded wait.
 */
#include "board.h"

#ifndef BOARD_HSE_HZ
#define BOARD_HSE_HZ 25000000u /* Netduino Plus 2; 8000000 on an STM32F4-Discovery */
#endif
#define HSI_HZ 16000000u
#define PLL_HZ 168000000u
/* Under QEMU (7.2) the F405 has no RCC model: its registers read 0 and the core runs at a fixed 168 MHz. */
#define EMULATED_CORE_HZ 168000000u
#define READY_WAIT 200000u /* loop passes to wait for a ready flag: a few ms at 16 MHz, never forever */

#define REG(addr) (*(volatile uint32_t *)(addr))

/* ---- RCC: reset and clock control, base 0x40023800 (RM0090 §2.3 Table 1; registers §7.3) ---- */
#define RCC_BASE 0x40023800u
#define RCC_CR REG(RCC_BASE + 0x00)      /* §7.3.1 clock control */
#define RCC_CR_HSION (1u << 0)
#define RCC_CR_HSIRDY (1u << 1)
#define RCC_CR_HSEON (1u << 16)
#define RCC_CR_HSERDY (1u << 17)
#define RCC_CR_PLLON (1u << 24)
#define RCC_CR_PLLRDY (1u << 25)
#define RCC_PLLCFGR REG(RCC_BASE + 0x04) /* §7.3.2 PLL configuration: PLLM[5:0] PLLN[14:6] PLLP[17:16] PLLSRC[22] PLLQ[27:24] */
#define RCC_CFGR REG(RCC_BASE + 0x08)    /* §7.3.3 clock configuration: SW[1:0] SWS[3:2] HPRE[7:4] PPRE1[12:10] PPRE2[15:13] */
#define RCC_AHB1ENR REG(RCC_BASE + 0x30) /* §7.3.10 AHB1 peripheral clock enable: GPIOAEN bit 0 */
#define RCC_APB1ENR REG(RCC_BASE + 0x40) /* §7.3.13 APB1 peripheral clock enable: TIM2EN bit 0, USART2EN bit 17 */
#define RCC_APB2ENR REG(RCC_BASE + 0x44) /* §7.3.14 APB2 peripheral clock enable: USART1EN bit 4 */

/* ---- Flash interface, base 0x40023C00 ---- */
#define FLASH_ACR REG(0x40023C00u)       /* §3.8.1 access control: LATENCY[2:0], PRFTEN 8, ICEN 9, DCEN 10 */

/* ---- GPIOA, base 0x40020000 (registers §8.4) ---- */
#define GPIOA_BASE 0x40020000u
#define GPIOA_MODER REG(GPIOA_BASE + 0x00) /* §8.4.1 mode: 2 bits per pin, 10 = alternate function */
#define GPIOA_PUPDR REG(GPIOA_BASE + 0x0C) /* §8.4.4 pull-up/pull-down: 01 = pull-up (an idle RX line is high) */
#define GPIOA_AFRL REG(GPIOA_BASE + 0x20)  /* §8.4.9 alternate function low, pins 0..7, 4 bits each */
#define GPIOA_AFRH REG(GPIOA_BASE + 0x24)  /* §8.4.10 alternate function high, pins 8..15 */

/* ---- TIM2, base 0x40000000 (registers §18.4) ---- */
#define TIM2_CR1 REG(0x40000000u)  /* §18.4.1 control 1: CEN bit 0 (up-counting, the reset value) */
#define TIM2_EGR REG(0x40000014u)  /* §18.4.6 event generation: UG bit 0 loads PSC */
#define TIM2_CNT REG(0x40000024u)  /* §18.4.10 counter (32 bits on TIM2 and TIM5) */
#define TIM2_PSC REG(0x40000028u)  /* §18.4.11 prescaler: f = timer clock / (PSC + 1) */
#define TIM2_ARR REG(0x4000002Cu)  /* §18.4.12 auto-reload */
/* QEMU's timer model counts at a fixed 1 GHz; on silicon TIM2 runs at 2 x APB1 (§7.2, "timer clocks") */
#define EMULATED_TIMER_HZ 1000000000u

/* ---- USART registers (§30.6), offsets from the USART's base ---- */
#define USART_SR 0x00   /* §30.6.1 status */
#define USART_DR 0x04   /* §30.6.2 data (reading it clears RXNE, and ORE/NF/FE/PE after a read of SR) */
#define USART_BRR 0x08  /* §30.6.3 baud rate: DIV_Mantissa[15:4] DIV_Fraction[3:0] = fCK / baud (OVER8 = 0) */
#define USART_CR1 0x0C  /* §30.6.4 control 1 */
#define USART_CR2 0x10  /* §30.6.5 control 2: STOP[13:12] = 00, one stop bit (reset value) */
#define USART_CR3 0x14  /* §30.6.6 control 3: EIE (error interrupt) not used, ORE is seen with RXNEIE */
#define SR_PE (1u << 0)
#define SR_FE (1u << 1)
#define SR_NF (1u << 2)
#define SR_ORE (1u << 3)
#define SR_RXNE (1u << 5)
#define SR_TXE (1u << 7)
#define CR1_RE (1u << 2)
#define CR1_TE (1u << 3)
#define CR1_RXNEIE (1u << 5) /* interrupt on RXNE, and on ORE (§30.6.4) */
#define CR1_TXEIE (1u << 7)
#define CR1_UE (1u << 13)

/* ---- Cortex-M4 core peripherals (PM0214) ---- */
#define SYST_CSR REG(0xE000E010u)  /* §4.5.1 SysTick control and status: ENABLE 0, TICKINT 1, CLKSOURCE 2 (core) */
#define SYST_RVR REG(0xE000E014u)  /* §4.5.2 reload value (24 bits) */
#define SYST_CVR REG(0xE000E018u)  /* §4.5.3 current value (counts down) */
#define NVIC_ISER(n) REG(0xE000E100u + 4u * (n)) /* §4.3.2 interrupt set-enable */
#define NVIC_ISPR(n) REG(0xE000E200u + 4u * (n)) /* §4.3.4 interrupt set-pending */
#define NVIC_IPR(irq) (*(volatile uint8_t *)(0xE000E400u + (irq))) /* §4.3.7 priority, one byte per IRQ */

/* IRQ numbers: RM0090 §12.2 Table 61 (vector table for STM32F405xx/07xx and STM32F415xx/17xx) */
#define IRQ_USART1 37u
#define IRQ_USART2 38u

typedef struct {
    uint32_t base;
    uint32_t irq;
    volatile uint8_t rx[BOARD_RX_RING];
    volatile uint32_t rx_head, rx_tail; /* ISR writes head, main loop tail */
    volatile uint8_t tx[BOARD_TX_RING];
    volatile uint32_t tx_head, tx_tail; /* main loop writes head, ISR tail */
    board_uart_stats_t stats;
} uart_t;

/* (base and IRQ are set in board_init, so that the rings stay in .bss instead of taking flash for .data) */
static uart_t host;    /* USART1 at 0x40011000, APB2 (RM0090 §2.3 Table 1) */
#ifndef BOARD_NO_CONSOLE
static uart_t console; /* USART2 at 0x40004400, APB1 */
#endif
static volatile uint32_t ms;     /* milliseconds, from TIM2 */
static volatile uint32_t ticks;  /* SysTick interrupts, for board_cycles */
static uint32_t us_last, us_rest;
static uint32_t core_hz, apb1_hz, apb2_hz, timer_hz, tick_reload;

static inline void irq_off(void) { __asm volatile("cpsid i" ::: "memory"); }
static inline void irq_on(void) { __asm volatile("cpsie i" ::: "memory"); }

#define UREG(u, off) REG((u)->base + (off))

/* The one interrupt handler of both USARTs: every received byte into the RX ring, the TX ring into DR while TXE. */
static void uart_isr(uart_t *u) {
    uint32_t sr = UREG(u, USART_SR);
    if (sr & SR_ORE) {
        /* Overrun (real silicon only: QEMU hands bytes over one at a time, when RXNE is clear). The byte in DR is
           intact, the one after it was lost; reading DR below clears ORE. The frame that lost a byte fails its CRC
           or COBS check in the library, which counts it and resynchronises at the next 0x00. */
        u->stats.overrun++;
    }
    if (sr & (SR_FE | SR_NF | SR_PE)) {
        u->stats.line_errors++; /* the byte is passed on; a corrupted frame fails its CRC */
    }
    if (sr & (SR_RXNE | SR_ORE)) {
        uint8_t b = (uint8_t)UREG(u, USART_DR); /* clears RXNE (and ORE, NF, FE after the SR read above) */
        u->stats.rx_bytes++;
        uint32_t head = u->rx_head;
        if (head - u->rx_tail < BOARD_RX_RING) {
            u->rx[head % BOARD_RX_RING] = b;
            __asm volatile("" ::: "memory");
            u->rx_head = head + 1;
        } else {
            u->stats.rx_overflow++;
        }
    }
    if (UREG(u, USART_CR1) & CR1_TXEIE) {
        uint32_t tail = u->tx_tail;
        while (tail != u->tx_head && (UREG(u, USART_SR) & SR_TXE)) {
            UREG(u, USART_DR) = u->tx[tail % BOARD_TX_RING]; /* clears TXE until the byte moves to the shifter */
            tail++;
            u->stats.tx_bytes++;
        }
        u->tx_tail = tail;
        if (tail == u->tx_head) {
            UREG(u, USART_CR1) &= ~CR1_TXEIE; /* nothing left: TXE (set while idle) must not interrupt again */
        }
    }
}

void USART1_IRQHandler(void) { uart_isr(&host); }
#ifndef BOARD_NO_CONSOLE
void USART2_IRQHandler(void) { uart_isr(&console); }
#endif

static bool uart_write(uart_t *u, const uint8_t *buf, size_t n) {
    uint32_t head = u->tx_head;
    if (BOARD_TX_RING - (head - u->tx_tail) < n) {
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        u->tx[(head + i) % BOARD_TX_RING] = buf[i];
    }
    __asm volatile("" ::: "memory");
    u->tx_head = head + (uint32_t)n;
    irq_off();
    UREG(u, USART_CR1) |= CR1_TXEIE;
    irq_on();
    /* On silicon TXEIE with TXE set raises the interrupt by itself. QEMU's USART model (7.2) raises its IRQ for RXNE
       only, so also pend the interrupt in the NVIC: the handler then drains the ring while TXE reads set. */
    NVIC_ISPR(u->irq / 32u) = 1u << (u->irq % 32u);
    return true;
}

static void uart_init(uart_t *u, uint32_t pclk_hz, bool rx) {
    UREG(u, USART_CR1) = 0;
    UREG(u, USART_BRR) = (pclk_hz + BOARD_HOST_BAUD / 2) / BOARD_HOST_BAUD; /* 16x oversampling */
    UREG(u, USART_CR2) = 0;
    UREG(u, USART_CR3) = 0;
    UREG(u, USART_CR1) = CR1_UE | CR1_TE | (rx ? CR1_RE | CR1_RXNEIE : 0u); /* 8 data bits, no parity */
    NVIC_IPR(u->irq) = rx ? 0x40 : 0xC0; /* the host line before the console */
    NVIC_ISER(u->irq / 32u) = 1u << (u->irq % 32u);
}

/* 168 MHz from HSE through the PLL, bounded waits; returns the core clock actually running. */
static uint32_t clock_init(void) {
    if ((RCC_CR & (RCC_CR_HSION | RCC_CR_HSIRDY)) == 0) {
        /* HSI is on and ready after every reset on silicon, so an RCC reading 0 is no RCC: the emulator */
        apb1_hz = apb2_hz = EMULATED_CORE_HZ;
        timer_hz = EMULATED_TIMER_HZ;
        return EMULATED_CORE_HZ;
    }
    apb1_hz = apb2_hz = timer_hz = HSI_HZ;
    RCC_CR |= RCC_CR_HSEON;
    uint32_t i = 0;
    while (!(RCC_CR & RCC_CR_HSERDY) && ++i < READY_WAIT) {
    }
    if (!(RCC_CR & RCC_CR_HSERDY)) {
        RCC_CR &= ~RCC_CR_HSEON;
        return HSI_HZ; /* no crystal: stay on the 16 MHz HSI */
    }
    const uint32_t pllm = BOARD_HSE_HZ / 1000000u, plln = 336u, pllp = 2u, pllq = 7u; /* 1 MHz x 336 / 2 = 168 */
    RCC_PLLCFGR = pllm | (plln << 6) | (((pllp / 2u) - 1u) << 16) | (1u << 22) /* PLLSRC = HSE */ | (pllq << 24);
    RCC_CR |= RCC_CR_PLLON;
    for (i = 0; !(RCC_CR & RCC_CR_PLLRDY) && i < READY_WAIT; i++) {
    }
    if (!(RCC_CR & RCC_CR_PLLRDY)) {
        RCC_CR &= ~RCC_CR_PLLON;
        return HSI_HZ;
    }
    /* 5 wait states at 168 MHz and 2.7-3.6 V (§3.5.1 Table 10), with prefetch and both caches */
    FLASH_ACR = 5u | (1u << 8) | (1u << 9) | (1u << 10);
    /* AHB /1, APB1 /4 (42 MHz, its limit), APB2 /2 (84 MHz), then switch SYSCLK to the PLL */
    RCC_CFGR = (RCC_CFGR & ~0xFCF3u) | (5u << 10) | (4u << 13) | 2u;
    for (i = 0; ((RCC_CFGR >> 2) & 3u) != 2u && i < READY_WAIT; i++) {
    }
    if (((RCC_CFGR >> 2) & 3u) != 2u) {
        RCC_CFGR &= ~0xFCF3u; /* back to HSI with no prescalers */
        return HSI_HZ;
    }
    apb1_hz = PLL_HZ / 4u;
    apb2_hz = PLL_HZ / 2u;
    timer_hz = 2u * apb1_hz; /* APB1 prescaler > 1: its timers run at twice its clock */
    return PLL_HZ;
}

/* Brings ms up to date from TIM2's microseconds, however late this interrupt is (up to the counter's 71 minutes). */
void SysTick_Handler(void) {
    ticks++;
    uint32_t now = TIM2_CNT;
    uint32_t us = now - us_last + us_rest;
    us_last = now;
    ms += us / 1000u;
    us_rest = us % 1000u;
}

void board_init(void) {
    core_hz = clock_init();
    RCC_AHB1ENR |= 1u << 0;                    /* GPIOA */
    RCC_APB2ENR |= 1u << 4;                    /* USART1 */
    RCC_APB1ENR |= (1u << 17) | (1u << 0);     /* USART2, TIM2 */
    /* PA2, PA3, PA9, PA10: alternate function 7 (USART1/2), pull-ups on the RX pins */
    GPIOA_MODER = (GPIOA_MODER & ~((3u << 4) | (3u << 6) | (3u << 18) | (3u << 20)))
                | (2u << 4) | (2u << 6) | (2u << 18) | (2u << 20);
    GPIOA_PUPDR = (GPIOA_PUPDR & ~((3u << 6) | (3u << 20))) | (1u << 6) | (1u << 20);
    GPIOA_AFRL = (GPIOA_AFRL & ~((0xFu << 8) | (0xFu << 12))) | (7u << 8) | (7u << 12);
    GPIOA_AFRH = (GPIOA_AFRH & ~((0xFu << 4) | (0xFu << 8))) | (7u << 4) | (7u << 8);
    host.base = 0x40011000u;
    host.irq = IRQ_USART1;
    uart_init(&host, apb2_hz, true);
#ifndef BOARD_NO_CONSOLE
    console.base = 0x40004400u;
    console.irq = IRQ_USART2;
    uart_init(&console, apb1_hz, false);
#endif
    TIM2_PSC = timer_hz / 1000000u - 1u;       /* 1 MHz */
    TIM2_ARR = 0xFFFFFFFFu;
    TIM2_EGR = 1u;
    TIM2_CR1 = 1u;
    us_last = TIM2_CNT;
    tick_reload = core_hz / 1000u - 1u;
    SYST_RVR = tick_reload;
    SYST_CVR = 0;
    SYST_CSR = 7u; /* core clock, interrupt, enable */
}

uint32_t board_millis(void) { return ms; }
uint32_t board_core_hz(void) { return core_hz; }

uint32_t board_cycles(void) {
    uint32_t m, v;
    do {
        m = ticks;
        v = SYST_CVR;
    } while (m != ticks);
    return m * (tick_reload + 1u) + (tick_reload - v);
}

size_t board_host_read(uint8_t *buf, size_t cap) {
    uint32_t tail = host.rx_tail, head = host.rx_head;
    size_t n = 0;
    while (tail != head && n < cap) {
        buf[n++] = host.rx[tail % BOARD_RX_RING];
        tail++;
    }
    __asm volatile("" ::: "memory");
    host.rx_tail = tail;
    return n;
}

bool board_host_write(const uint8_t *buf, size_t n) { return uart_write(&host, buf, n); }
const board_uart_stats_t *board_uart_stats(void) { return &host.stats; }

void board_console_write(const char *text, size_t n) {
#ifndef BOARD_NO_CONSOLE
    (void)uart_write(&console, (const uint8_t *)text, n);
#else
    (void)text;
    (void)n;
#endif
}

void board_idle(void) { __asm volatile("wfi"); }
