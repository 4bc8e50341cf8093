/*
 * The hardware the diffdrive firmware needs, as nine functions. diffdrive.ino implements them with the
 * Arduino API (pins, interrupts, Serial); mcu/virtual/hal_linux.c implements them on Linux against a simulated
 * base and a pty, so CI runs the same firmware logic (diffdrive_app.c) without a board.
 */
#ifndef DIFFDRIVE_HAL_H
#define DIFFDRIVE_HAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Milliseconds since start (wraps after ~49 days; the firmware compares times wrap-safely). */
uint32_t hal_millis(void);
/* Encoder count of motor 0 (left) or 1 (right) since start; positive when the wheel turns forward. */
int32_t hal_encoder_count(uint8_t motor);
/* Motor drive: -1 (full reverse) .. 1 (full forward); 0 stops (brake). */
void hal_motor_output(uint8_t motor, float duty);
/* Latest distance of the forward range sensor, metres; negative when there is no echo. */
float hal_range_m(void);
/* Battery terminal voltage, volts. */
float hal_battery_volts(void);
/* True while the base sits on its charger and charge flows into the battery: a charger's status pin (e.g. the
 * open-drain CHRG output of a charger IC), dock contacts sensing the charger's voltage, or current into the pack.
 * Sent as BatteryState.charging; the node's dock tree waits for it before it calls the base docked. */
bool hal_charging(void);
/* True while the motor draws more than its limit: the wheel is stalled, e.g. the base pushes against a wall.
 * From a current-sense input or the motor driver's fault pin; false when the board has neither. Sent as
 * FAULT_OVERCURRENT in MotorState.fault_flags; the node's trees turn away from the obstacle. */
bool hal_motor_overcurrent(uint8_t motor);
/* Reads up to cap received serial bytes without waiting; returns how many. */
size_t hal_serial_read(uint8_t *buf, size_t cap);
/* Writes one whole frame; returns false when it could not (line not ready); the firmware counts that. */
bool hal_serial_write(const uint8_t *buf, size_t n);

#ifdef __cplusplus
}
#endif

#endif /* DIFFDRIVE_HAL_H */
