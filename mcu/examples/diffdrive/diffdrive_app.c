/* The diffdrive firmware logic; see diffdrive_app.h. Reaches the board only through diffdrive_hal.h. */
#include "diffdrive_app.h"

#include "diffdrive_hal.h"

#define DD_TWO_PI 6.28318530718f
#define DD_RAD_PER_TICK (DD_TWO_PI / (float)DD_TICKS_PER_REV)
#define DD_KP 0.02f          /* duty per rad/s of velocity error */
#define DD_KI 0.10f          /* duty per rad of accumulated velocity error */
#define DD_POSITION_GAIN 4.0f /* rad/s per rad of position error */
#define DD_CHARGING_MIN_GAP_MS 100u /* a change of hal_charging() is sent at once, but at most this often */

enum { MODE_STOP, MODE_VELOCITY, MODE_POSITION, MODE_EFFORT };

typedef struct {
    uint8_t mode;
    bool timed_out;       /* stopped by a timeout: FAULT_COMMAND_TIMEOUT until the next command */
    float target;         /* rad/s, rad or duty, by mode */
    uint32_t commanded_ms;
    uint32_t timeout_ms;  /* 0: never */
    int32_t last_count;
    float velocity;       /* filtered, rad/s */
    float integral;
    float duty;
} wheel_t;

static canopy_link_t link;
static wheel_t wheels[2];
static dd_stats_t stats;
static uint8_t tx[CANOPY_LINK_TX_BUFFER];
static uint32_t last_control_ms, last_state_ms, last_range_ms, last_heartbeat_ms, last_battery_ms, last_info_ms;
static uint32_t last_host_frame_ms;
static uint32_t last_control_run_ms;
static bool host_present;
static bool info_due;
static bool charging;            /* as last sent in BatteryState */
static uint32_t battery_sent_ms;  /* when BatteryState was last sent */

static float clampf(float v, float lo, float hi) {
    return v < lo ? lo : v > hi ? hi : v;
}

/* True once per period; after a long stall it fires once and starts over (skip, never burst). */
static bool due(uint32_t now, uint32_t *last, uint32_t period) {
    if ((uint32_t)(now - *last) < period) {
        return false;
    }
    *last += period;
    if ((uint32_t)(now - *last) >= period) {
        *last = now;
    }
    return true;
}

static void apply_command(const canopy_v1_MotorCommand *c, uint32_t now) {
    if (c->motor_id > 1) {
        return; /* not ours */
    }
    wheel_t *w = &wheels[c->motor_id];
    switch (c->which_target) {
    case canopy_v1_MotorCommand_velocity_tag:
        w->mode = MODE_VELOCITY;
        w->target = clampf((float)c->target.velocity, -DD_MAX_WHEEL_RAD_S, DD_MAX_WHEEL_RAD_S);
        break;
    case canopy_v1_MotorCommand_position_tag:
        w->mode = MODE_POSITION;
        w->target = (float)c->target.position;
        break;
    case canopy_v1_MotorCommand_effort_tag:
        w->mode = MODE_EFFORT;
        w->target = clampf((float)c->target.effort, -1.0f, 1.0f);
        break;
    default: /* stop, or no target */
        w->mode = MODE_STOP;
        w->target = 0;
        break;
    }
    /* a stop (or zero velocity) needs no watchdog: the motor is already stopping */
    bool resting = w->mode == MODE_STOP || (w->mode == MODE_VELOCITY && w->target == 0.0f);
    w->timeout_ms = resting ? 0 : c->timeout_ms;
    w->commanded_ms = now;
    w->timed_out = false;
    stats.commands++;
}

static void on_envelope(void *user, const canopy_v1_Envelope *env) {
    (void)user;
    uint32_t now = hal_millis();
    last_host_frame_ms = now;
    if (!host_present) {
        host_present = true;
        info_due = true; /* the host (re)connected: tell it who we are */
    }
    if (env->which_body == canopy_v1_Envelope_motor_command_tag) {
        apply_command(&env->body.motor_command, now);
    }
}

static void send(const canopy_v1_Envelope *env) {
    size_t n = canopy_link_encode(&link, env, tx, sizeof tx);
    if (n > 0 && hal_serial_write(tx, n)) {
        stats.frames_sent++;
    } else {
        stats.frames_dropped++;
    }
}

static void stop_wheel(wheel_t *w) {
    w->mode = MODE_STOP;
    w->target = 0;
    w->timeout_ms = 0;
    w->timed_out = true;
}

static void control(uint32_t now, float dt) {
    if (host_present && (uint32_t)(now - last_host_frame_ms) > DD_HOST_SILENCE_MS) {
        host_present = false;
        stats.host_silences++;
        for (int m = 0; m < 2; m++) {
            if (wheels[m].mode != MODE_STOP) {
                stop_wheel(&wheels[m]);
            }
        }
    }
    for (uint8_t m = 0; m < 2; m++) {
        wheel_t *w = &wheels[m];
        int32_t count = hal_encoder_count(m);
        float measured = (float)(count - w->last_count) * DD_RAD_PER_TICK / dt;
        w->last_count = count;
        w->velocity += 0.5f * (measured - w->velocity);
        if (w->timeout_ms > 0 && (uint32_t)(now - w->commanded_ms) > w->timeout_ms) {
            stop_wheel(w);
            stats.timeouts++;
        }
        float want;
        switch (w->mode) {
        case MODE_VELOCITY: want = w->target; break;
        case MODE_POSITION:
            want = clampf(DD_POSITION_GAIN * (w->target - (float)count * DD_RAD_PER_TICK), -DD_MAX_WHEEL_RAD_S,
                          DD_MAX_WHEEL_RAD_S);
            break;
        case MODE_EFFORT: w->duty = w->target; hal_motor_output(m, w->duty); continue;
        default: w->duty = 0; w->integral = 0; hal_motor_output(m, 0); continue;
        }
        float err = want - w->velocity;
        w->integral = clampf(w->integral + err * dt, -5.0f, 5.0f);
        w->duty = clampf(want / DD_MAX_WHEEL_RAD_S + DD_KP * err + DD_KI * w->integral, -1.0f, 1.0f);
        hal_motor_output(m, w->duty);
    }
}

static uint32_t fault_flags(uint8_t m) {
    return (wheels[m].timed_out ? (uint32_t)canopy_v1_FaultFlag_FAULT_COMMAND_TIMEOUT : 0u)
         | (hal_motor_overcurrent(m) ? (uint32_t)canopy_v1_FaultFlag_FAULT_OVERCURRENT : 0u);
}

static void send_motor_states(void) {
    for (uint8_t m = 0; m < 2; m++) {
        canopy_v1_Envelope env = canopy_v1_Envelope_init_zero;
        env.which_body = canopy_v1_Envelope_motor_state_tag;
        canopy_v1_MotorState *s = &env.body.motor_state;
        s->motor_id = m;
        s->position = (double)wheels[m].last_count * (double)DD_RAD_PER_TICK;
        s->velocity = wheels[m].velocity;
        s->effort = wheels[m].duty; /* a duty-cycle controller reports duty (messages.proto) */
        s->fault_flags = fault_flags(m);
        send(&env);
    }
}

static void send_range(void) {
    canopy_v1_Envelope env = canopy_v1_Envelope_init_zero;
    env.which_body = canopy_v1_Envelope_range_reading_tag;
    float r = hal_range_m();
    env.body.range_reading.sensor_id = 0;
    env.body.range_reading.range_m = r < 0 ? DD_RANGE_MAX_M + 1.0f : r; /* outside [min, max]: nothing seen */
    env.body.range_reading.min_m = DD_RANGE_MIN_M;
    env.body.range_reading.max_m = DD_RANGE_MAX_M;
    send(&env);
}

static void send_battery(void) {
    canopy_v1_Envelope env = canopy_v1_Envelope_init_zero;
    env.which_body = canopy_v1_Envelope_battery_state_tag;
    float v = hal_battery_volts();
    env.body.battery_state.voltage = v;
    env.body.battery_state.percent =
        clampf((v - DD_BATTERY_EMPTY_V) / (DD_BATTERY_FULL_V - DD_BATTERY_EMPTY_V) * 100.0f, 0.0f, 100.0f);
    charging = hal_charging();
    env.body.battery_state.charging = charging;
    send(&env);
}

static void send_heartbeat(uint32_t now) {
    canopy_v1_Envelope env = canopy_v1_Envelope_init_zero;
    env.which_body = canopy_v1_Envelope_heartbeat_tag;
    env.body.heartbeat.uptime_ms = now;
    /* the device's own failsafe shows here too: FAULT_COMMAND_TIMEOUT while it holds a motor stopped by itself */
    env.body.heartbeat.fault_flags = fault_flags(0) | fault_flags(1);
    send(&env);
}

static void send_device_info(void) {
    canopy_v1_Envelope env = canopy_v1_Envelope_init_zero;
    env.which_body = canopy_v1_Envelope_device_info_tag;
    const char model[] = DD_MODEL;
    const char firmware[] = DD_FIRMWARE;
    for (size_t i = 0; i < sizeof model; i++) {
        env.body.device_info.model[i] = model[i];
    }
    for (size_t i = 0; i < sizeof firmware; i++) {
        env.body.device_info.firmware[i] = firmware[i];
    }
    env.body.device_info.protocol_version = CANOPY_PROTOCOL_VERSION;
    send(&env);
}

void dd_setup(void) {
    canopy_link_init(&link, on_envelope, 0);
    canopy_link_set_source(&link, "base");
    uint32_t now = hal_millis();
    static const dd_stats_t no_stats;
    static const wheel_t still;
    stats = no_stats;
    for (uint8_t m = 0; m < 2; m++) {
        wheels[m] = still;
        wheels[m].mode = MODE_STOP;
        wheels[m].last_count = hal_encoder_count(m);
        hal_motor_output(m, 0);
    }
    last_control_ms = last_control_run_ms = last_state_ms = last_range_ms = last_heartbeat_ms = last_battery_ms = last_info_ms = now;
    host_present = false;
    info_due = true;
    charging = hal_charging();
    battery_sent_ms = now;
}

void dd_loop(void) {
    uint8_t rx[64];
    size_t n;
    while ((n = hal_serial_read(rx, sizeof rx)) > 0) {
        canopy_link_feed(&link, rx, n);
    }
    uint32_t now = hal_millis();
    if (due(now, &last_control_ms, DD_CONTROL_PERIOD_MS)) {
        uint32_t elapsed = now - last_control_run_ms; /* measured, so a late step still gets the velocity right */
        last_control_run_ms = now;
        control(now, (float)(elapsed > 0 ? elapsed : 1u) / 1000.0f);
    }
    if (info_due || due(now, &last_info_ms, 5000)) {
        info_due = false;
        send_device_info();
    }
    if (due(now, &last_state_ms, 20)) {
        send_motor_states();
    }
    if (due(now, &last_range_ms, 50)) {
        send_range();
    }
    if (due(now, &last_heartbeat_ms, 100)) {
        send_heartbeat(now);
    }
    /* also at once when charging starts or stops (the node waits for it on the dock), at most every 100 ms so a
       bouncing charger contact cannot flood the line */
    bool changed = hal_charging() != charging && (uint32_t)(now - battery_sent_ms) >= DD_CHARGING_MIN_GAP_MS;
    if (due(now, &last_battery_ms, 1000) || changed) {
        send_battery();
        battery_sent_ms = now;
    }
}

const dd_stats_t *dd_stats(void) {
    return &stats;
}

const canopy_link_t *dd_link(void) {
    return &link;
}
