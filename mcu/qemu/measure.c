/*
 * Instructions per frame on the emulated chip (qemu/measure.sh). Runs fixed workloads through the library on the
 * board and times each with board_cycles() (the SysTick count: core clock cycles). Under QEMU with
 * `-icount shift=0` every guest instruction advances the virtual clock by exactly 1 ns, and the emulated SysTick
 * counts the 168 MHz (netduinoplus2) or 16 MHz (microbit TIMER0) core clock of that virtual time, so
 *     instructions = cycles x 1e9 / core_hz
 * (a resolution of one SysTick count, 6 instructions on the F405, over a run of FRAMES frames). Prints one line
 * per workload on the console and stops.
 *
 *   rx  the node's MotorCommand frames (as canopy's Java encoder sends them, source "robot1/controller") fed to
 *       canopy_link_feed: COBS decode, CRC-16, protobuf decode, and the dispatch to a callback that keeps the
 *       command (what diffdrive_app's on_envelope does first)
 *   tx  the firmware's MotorState frame: canopy_link_encode (protobuf encode + CRC + COBS) then board_host_write
 *       (copy into the TX ring, pend the UART interrupt, the interrupt writing every byte to the data register)
 *   range, hb  the same for a RangeReading and a Heartbeat
 */
#include "board.h"
#include "canopy_link.h"

#define FRAMES 100u
#define MAX_FRAME 64u

static canopy_link_t link, host;
static uint8_t wire[FRAMES * MAX_FRAME];
static size_t frame_len[FRAMES];
static uint8_t tx[CANOPY_LINK_TX_BUFFER];
static volatile uint32_t commands;
static volatile double target;
static uint32_t dropped;

static void on_envelope(void *user, const canopy_v1_Envelope *env) {
    (void)user;
    if (env->which_body == canopy_v1_Envelope_motor_command_tag) {
        target = env->body.motor_command.target.velocity;
        commands++;
    }
}

static char line[160];
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

static void report(const char *what, uint32_t cycles, uint32_t frames, uint32_t bytes) {
    uint64_t instr = (uint64_t)cycles * 1000000000u / board_core_hz();
    len = 0;
    put("\r\nmeasure "); /* on a board whose console is the host line, after binary frames: a line of its own */
    put(what);
    put(": frames=");
    put_u32(frames);
    put(" bytes=");
    put_u32(bytes);
    put(" cycles=");
    put_u32(cycles);
    put(" core_hz=");
    put_u32(board_core_hz());
    if (dropped) {
        put(" DROPPED=");
        put_u32(dropped);
    }
    put(" instructions_per_frame=");
    put_u32((uint32_t)((instr + frames / 2) / frames));
    put("\r\n");
    board_console_write(line, len);
}

static void wait_ms(uint32_t n) {
    uint32_t t0 = board_millis();
    while ((uint32_t)(board_millis() - t0) < n) {
        board_idle();
    }
}

static uint32_t send_frames(canopy_v1_Envelope *env, uint32_t *bytes) {
    uint32_t total = 0;
    uint32_t t0 = board_cycles();
    for (uint32_t i = 0; i < FRAMES; i++) {
        size_t n = canopy_link_encode(&link, env, tx, sizeof tx);
        if (!board_host_write(tx, n)) {
            dropped++; /* the TX ring was full: the figure would be too low */
        }
        total += (uint32_t)n; /* under QEMU the pended interrupt has drained the ring before the next frame */
    }
    uint32_t cycles = board_cycles() - t0;
    *bytes = total;
    return cycles;
}

int main(void) {
    board_init();
    canopy_link_init(&link, on_envelope, 0);
    canopy_link_set_source(&link, "base");
    canopy_link_init(&host, 0, 0);
    canopy_link_set_source(&host, "robot1/controller");
    size_t total = 0;
    for (uint32_t i = 0; i < FRAMES; i++) {
        canopy_v1_Envelope c = canopy_v1_Envelope_init_zero;
        c.which_body = canopy_v1_Envelope_motor_command_tag;
        c.body.motor_command.motor_id = i & 1u;
        c.body.motor_command.which_target = canopy_v1_MotorCommand_velocity_tag;
        c.body.motor_command.target.velocity = 3.0 + 0.01 * (double)i;
        c.body.motor_command.timeout_ms = 300;
        frame_len[i] = canopy_link_encode(&host, &c, wire + total, MAX_FRAME);
        total += frame_len[i];
    }
    wait_ms(2); /* start on a fresh tick */

    /* the method's check: a loop of exactly 2 instructions (subs, bne) run 100000 times must count 200000 */
    uint32_t t0 = board_cycles();
    uint32_t n = 100000u;
#if defined(__ARM_ARCH_6M__) /* GCC's Thumb-1 inline assembly is in divided syntax, where SUB sets the flags */
    __asm volatile("1: sub %0, #1\n bne 1b" : "+l"(n) : : "cc");
#else
    __asm volatile("1: subs %0, %0, #1\n bne 1b" : "+l"(n) : : "cc");
#endif
    uint32_t cal = board_cycles() - t0;
    report("calibration (100000 x subs+bne = 200000 instructions, 1 frame)", cal, 1, 0);

    t0 = board_cycles();
    size_t off = 0;
    for (uint32_t i = 0; i < FRAMES; i++) {
        canopy_link_feed(&link, wire + off, frame_len[i]);
        off += frame_len[i];
    }
    uint32_t rx_cycles = board_cycles() - t0;
    report(commands == FRAMES ? "rx MotorCommand (decode+CRC+dispatch)" : "rx FAILED", rx_cycles, FRAMES,
           (uint32_t)total);
    wait_ms(20);

    canopy_v1_Envelope s = canopy_v1_Envelope_init_zero;
    s.which_body = canopy_v1_Envelope_motor_state_tag;
    s.body.motor_state.motor_id = 1;
    s.body.motor_state.position = 12.3456;
    s.body.motor_state.velocity = 4.02;
    s.body.motor_state.effort = 0.31;
    uint32_t bytes;
    uint32_t tx_cycles = send_frames(&s, &bytes);
    report("tx MotorState (encode+CRC+COBS+UART interrupt)", tx_cycles, FRAMES, bytes);
    wait_ms(20);

    canopy_v1_Envelope r = canopy_v1_Envelope_init_zero;
    r.which_body = canopy_v1_Envelope_range_reading_tag;
    r.body.range_reading.range_m = 1.234f;
    r.body.range_reading.min_m = 0.02f;
    r.body.range_reading.max_m = 4.0f;
    uint32_t range_cycles = send_frames(&r, &bytes);
    report("tx RangeReading (encode+CRC+COBS+UART interrupt)", range_cycles, FRAMES, bytes);
    wait_ms(20);

    canopy_v1_Envelope h = canopy_v1_Envelope_init_zero;
    h.which_body = canopy_v1_Envelope_heartbeat_tag;
    h.body.heartbeat.uptime_ms = 123456;
    uint32_t hb_cycles = send_frames(&h, &bytes);
    report("tx Heartbeat (encode+CRC+COBS+UART interrupt)", hb_cycles, FRAMES, bytes);
    wait_ms(20);
    static const char done[] = "\r\nmeasure done\r\n";
    board_console_write(done, sizeof done - 1);
    for (;;) {
        board_idle();
    }
}
