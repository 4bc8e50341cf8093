/*
 * The world around the virtual microcontroller: two DC motors driven by duty cycle with quadrature encoders, the
 * differential-drive base they move, a forward range sensor in the 4 m x 3 m room with one box (the same room,
 * obstacle, battery and dock as Canopy's Java simulator, hardware-io DiffDriveModel), and a battery that
 * drains with motor effort and charges on the dock. As there, a base held by a wall or the box cannot move
 * forward: its wheels stall (the encoders count only what the wheels really turn, so odometry stays with the
 * base), the motors report overcurrent and their torque is held at the current limit. Deterministic: stepped explicitly, no clock of its own.
 */
#ifndef CANOPY_VIRTUAL_WORLD_H
#define CANOPY_VIRTUAL_WORLD_H

#include <stdint.h>

typedef struct {
    /* settings */
    double drain_scale;     /* multiplies every battery drain (the demo drains fast) */
    double dock_x, dock_y, dock_radius_m;
    double charge_pct_per_s; /* 0: no dock */
    int ticks_per_rev;
    double max_wheel_rad_s;  /* at full duty */
    /* state */
    double duty[2];
    double velocity[2];      /* rad/s */
    double position[2];      /* rad */
    double effort[2];        /* N m */
    double x, y, theta;
    double battery_pct;
    int charging;            /* on the dock with both wheels (nearly) still, and a dock configured */
    int stalled[2];          /* the wheel pushed against an obstacle in the last step: overcurrent */
    long blocked_steps;      /* steps in which the base pushed against a wall or the box */
} world_t;

void world_init(world_t *w, int ticks_per_rev, double max_wheel_rad_s);
void world_step(world_t *w, double dt_s);
int32_t world_encoder_count(const world_t *w, int motor);
/* distance along the heading to the first wall or the box, clamped to [0.02, 4.0] m */
double world_range_m(const world_t *w);
double world_battery_volts(const world_t *w);

#endif
