/*
 * STM32F405 startup: the vector table (RM0090 §12.2 Table 61: 16 Cortex-M4 exceptions, then IRQs 0..81) and the
 * reset handler (enables the FPU, copies .data, clears .bss, calls main). Handlers the firmware does not define
 * are weak aliases of Default_Handler, which stops in a loop (a debugger shows where).
 */
#include <stdint.h>

extern uint32_t _sidata, _sdata, _edata, _sbss, _ebss, _estack;
int main(void);

void Reset_Handler(void);
void Default_Handler(void);
#define WEAK __attribute__((weak, alias("Default_Handler")))
void NMI_Handler(void) WEAK;
void HardFault_Handler(void) WEAK;
void MemManage_Handler(void) WEAK;
void BusFault_Handler(void) WEAK;
void UsageFault_Handler(void) WEAK;
void SVC_Handler(void) WEAK;
void PendSV_Handler(void) WEAK;
void SysTick_Handler(void) WEAK;
void USART1_IRQHandler(void) WEAK; /* IRQ 37 */
void USART2_IRQHandler(void) WEAK; /* IRQ 38 */

#define SCB_CPACR (*(volatile uint32_t *)0xE000ED88u) /* PM0214 §4.6.1 coprocessor access control */

void Reset_Handler(void) {
    SCB_CPACR |= 0xFu << 20; /* CP10 and CP11 full access: the FPU (the code is built with -mfpu=fpv4-sp-d16) */
    __asm volatile("dsb\n isb" ::: "memory");
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
#define IRQS 82
__attribute__((section(".vectors"), used)) static void (*const vectors[16 + IRQS])(void) = {
    [0] = (void (*)(void))(&_estack),
    [1] = Reset_Handler,
    [2] = NMI_Handler,
    [3] = HardFault_Handler,
    [4] = MemManage_Handler,
    [5] = BusFault_Handler,
    [6] = UsageFault_Handler,
    [7 ... 10] = 0, /* reserved */
    [11] = SVC_Handler,
    [12] = Default_Handler, /* debug monitor */
    [13] = 0,
    [14] = PendSV_Handler,
    [15] = SysTick_Handler,
    [16 ... 16 + IRQS - 1] = Default_Handler,
    [16 + 37] = USART1_IRQHandler,
    [16 + 38] = USART2_IRQHandler,
};
