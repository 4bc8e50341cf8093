/*
 * Tests of the virtual MCU's world (virtual/world.c), the part that must behave like Canopy's Java simulator
 * (hardware-io DiffDriveModel) for the patrol demo: charging only on the dock with the wheels still, and a base
 * held by a wall stalls its wheels (overcurrent, encoders stop counting forward, pose unchanged).
 */
#include <math.h>

#include "check.h"
#include "world.h"

static world_t w;

static void fresh(void) {
    world_init(&w, 1440, 20.0);
    w.charge_pct_per_s = 15.0;
    w.battery_pct = 30.0;
}

static void steps(int ms) {
    for (int i = 0; i < ms; i++) {
        world_step(&w, 0.001);
    }
}

static void charges_on_the_dock_only_while_still(void) {
    fresh();
    steps(1000);
    CHECK(w.charging, "on the dock and still: charging");
    CHECK(fabs(w.battery_pct - 45.0) < 0.1, "15 %%/s for 1 s: %f", w.battery_pct);
    w.duty[0] = w.duty[1] = 0.5;
    steps(100);
    CHECK(!w.charging, "moving: not charging (wheels %f %f)", w.velocity[0], w.velocity[1]);
    steps(1500);
    CHECK(!w.charging && hypot(w.x - w.dock_x, w.y - w.dock_y) > w.dock_radius_m, "off the dock: not charging");
    w.duty[0] = w.duty[1] = 0;
    steps(2000);
    CHECK(!w.charging, "still, but away from the dock: not charging (x %f)", w.x);
    w.charge_pct_per_s = 0;
    w.x = w.dock_x;
    steps(10);
    CHECK(!w.charging, "no dock configured: never charging");
}

static void a_base_held_by_a_wall_stalls_its_wheels(void) {
    fresh();
    w.x = 3.9;
    w.y = 0.5;
    w.theta = 0; /* facing the east wall (x = 4.0), 5 cm from where it stops */
    w.duty[0] = w.duty[1] = 0.5;
    steps(2000);
    double x = w.x;
    int32_t count = world_encoder_count(&w, 0);
    CHECK(x < 4.0 - 0.05 + 1e-9 && x > 3.9, "stopped at the wall: x %f", x);
    CHECK(w.stalled[0] && w.stalled[1] && w.blocked_steps > 0, "stalled (overcurrent), %ld blocked steps", w.blocked_steps);
    CHECK(fabs(w.effort[0]) <= 0.05 + 1e-12, "torque held at the current limit: %f", w.effort[0]);
    steps(500);
    CHECK(w.x == x && world_encoder_count(&w, 0) == count, "no creeping, encoders count only real turns: %d -> %d",
          count, world_encoder_count(&w, 0));
    w.duty[0] = -0.3; /* turning in place away from the wall goes on */
    w.duty[1] = 0.3;
    steps(300);
    CHECK(fabs(w.theta) > 0.1, "turned: theta %f", w.theta);
    w.duty[0] = w.duty[1] = -0.3; /* backing off frees it */
    steps(200);
    CHECK(!w.stalled[0] && !w.stalled[1], "free again");
}

int main(void) {
    RUN(charges_on_the_dock_only_while_still);
    RUN(a_base_held_by_a_wall_stalls_its_wheels);
    return check_summary("test_world");
}
