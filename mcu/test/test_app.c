/*
 * Tests of the diffdrive firmware logic (examples/diffdrive/diffdrive_app.c) on a fake HAL with a manual clock:
 * what it sends and how often, how it drives the motors, and the safety stops (command timeout, host silence).
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "diffdrive_app.h"
#include "diffdrive_hal.h"

/* ---- the fake board ---- */
static uint32_t now_ms;
static float duty[2];
static double wheel_rad[2];
static uint8_t host_to_mcu[4096];
static size_t h2m_len, h2m_pos;
static bool line_ready = true;

uint32_t hal_millis(void) { return now_ms; }
int32_t hal_encoder_count(uint8_t m) { return (int32_t)floor(wheel_rad[m] / 6.28318530718 * DD_TICKS_PER_REV); }
void hal_motor_output(uint8_t m, float d) { duty[m] = d; }
float hal_range_m(void) { return 1.25f; }
float hal_battery_volts(void) { return 11.55f; }
static bool on_charger;
static bool overcurrent[2];
bool hal_charging(void) { return on_charger; }
bool hal_motor_overcurrent(uint8_t m) { return overcurrent[m & 1]; }

size_t hal_serial_read(uint8_t *buf, size_t cap) {
    size_t n = h2m_len - h2m_pos < cap ? h2m_len - h2m_pos : cap;
    memcpy(buf, host_to_mcu + h2m_pos, n);
    h2m_pos += n;
    return n;
}

/* the host side: decodes everything the firmware sends */
static canopy_link_t host;
static int by_kind[32];
static canopy_v1_Envelope last_state[2];
static float last_battery_pct;
static bool last_charging;
static uint32_t last_heartbeat_faults = 0xFFFFFFFFu;
static uint32_t last_battery_ms;

static void on_host_envelope(void *user, const canopy_v1_Envelope *env) {
    (void)user;
    by_kind[env->which_body]++;
    if (env->which_body == canopy_v1_Envelope_motor_state_tag) {
        last_state[env->body.motor_state.motor_id & 1] = *env;
    }
    if (env->which_body == canopy_v1_Envelope_heartbeat_tag) {
        last_heartbeat_faults = env->body.heartbeat.fault_flags;
    }
    if (env->which_body == canopy_v1_Envelope_battery_state_tag) {
        last_battery_pct = env->body.battery_state.percent;
        last_charging = env->body.battery_state.charging;
        last_battery_ms = now_ms;
    }
}

bool hal_serial_write(const uint8_t *buf, size_t n) {
    if (!line_ready) {
        return false;
    }
    canopy_link_feed(&host, buf, n);
    return true;
}

/* ---- helpers ---- */
static canopy_link_t host_tx;

static void host_sends(const canopy_v1_Envelope *e) {
    size_t n = canopy_link_encode(&host_tx, e, host_to_mcu + h2m_len, sizeof host_to_mcu - h2m_len);
    h2m_len += n;
}

static void command_velocity(uint32_t motor, double rad_s, uint32_t timeout_ms) {
    canopy_v1_Envelope e = canopy_v1_Envelope_init_zero;
    e.which_body = canopy_v1_Envelope_motor_command_tag;
    e.body.motor_command.motor_id = motor;
    e.body.motor_command.which_target = canopy_v1_MotorCommand_velocity_tag;
    e.body.motor_command.target.velocity = rad_s;
    e.body.motor_command.timeout_ms = timeout_ms;
    host_sends(&e);
}

/* runs the firmware for ms milliseconds, 1 ms at a time; the wheels follow the duty (20 rad/s at full) */
static void run(uint32_t ms) {
    for (uint32_t i = 0; i < ms; i++) {
        now_ms++;
        for (int m = 0; m < 2; m++) {
            wheel_rad[m] += duty[m] * DD_MAX_WHEEL_RAD_S * 0.001;
        }
        dd_loop();
    }
}

static void boot(void) {
    now_ms = 1000;
    memset(duty, 0, sizeof duty);
    memset(wheel_rad, 0, sizeof wheel_rad);
    memset(by_kind, 0, sizeof by_kind);
    h2m_len = h2m_pos = 0;
    line_ready = true;
    on_charger = false;
    overcurrent[0] = overcurrent[1] = false;
    last_charging = false;
    canopy_link_init(&host, on_host_envelope, NULL);
    canopy_link_init(&host_tx, NULL, NULL);
    canopy_link_set_source(&host_tx, "robot1/controller");
    dd_setup();
}

/* ---- tests ---- */

static void sends_each_message_at_its_rate(void) {
    boot();
    run(1000);
    CHECK(by_kind[canopy_v1_Envelope_device_info_tag] == 1, "device info %d", by_kind[canopy_v1_Envelope_device_info_tag]);
    CHECK(by_kind[canopy_v1_Envelope_motor_state_tag] == 100, "motor states %d (50 Hz x 2)", by_kind[canopy_v1_Envelope_motor_state_tag]);
    CHECK(by_kind[canopy_v1_Envelope_range_reading_tag] == 20, "range %d", by_kind[canopy_v1_Envelope_range_reading_tag]);
    CHECK(by_kind[canopy_v1_Envelope_heartbeat_tag] == 10, "heartbeats %d", by_kind[canopy_v1_Envelope_heartbeat_tag]);
    CHECK(by_kind[canopy_v1_Envelope_battery_state_tag] == 1, "battery %d", by_kind[canopy_v1_Envelope_battery_state_tag]);
    CHECK(fabsf(last_battery_pct - 50.0f) < 0.01f, "11.55 V is 50 %%: %f", last_battery_pct);
    CHECK(canopy_link_stats(&host)->lost_frames == 0 && canopy_frame_rx_bad_frames(&host.rx) == 0, "clean line");
    run(4000);
    CHECK(by_kind[canopy_v1_Envelope_device_info_tag] == 2, "device info again after 5 s");
}

static void a_velocity_command_is_tracked_and_reported(void) {
    boot();
    command_velocity(0, 8.0, 300);
    command_velocity(1, -4.0, 300);
    for (int i = 0; i < 10; i++) { /* the node refreshes its commands */
        run(100);
        command_velocity(0, 8.0, 300);
        command_velocity(1, -4.0, 300);
    }
    run(20);
    double v0 = last_state[0].body.motor_state.velocity, v1 = last_state[1].body.motor_state.velocity;
    CHECK(fabs(v0 - 8.0) < 0.8 && fabs(v1 + 4.0) < 0.8, "wheel speeds %f %f", v0, v1);
    CHECK(last_state[0].body.motor_state.position > 6.0, "encoder position %f", last_state[0].body.motor_state.position);
    CHECK(last_state[0].body.motor_state.fault_flags == 0, "no fault");
    CHECK(dd_stats()->commands == 22, "commands %u", (unsigned)dd_stats()->commands);
}

static void a_command_older_than_its_timeout_stops_the_motor(void) {
    boot();
    command_velocity(0, 8.0, 300);
    run(250);
    CHECK(duty[0] > 0.2f, "driving: %f", duty[0]);
    /* the host keeps talking (heartbeat-like empty envelopes), but sends no newer command */
    for (int i = 0; i < 4; i++) {
        canopy_v1_Envelope e = canopy_v1_Envelope_init_zero;
        host_sends(&e);
        run(25);
    }
    run(20);
    CHECK(duty[0] == 0.0f, "stopped: %f", duty[0]);
    CHECK(dd_stats()->timeouts == 1, "timeouts %u", (unsigned)dd_stats()->timeouts);
    CHECK(last_state[0].body.motor_state.fault_flags == canopy_v1_FaultFlag_FAULT_COMMAND_TIMEOUT, "fault reported");
    run(100);
    CHECK(last_heartbeat_faults == canopy_v1_FaultFlag_FAULT_COMMAND_TIMEOUT, "the heartbeat says so: %u",
          (unsigned)last_heartbeat_faults);
    command_velocity(0, 2.0, 300);
    run(100);
    CHECK(duty[0] > 0 && last_state[0].body.motor_state.fault_flags == 0, "a new command clears the fault");
    CHECK(last_heartbeat_faults == 0, "and the heartbeat's: %u", (unsigned)last_heartbeat_faults);
}

static void a_silent_host_stops_every_motor_even_without_command_timeouts(void) {
    boot();
    command_velocity(0, 5.0, 0); /* 0 = never times out */
    command_velocity(1, 5.0, 0);
    run(DD_HOST_SILENCE_MS - 50);
    CHECK(duty[0] > 0 && duty[1] > 0, "driving while the host is there");
    run(100);
    CHECK(duty[0] == 0.0f && duty[1] == 0.0f, "stopped after %u ms of silence", DD_HOST_SILENCE_MS);
    CHECK(dd_stats()->host_silences == 1, "host silences %u", (unsigned)dd_stats()->host_silences);
    int infos = by_kind[canopy_v1_Envelope_device_info_tag];
    command_velocity(0, 1.0, 300);
    run(20);
    CHECK(by_kind[canopy_v1_Envelope_device_info_tag] == infos + 1, "DeviceInfo when the host is back");
    CHECK(duty[0] > 0, "driving again");
}

static void a_stop_command_stops_within_one_control_period(void) {
    boot();
    command_velocity(1, 10.0, 300);
    run(200);
    CHECK(duty[1] > 0.3f, "driving");
    canopy_v1_Envelope e = canopy_v1_Envelope_init_zero;
    e.which_body = canopy_v1_Envelope_motor_command_tag;
    e.body.motor_command.motor_id = 1;
    e.body.motor_command.which_target = canopy_v1_MotorCommand_stop_tag;
    e.body.motor_command.target.stop = true;
    host_sends(&e);
    run(DD_CONTROL_PERIOD_MS);
    CHECK(duty[1] == 0.0f, "stopped: %f", duty[1]);
    run(1000);
    CHECK(dd_stats()->timeouts == 0, "a stop needs no timeout");
}

static void garbage_from_the_host_is_counted_and_commands_still_work(void) {
    boot();
    uint32_t seed = 7;
    for (int i = 0; i < 3000; i++) {
        seed = seed * 1103515245u + 12345u;
        host_to_mcu[h2m_len++] = (uint8_t)(seed >> 16);
    }
    host_to_mcu[h2m_len++] = 0;
    run(10);
    command_velocity(0, 3.0, 300);
    run(50);
    CHECK(duty[0] > 0, "the command after the garbage drives the motor");
    CHECK(canopy_frame_rx_bad_frames(&dd_link()->rx) > 0, "garbage counted");
}

static void frames_the_line_refuses_are_counted_as_dropped(void) {
    boot();
    run(100);
    uint32_t sent = dd_stats()->frames_sent;
    line_ready = false;
    run(100);
    CHECK(dd_stats()->frames_dropped > 0 && dd_stats()->frames_sent == sent, "dropped %u", (unsigned)dd_stats()->frames_dropped);
    line_ready = true;
    run(100);
    CHECK(canopy_link_stats(&host)->lost_frames == dd_stats()->frames_dropped, "the host counts them as lost: %u vs %u",
          (unsigned)canopy_link_stats(&host)->lost_frames, (unsigned)dd_stats()->frames_dropped);
}

static void charging_is_reported_at_once_when_it_starts_and_stops(void) {
    boot();
    run(1500);
    CHECK(by_kind[canopy_v1_Envelope_battery_state_tag] == 1 && !last_charging, "one BatteryState, not charging");
    on_charger = true; /* the base reaches its dock at t = 2500 ms */
    run(1);
    CHECK(by_kind[canopy_v1_Envelope_battery_state_tag] == 2 && last_charging && last_battery_ms == 2501,
          "BatteryState with charging at once: %d sent, charging %d at %u ms", by_kind[canopy_v1_Envelope_battery_state_tag],
          last_charging, (unsigned)last_battery_ms);
    run(998);
    CHECK(by_kind[canopy_v1_Envelope_battery_state_tag] == 3 && last_charging, "and every second: %d",
          by_kind[canopy_v1_Envelope_battery_state_tag]);
    /* a bouncing contact: at most one BatteryState per 100 ms */
    int before = by_kind[canopy_v1_Envelope_battery_state_tag];
    for (int i = 0; i < 50; i++) {
        on_charger = !on_charger;
        run(2);
    }
    int sent = by_kind[canopy_v1_Envelope_battery_state_tag] - before;
    CHECK(sent >= 1 && sent <= 2, "%d BatteryStates for 50 changes in 100 ms", sent);
    on_charger = false;
    run(200);
    CHECK(!last_charging, "off the charger is reported");
}

static void a_stalled_wheel_reports_overcurrent(void) {
    boot();
    command_velocity(1, 8.0, 300);
    run(100);
    CHECK(last_state[1].body.motor_state.fault_flags == 0, "no fault while the wheel turns");
    overcurrent[1] = true;
    run(20);
    CHECK(last_state[1].body.motor_state.fault_flags == canopy_v1_FaultFlag_FAULT_OVERCURRENT
              && last_state[0].body.motor_state.fault_flags == 0,
          "overcurrent on the stalled wheel only: %u %u", (unsigned)last_state[1].body.motor_state.fault_flags,
          (unsigned)last_state[0].body.motor_state.fault_flags);
    run(300); /* and the command times out too: both bits */
    CHECK(last_state[1].body.motor_state.fault_flags
              == (canopy_v1_FaultFlag_FAULT_OVERCURRENT | canopy_v1_FaultFlag_FAULT_COMMAND_TIMEOUT),
          "both faults: %u", (unsigned)last_state[1].body.motor_state.fault_flags);
    overcurrent[1] = false;
    command_velocity(1, 1.0, 300);
    run(20);
    CHECK(last_state[1].body.motor_state.fault_flags == 0, "cleared: %u", (unsigned)last_state[1].body.motor_state.fault_flags);
}

int main(void) {
    RUN(sends_each_message_at_its_rate);
    RUN(a_velocity_command_is_tracked_and_reported);
    RUN(a_command_older_than_its_timeout_stops_the_motor);
    RUN(a_silent_host_stops_every_motor_even_without_command_timeouts);
    RUN(a_stop_command_stops_within_one_control_period);
    RUN(garbage_from_the_host_is_counted_and_commands_still_work);
    RUN(frames_the_line_refuses_are_counted_as_dropped);
    RUN(charging_is_reported_at_once_when_it_starts_and_stops);
    RUN(a_stalled_wheel_reports_overcurrent);
    return check_summary("test_app");
}
