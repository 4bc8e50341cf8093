/*
 * The diffdrive firmware: a two-motor base with encoders, a forward range sensor and a battery, speaking the
 * Canopy wire format. Board-independent: it reaches the hardware only through diffdrive_hal.h.
 *
 * Receives MotorCommand (motor 0 = left, 1 = right; velocity in rad/s, position in rad, effort as duty, stop);
 * sends MotorState of both wheels at 50 Hz (FAULT_OVERCURRENT while a wheel is stalled), RangeReading (sensor 0)
 * at 20 Hz, Heartbeat at 10 Hz, BatteryState at 1 Hz and at once when charging starts or stops, and DeviceInfo
 * at start, when the host comes back after silence, and every 5 s.
 *
 * Safety: a motor stops when its last command is older than that command's timeout_ms, and every motor stops
 * when no good frame arrived from the host for DD_HOST_SILENCE_MS (both reported as FAULT_COMMAND_TIMEOUT).
 */
#ifndef DIFFDRIVE_APP_H
#define DIFFDRIVE_APP_H

#include <stdint.h>

#include "canopy_link.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The robot; change these for your base. */
#ifndef DD_TICKS_PER_REV
#define DD_TICKS_PER_REV 1440   /* encoder counts per wheel revolution (quadrature: 4 x lines x gear ratio) */
#endif
#ifndef DD_MAX_WHEEL_RAD_S
#define DD_MAX_WHEEL_RAD_S 20.0f /* wheel speed at full duty, rad/s */
#endif
#ifndef DD_RANGE_MIN_M
#define DD_RANGE_MIN_M 0.02f
#endif
#ifndef DD_RANGE_MAX_M
#define DD_RANGE_MAX_M 4.0f
#endif
#ifndef DD_BATTERY_EMPTY_V
#define DD_BATTERY_EMPTY_V 10.5f /* 3S Li-ion: 0 % */
#endif
#ifndef DD_BATTERY_FULL_V
#define DD_BATTERY_FULL_V 12.6f  /* 100 % */
#endif
#ifndef DD_HOST_SILENCE_MS
#define DD_HOST_SILENCE_MS 500u  /* stop every motor after this long without a good frame from the host */
#endif
#define DD_CONTROL_PERIOD_MS 10u /* 100 Hz wheel control */
#define DD_MODEL "canopy-mcu-diffdrive"
#define DD_FIRMWARE "0.1.0"

/* What the firmware did, for a debug print or a test. */
typedef struct {
    uint32_t commands;        /* MotorCommands applied */
    uint32_t timeouts;        /* motors stopped by a command's timeout_ms */
    uint32_t host_silences;   /* times every motor was stopped because the host went silent */
    uint32_t frames_sent;
    uint32_t frames_dropped;  /* the line was not ready, or a frame did not fit */
} dd_stats_t;

void dd_setup(void);
/* Call as often as possible (every millisecond or faster). */
void dd_loop(void);
const dd_stats_t *dd_stats(void);
const canopy_link_t *dd_link(void);

#ifdef __cplusplus
}
#endif

#endif /* DIFFDRIVE_APP_H */
