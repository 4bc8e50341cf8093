// Canopy diffdrive firmware for an Arduino-compatible 32-bit board (SAMD21, RP2040, STM32, ESP32, Teensy, ...):
// a two-motor base with quadrature encoders, an HC-SR04 ultrasonic range sensor and a battery voltage divider,
// talking to a Canopy node over USB serial in the Canopy wire format.
//
// The firmware logic is in diffdrive_app.c (the same file the virtual MCU runs in CI); this sketch only maps the
// nine HAL functions of diffdrive_hal.h onto pins. Change the pins and constants below for your board, then
// flash it. Needs the "Canopy Wire" library: copy or link the repository's mcu/ folder into your Arduino
// libraries folder (e.g. ln -s $PWD/mcu ~/Arduino/libraries/CanopyWire).
//
// Wiring (defaults for an Arduino Zero / SAMD21; every pin is a constant below):
//   motor driver (TB6612FNG, DRV8833 in PWM/DIR mode, ...): PWMA=5 AIN=7 (left), PWMB=6 BIN=8 (right)
//   left encoder A=2 B=4, right encoder A=3 B=9 (A pins need interrupts; both edges of A are counted, so
//   DD_TICKS_PER_REV in diffdrive_app.h is 2 x encoder lines x gear ratio)
//   HC-SR04: TRIG=10, ECHO=11 (through a divider to 3.3 V on 3.3 V boards)
//   battery: + through 10k / 3.3k divider to A0
//   charger status: the charger IC's open-drain CHRG/STAT output (low while charging) to pin 12, or dock
//   contacts through a divider (then set CHARGING_ACTIVE_LOW to false)
//   motor current sense (optional): a shunt amplifier or the driver's CS output on A1 (left) and A2 (right);
//   set HAS_CURRENT_SENSE to false for drivers without one (TB6612FNG, DRV8833): no overcurrent is reported
// On the node: <serial name="base" port="/dev/ttyACM0" baud="115200"/> (launch/examples/serial-robot.launch.xml).

#include <canopy_link.h>

#include "diffdrive_app.h"
#include "diffdrive_hal.h"

#define HOST Serial                 // the line to the Canopy node (Serial1 for a UART)
static const uint32_t BAUD = 115200;

static const uint8_t PIN_PWM[2] = {5, 6};
static const uint8_t PIN_DIR[2] = {7, 8};
static const uint8_t PIN_ENC_A[2] = {2, 3};
static const uint8_t PIN_ENC_B[2] = {4, 9};
static const int8_t ENC_SIGN[2] = {1, -1};  // the right motor is mounted mirrored
static const uint8_t PIN_TRIG = 10;
static const uint8_t PIN_ECHO = 11;
static const uint8_t PIN_BATTERY = A0;
static const float BATTERY_DIVIDER = (10.0f + 3.3f) / 3.3f;
static const float ADC_VOLTS = 3.3f;
static const float ADC_COUNTS = 1023.0f;
static const int PWM_MAX = 255;
static const uint8_t PIN_CHARGING = 12;
static const bool CHARGING_ACTIVE_LOW = true;
static const bool HAS_CURRENT_SENSE = true;
static const uint8_t PIN_CURRENT[2] = {A1, A2};
static const float AMPS_PER_VOLT = 2.0f;        // current-sense gain: e.g. 0.5 V/A (shunt x amplifier)
static const float STALL_AMPS = 1.5f;           // more than this is a stalled wheel
static const uint32_t RANGE_PERIOD_MS = 60;  // HC-SR04: at most ~16 pings per second
static const uint32_t ECHO_TIMEOUT_US = 30000;

static volatile int32_t encoder_count[2];
static volatile uint32_t echo_rise_us;
static volatile uint32_t echo_width_us;
static volatile bool echo_done;
static uint32_t ping_ms;
static uint32_t ping_us;
static float range_m = -1.0f;

static void on_encoder_left() {
    encoder_count[0] += digitalRead(PIN_ENC_A[0]) == digitalRead(PIN_ENC_B[0]) ? ENC_SIGN[0] : -ENC_SIGN[0];
}

static void on_encoder_right() {
    encoder_count[1] += digitalRead(PIN_ENC_A[1]) == digitalRead(PIN_ENC_B[1]) ? ENC_SIGN[1] : -ENC_SIGN[1];
}

static void on_echo() {
    uint32_t now = micros();
    if (digitalRead(PIN_ECHO) == HIGH) {
        echo_rise_us = now;
    } else {
        echo_width_us = now - echo_rise_us;
        echo_done = true;
    }
}

// Starts a ping every RANGE_PERIOD_MS and turns the last echo into metres; never waits for the echo.
static void poll_range() {
    uint32_t now = millis();
    if (echo_done) {
        echo_done = false;
        range_m = echo_width_us * 0.0001715f;  // speed of sound 343 m/s, there and back
    } else if (micros() - ping_us > ECHO_TIMEOUT_US && now - ping_ms < RANGE_PERIOD_MS) {
        range_m = -1.0f;  // no echo: nothing in range
    }
    if (now - ping_ms >= RANGE_PERIOD_MS) {
        ping_ms = now;
        digitalWrite(PIN_TRIG, HIGH);
        delayMicroseconds(10);
        digitalWrite(PIN_TRIG, LOW);
        ping_us = micros();
    }
}

// ---- the HAL of diffdrive_hal.h ----

extern "C" uint32_t hal_millis(void) {
    return millis();
}

extern "C" int32_t hal_encoder_count(uint8_t motor) {
    noInterrupts();
    int32_t c = encoder_count[motor];
    interrupts();
    return c;
}

extern "C" void hal_motor_output(uint8_t motor, float duty) {
    float d = duty < -1.0f ? -1.0f : duty > 1.0f ? 1.0f : duty;
    digitalWrite(PIN_DIR[motor], d >= 0 ? HIGH : LOW);
    analogWrite(PIN_PWM[motor], (int)((d >= 0 ? d : -d) * PWM_MAX + 0.5f));
}

extern "C" float hal_range_m(void) {
    return range_m;
}

extern "C" float hal_battery_volts(void) {
    return analogRead(PIN_BATTERY) * (ADC_VOLTS / ADC_COUNTS) * BATTERY_DIVIDER;
}

extern "C" bool hal_charging(void) {
    return (digitalRead(PIN_CHARGING) == LOW) == CHARGING_ACTIVE_LOW;
}

extern "C" bool hal_motor_overcurrent(uint8_t motor) {
    if (!HAS_CURRENT_SENSE) {
        return false;
    }
    return analogRead(PIN_CURRENT[motor]) * (ADC_VOLTS / ADC_COUNTS) * AMPS_PER_VOLT > STALL_AMPS;
}

extern "C" size_t hal_serial_read(uint8_t *buf, size_t cap) {
    size_t n = 0;
    while (n < cap && HOST.available() > 0) {
        buf[n++] = (uint8_t)HOST.read();
    }
    return n;
}

extern "C" bool hal_serial_write(const uint8_t *buf, size_t n) {
    // On native-USB boards `HOST` is false while no program has the port open: drop the frame (the node counts
    // the gap as lost frames) rather than wait. On a UART at a low baud rate, also drop frames the transmit buffer
    // cannot take: if (HOST.availableForWrite() < (int)n) return false;
    if (!HOST) {
        return false;
    }
    return HOST.write(buf, n) == n;
}

void setup() {
    HOST.begin(BAUD);
    for (uint8_t m = 0; m < 2; m++) {
        pinMode(PIN_PWM[m], OUTPUT);
        pinMode(PIN_DIR[m], OUTPUT);
        pinMode(PIN_ENC_A[m], INPUT_PULLUP);
        pinMode(PIN_ENC_B[m], INPUT_PULLUP);
    }
    attachInterrupt(digitalPinToInterrupt(PIN_ENC_A[0]), on_encoder_left, CHANGE);
    attachInterrupt(digitalPinToInterrupt(PIN_ENC_A[1]), on_encoder_right, CHANGE);
    pinMode(PIN_CHARGING, INPUT_PULLUP);
    pinMode(PIN_TRIG, OUTPUT);
    pinMode(PIN_ECHO, INPUT);
    attachInterrupt(digitalPinToInterrupt(PIN_ECHO), on_echo, CHANGE);
    dd_setup();
}

void loop() {
    poll_range();
    dd_loop();
}
