/*
 * The diffdrive firmware on a microcontroller with a simulated base: examples/diffdrive/diffdrive_app.c
 * (unchanged) talks to the host over the board's UART (boards/board.h), and since there are no motors its HAL
 * drives the virtual base of virtual/world.c (the same model as the virtual MCU and Canopy's Java simulator),
 * stepped once per millisecond of the board's tick. Board-independent: a port only supplies board.h.
 *
 * Once per SIM_STATUS_MS it writes the virtual MCU's status line (same fields, same format, so the same scripts
 * read both) to the board's console, followed by the UART driver's counters.
 *
 * The start of the simulation is fixed at build time (there is no command line on a chip): SIM_BATTERY_PCT,
 * SIM_DRAIN, SIM_CHARGE_RATE, the dock of world.c's defaults (0.5, 1.5). The defaults are those of the patrol demo.
 */
#include "board.h"
#include "diffdrive_app.h"
#include "diffdrive_hal.h"
#include "world.h"

#ifndef SIM_BATTERY_PCT
#define SIM_BATTERY_PCT 30
#endif
#ifndef SIM_DRAIN
#define SIM_DRAIN 60
#endif
#ifndef SIM_CHARGE_RATE
#define SIM_CHARGE_RATE 15
#endif
#ifndef SIM_STATUS_MS
#define SIM_STATUS_MS 250u
#endif

static world_t world;

/* ---- the diffdrive HAL ---- */

uint32_t hal_millis(void) { return board_millis(); }
int32_t hal_encoder_count(uint8_t motor) { return world_encoder_count(&world, motor & 1); }
void hal_motor_output(uint8_t motor, float duty) { world.duty[motor & 1] = duty; }
float hal_range_m(void) { return (float)world_range_m(&world); }
float hal_battery_volts(void) { return (float)world_battery_volts(&world); }
bool hal_charging(void) { return world.charging != 0; }
bool hal_motor_overcurrent(uint8_t motor) { return world.stalled[motor & 1] != 0; }
size_t hal_serial_read(uint8_t *buf, size_t cap) { return board_host_read(buf, cap); }
bool hal_serial_write(const uint8_t *buf, size_t n) { return board_host_write(buf, n); }

/* ---- the status line, without printf (no heap, a few hundred bytes of code) ---- */

#ifndef SIM_NO_STATUS
static char line[400];
static size_t len;

static void put(const char *s) {
    while (*s && len < sizeof line) {
        line[len++] = *s++;
    }
}

static void put_u32(uint32_t v) {
    char d[10];
    int n = 0;
    do {
        d[n++] = (char)('0' + v % 10u);
        v /= 10u;
    } while (v);
    while (n && len < sizeof line) {
        line[len++] = d[--n];
    }
}

static void put_fixed(double v, uint32_t decimals) {
    uint32_t scale = 1;
    for (uint32_t i = 0; i < decimals; i++) {
        scale *= 10u;
    }
    if (v < 0) {
        put("-");
        v = -v;
    }
    uint32_t scaled = (uint32_t)(v * scale + 0.5);
    put_u32(scaled / scale);
    if (decimals) {
        put(".");
        uint32_t frac = scaled % scale;
        for (uint32_t s = scale / 10u; s > 1u && frac < s; s /= 10u) {
            put("0");
        }
        put_u32(frac);
    }
}

static void status(uint32_t now) {
    const canopy_link_t *link = dd_link();
    const canopy_frame_stats_t *rx = canopy_link_stats(link);
    const dd_stats_t *s = dd_stats();
    const board_uart_stats_t *u = board_uart_stats();
    len = 0;
    put("t="); put_fixed(now / 1000.0, 1);
    put("s x="); put_fixed(world.x, 3);
    put(" y="); put_fixed(world.y, 3);
    put(" theta="); put_fixed(world.theta, 3);
    put(" wheels="); put_fixed(world.velocity[0], 2); put("/"); put_fixed(world.velocity[1], 2);
    put(" rad/s range="); put_fixed(world_range_m(&world), 3);
    put(" m battery="); put_fixed(world.battery_pct, 2);
    put(" %");
    put(world.charging ? " charging" : "");
    put(world.stalled[0] || world.stalled[1] ? " stalled" : "");
    put(" | rx frames="); put_u32(rx->frames);
    put(" bad="); put_u32(canopy_frame_rx_bad_frames(&link->rx));
    put(" (cobs "); put_u32(rx->errors[CANOPY_ERR_BAD_COBS]);
    put(" short "); put_u32(rx->errors[CANOPY_ERR_SHORT]);
    put(" crc "); put_u32(rx->errors[CANOPY_ERR_BAD_CRC]);
    put(" oversize "); put_u32(rx->errors[CANOPY_ERR_OVERSIZE]);
    put(" unparsable "); put_u32(rx->errors[CANOPY_ERR_UNPARSABLE]);
    put(") lost="); put_u32(rx->lost_frames);
    put(" no_body="); put_u32(link->no_body);
    put(" | commands="); put_u32(s->commands);
    put(" timeouts="); put_u32(s->timeouts);
    put(" host_silences="); put_u32(s->host_silences);
    put(" | tx sent="); put_u32(s->frames_sent);
    put(" dropped="); put_u32(s->frames_dropped);
    put(" | uart rx_bytes="); put_u32(u->rx_bytes);
    put(" rx_overflow="); put_u32(u->rx_overflow);
    put(" overrun="); put_u32(u->overrun);
    put(" line_errors="); put_u32(u->line_errors);
    put(" tx_bytes="); put_u32(u->tx_bytes);
    put("\r\n");
    board_console_write(line, len);
}
#endif

int main(void) {
    board_init();
    world_init(&world, DD_TICKS_PER_REV, DD_MAX_WHEEL_RAD_S);
    world.battery_pct = SIM_BATTERY_PCT;
    world.drain_scale = SIM_DRAIN;
    world.charge_pct_per_s = SIM_CHARGE_RATE;
#ifndef SIM_NO_STATUS
    static const char hello[] = "canopy firmware: diffdrive on a simulated base, host on the first UART\r\n";
    board_console_write(hello, sizeof hello - 1);
    uint32_t next_status = board_millis() + SIM_STATUS_MS;
#endif
    dd_setup();
    uint32_t world_ms = board_millis();
    for (;;) {
        uint32_t now = board_millis();
        for (int steps = 0; (int32_t)(now - world_ms) > 0 && steps < 50; steps++) {
            world_step(&world, 0.001);
            world_ms++;
        }
        if ((int32_t)(now - world_ms) > 50) {
            world_ms = now; /* fell far behind: skip, never burst */
        }
        dd_loop();
#ifndef SIM_NO_STATUS
        if ((int32_t)(now - next_status) >= 0) {
            next_status += SIM_STATUS_MS;
            status(now);
        }
#endif
        board_idle();
    }
}
