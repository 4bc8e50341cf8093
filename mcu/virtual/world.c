/* The virtual microcontroller's world; see world.h. Constants as in hardware-io's DiffDriveModel. */
#include "world.h"

#include <math.h>

#define WHEEL_RADIUS_M 0.05
#define TRACK_M 0.30
#define TAU_S 0.15
#define ROOM_X_M 4.0
#define ROOM_Y_M 3.0
#define BOX_MIN_X 2.5
#define BOX_MAX_X 3.0
#define BOX_MIN_Y 1.2
#define BOX_MAX_Y 1.8
#define RANGE_MIN_M 0.02
#define RANGE_MAX_M 4.0
#define FULL_V 12.6
#define EMPTY_V 10.5
#define EFFORT_PER_RAD_S2 0.002
#define FRICTION_NM_PER_RAD_S 0.004
#define IDLE_DRAIN_PCT_S 0.001
#define EFFORT_DRAIN_PCT_PER_NM_S 0.5
#define STALL_LIMIT_NM 0.05 /* the torque a stalled wheel's current limit allows */
#define PI_D 3.14159265358979323846

void world_init(world_t *w, int ticks_per_rev, double max_wheel_rad_s) {
    *w = (world_t){0};
    w->drain_scale = 1.0;
    w->dock_x = 0.5;
    w->dock_y = 1.5;
    w->dock_radius_m = 0.25;
    w->ticks_per_rev = ticks_per_rev;
    w->max_wheel_rad_s = max_wheel_rad_s;
    w->x = 0.5;
    w->y = 1.5;
    w->battery_pct = 100.0;
}

static int blocked(double px, double py) {
    double r = 0.05;
    int outside = px < r || py < r || px > ROOM_X_M - r || py > ROOM_Y_M - r;
    int in_box = px > BOX_MIN_X - r && px < BOX_MAX_X + r && py > BOX_MIN_Y - r && py < BOX_MAX_Y + r;
    return outside || in_box;
}

static double normalise(double a) {
    while (a > PI_D) {
        a -= 2 * PI_D;
    }
    while (a <= -PI_D) {
        a += 2 * PI_D;
    }
    return a;
}

static double clamp_abs(double v, double limit) {
    return v < -limit ? -limit : v > limit ? limit : v;
}

void world_step(world_t *w, double dt) {
    double alpha = 1 - exp(-dt / TAU_S);
    double mean[2];
    for (int m = 0; m < 2; m++) {
        double d = w->duty[m] > 1 ? 1 : w->duty[m] < -1 ? -1 : w->duty[m];
        double want = d * w->max_wheel_rad_s;
        double before = w->velocity[m];
        w->velocity[m] = before + (want - before) * alpha;
        w->effort[m] = EFFORT_PER_RAD_S2 * (w->velocity[m] - before) / dt + FRICTION_NM_PER_RAD_S * w->velocity[m];
        mean[m] = (before + w->velocity[m]) / 2;
        w->position[m] += mean[m] * dt;
        if (w->stalled[m]) { /* still pushing since the last step: the current limit holds the torque */
            w->effort[m] = clamp_abs(w->effort[m], STALL_LIMIT_NM);
        }
        w->battery_pct -= w->drain_scale * EFFORT_DRAIN_PCT_PER_NM_S * fabs(w->effort[m]) * dt;
    }
    w->battery_pct -= w->drain_scale * IDLE_DRAIN_PCT_S * dt;
    if (w->battery_pct < 0) {
        w->battery_pct = 0;
    }
    w->charging = w->charge_pct_per_s > 0 && hypot(w->x - w->dock_x, w->y - w->dock_y) <= w->dock_radius_m
        && fabs(w->velocity[0]) < 0.1 && fabs(w->velocity[1]) < 0.1;
    if (w->charging) {
        w->battery_pct += w->charge_pct_per_s * dt;
        if (w->battery_pct > 100) {
            w->battery_pct = 100;
        }
    }
    double vl = mean[0] * WHEEL_RADIUS_M;
    double vr = mean[1] * WHEEL_RADIUS_M;
    double v = (vl + vr) / 2;
    double om = (vr - vl) / TRACK_M;
    double nx = w->x + v * cos(w->theta + om * dt / 2) * dt;
    double ny = w->y + v * sin(w->theta + om * dt / 2) * dt;
    int is_blocked = blocked(nx, ny);
    if (!is_blocked) {
        w->x = nx;
        w->y = ny;
    } else {
        /* held by a wall or the box: the forward part of the wheels' motion stalls (no slip), only turning in
           place goes on; the encoders count what the wheels really did */
        double turn_rad_s = om * TRACK_M / 2 / WHEEL_RADIUS_M;
        for (int m = 0; m < 2; m++) {
            double actual = m == 0 ? -turn_rad_s : turn_rad_s;
            w->position[m] += (actual - mean[m]) * dt;
            mean[m] = actual;
            w->velocity[m] = actual;
            w->stalled[m] = 1;
            w->effort[m] = clamp_abs(w->effort[m], STALL_LIMIT_NM);
        }
        w->blocked_steps++;
    }
    if (!is_blocked || fabs(v) < 1e-9) {
        w->stalled[0] = 0;
        w->stalled[1] = 0;
    }
    w->theta = normalise(w->theta + om * dt);
}

int32_t world_encoder_count(const world_t *w, int motor) {
    return (int32_t)floor(w->position[motor] / (2 * PI_D) * w->ticks_per_rev);
}

static double hit_vertical(const world_t *w, double wall_x, double c, double s, double y_min, double y_max) {
    if (fabs(c) < 1e-12) {
        return INFINITY;
    }
    double t = (wall_x - w->x) / c;
    double hy = w->y + t * s;
    return t > 1e-9 && hy >= y_min && hy <= y_max ? t : INFINITY;
}

static double hit_horizontal(const world_t *w, double wall_y, double c, double s, double x_min, double x_max) {
    if (fabs(s) < 1e-12) {
        return INFINITY;
    }
    double t = (wall_y - w->y) / s;
    double hx = w->x + t * c;
    return t > 1e-9 && hx >= x_min && hx <= x_max ? t : INFINITY;
}

double world_range_m(const world_t *w) {
    double c = cos(w->theta);
    double s = sin(w->theta);
    double best = INFINITY;
    best = fmin(best, hit_vertical(w, 0, c, s, 0, ROOM_Y_M));
    best = fmin(best, hit_vertical(w, ROOM_X_M, c, s, 0, ROOM_Y_M));
    best = fmin(best, hit_horizontal(w, 0, c, s, 0, ROOM_X_M));
    best = fmin(best, hit_horizontal(w, ROOM_Y_M, c, s, 0, ROOM_X_M));
    best = fmin(best, hit_vertical(w, BOX_MIN_X, c, s, BOX_MIN_Y, BOX_MAX_Y));
    best = fmin(best, hit_vertical(w, BOX_MAX_X, c, s, BOX_MIN_Y, BOX_MAX_Y));
    best = fmin(best, hit_horizontal(w, BOX_MIN_Y, c, s, BOX_MIN_X, BOX_MAX_X));
    best = fmin(best, hit_horizontal(w, BOX_MAX_Y, c, s, BOX_MIN_X, BOX_MAX_X));
    return fmax(RANGE_MIN_M, fmin(RANGE_MAX_M, best));
}

double world_battery_volts(const world_t *w) {
    return EMPTY_V + (FULL_V - EMPTY_V) * w->battery_pct / 100.0;
}
