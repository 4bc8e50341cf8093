/* The diffdrive HAL on a bare Cortex-M0+ for the size check: reads and writes stand-in registers. */
#include "diffdrive_app.h"
#include "diffdrive_hal.h"

static volatile uint32_t ms_register;
static volatile int32_t encoder_register[2];
static volatile float duty_register[2];
static volatile float adc_register[2];
static volatile uint8_t uart_register;
static volatile uint8_t uart_ready;
static volatile uint32_t gpio_register;

uint32_t hal_millis(void) { return ms_register; }
int32_t hal_encoder_count(uint8_t motor) { return encoder_register[motor & 1]; }
void hal_motor_output(uint8_t motor, float duty) { duty_register[motor & 1] = duty; }
float hal_range_m(void) { return adc_register[0]; }
float hal_battery_volts(void) { return adc_register[1]; }
bool hal_charging(void) { return (gpio_register & 1u) != 0; }
bool hal_motor_overcurrent(uint8_t motor) { return (gpio_register & (2u << (motor & 1))) != 0; }

size_t hal_serial_read(uint8_t *buf, size_t cap) {
    if (cap == 0 || !uart_ready) {
        return 0;
    }
    buf[0] = uart_register;
    return 1;
}

bool hal_serial_write(const uint8_t *buf, size_t n) {
    for (size_t i = 0; i < n; i++) {
        uart_register = buf[i];
    }
    return true;
}

int main(void) {
    dd_setup();
    for (;;) {
        dd_loop();
    }
}
