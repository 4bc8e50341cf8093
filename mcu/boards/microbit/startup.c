/*
 * nRF51822 startup: the vector table (16 Cortex-M0 exceptions, then 32 peripheral IRQs; on the nRF51 a
 * peripheral's IRQ number is its ID, from its base address: 0x40002000 UART0 = 2, 0x40008000 TIMER0 = 8, as in the
 * instantiation table of the nRF51822 Product Specification and the "Peripheral interface" chapter of the nRF51
 * Series Reference Manual v3.0)
 * and the reset handler (copies .data, clears .bss, calls main).
 */
#include <stdint.h>

extern uint32_t _sidata, _sdata, _edata, _sbss, _ebss, _estack;
int main(void);

void Reset_Handler(void);
void Default_Handler(void);
#define WEAK __attribute__((weak, alias("Default_Handler")))
void NMI_Handler(void) WEAK;
void HardFault_Handler(void) WEAK;
void SVC_Handler(void) WEAK;
void PendSV_Handler(void) WEAK;
void SysTick_Handler(void) WEAK;
void UART0_IRQHandler(void) WEAK;  /* IRQ 2 */
void TIMER0_IRQHandler(void) WEAK; /* IRQ 8 */

void Reset_Handler(void) {
    uint32_t *src = &_sidata;
    for (uint32_t *dst = &_sdata; dst < &_edata;) {
        *dst++ = *src++;
    }
    for (uint32_t *dst = &_sbss; dst < &_ebss;) {
        *dst++ = 0;
    }
    main();
    for (;;) {
    }
}

void Default_Handler(void) {
    for (;;) {
    }
}

/* every IRQ to Default_Handler, then the ones the firmware handles (a designated initializer overriding the range) */
#pragma GCC diagnostic ignored "-Woverride-init"
#define IRQS 32
__attribute__((section(".vectors"), used)) static void (*const vectors[16 + IRQS])(void) = {
    [0] = (void (*)(void))(&_estack),
    [1] = Reset_Handler,
    [2] = NMI_Handler,
    [3] = HardFault_Handler,
    [4 ... 10] = 0, /* reserved on ARMv6-M */
    [11] = SVC_Handler,
    [12 ... 13] = 0,
    [14] = PendSV_Handler,
    [15] = SysTick_Handler,
    [16 ... 16 + IRQS - 1] = Default_Handler,
    [16 + 2] = UART0_IRQHandler,
    [16 + 8] = TIMER0_IRQHandler,
};
