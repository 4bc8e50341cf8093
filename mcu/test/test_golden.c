/*
 * Byte-exact cross-check against the Java side: mcu/test/golden_frames.txt is written by the Java test
 * McuGoldenFramesTest (hardware-io) from FrameEncoder and protobuf-java. For each `frame` line this test builds
 * the same Envelope with nanopb, encodes it with canopy_link and compares every byte; then decodes the Java frame
 * and checks the fields. For each `stream` line it feeds the bytes to a fresh link and compares the counters with
 * the Java decoder's.
 *
 * Usage: test_golden PATH/golden_frames.txt
 */
#include <stdlib.h>
#include <string.h>

#include "canopy_link.h"
#include "check.h"

static size_t unhex(const char *hex, uint8_t *out, size_t cap) {
    size_t n = strlen(hex) / 2;
    if (n > cap) {
        return (size_t)-1;
    }
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1) {
            return (size_t)-1;
        }
        out[i] = (uint8_t)v;
    }
    return n;
}

/* The C side of McuGoldenFramesTest.cases(): builds the Envelope and the source to encode it with. */
typedef struct {
    const char *name;
    bool encodable; /* false: the firmware only decodes it (node -> device, or skipped fields) */
    void (*build)(canopy_v1_Envelope *e, const char **source);
} golden_case_t;

static void heartbeat_worked_example(canopy_v1_Envelope *e, const char **src) {
    (void)src;
    e->which_body = canopy_v1_Envelope_heartbeat_tag;
    e->body.heartbeat.uptime_ms = 1000;
}
static void heartbeat_seq255_max_uptime(canopy_v1_Envelope *e, const char **src) {
    (void)src;
    e->which_body = canopy_v1_Envelope_heartbeat_tag;
    e->body.heartbeat.uptime_ms = 0xFFFFFFFFu;
}
static void empty_envelope(canopy_v1_Envelope *e, const char **src) {
    (void)e;
    (void)src;
}
static void motor_state(canopy_v1_Envelope *e, const char **src) {
    *src = "base";
    e->which_body = canopy_v1_Envelope_motor_state_tag;
    e->body.motor_state.motor_id = 1;
    e->body.motor_state.position = 12.5;
    e->body.motor_state.velocity = -3.25;
    e->body.motor_state.effort = 0.0125;
    e->body.motor_state.fault_flags = canopy_v1_FaultFlag_FAULT_COMMAND_TIMEOUT;
}
static void motor_state_all_zero(canopy_v1_Envelope *e, const char **src) {
    (void)src;
    e->which_body = canopy_v1_Envelope_motor_state_tag;
}
static void range_reading(canopy_v1_Envelope *e, const char **src) {
    *src = "base";
    e->which_body = canopy_v1_Envelope_range_reading_tag;
    e->body.range_reading.sensor_id = 0;
    e->body.range_reading.range_m = 1.234f;
    e->body.range_reading.min_m = 0.02f;
    e->body.range_reading.max_m = 4.0f;
}
static void battery_state(canopy_v1_Envelope *e, const char **src) {
    *src = "base";
    e->which_body = canopy_v1_Envelope_battery_state_tag;
    e->body.battery_state.voltage = 11.7f;
    e->body.battery_state.percent = 57.5f;
}
static void device_info(canopy_v1_Envelope *e, const char **src) {
    *src = "base";
    e->which_body = canopy_v1_Envelope_device_info_tag;
    strcpy(e->body.device_info.model, "canopy-mcu-diffdrive");
    strcpy(e->body.device_info.firmware, "0.1.0");
    e->body.device_info.protocol_version = CANOPY_PROTOCOL_VERSION;
}
static void imu(canopy_v1_Envelope *e, const char **src) {
    (void)src;
    e->stamp_ns = 1700000000123456789ull;
    e->which_body = canopy_v1_Envelope_imu_tag;
    canopy_v1_Imu *m = &e->body.imu;
    m->sensor_id = 2;
    m->orientation_z = 0.7071067811865476;
    m->orientation_w = 0.7071067811865476;
    m->angular_velocity_x = 0.01;
    m->angular_velocity_y = -0.02;
    m->angular_velocity_z = 0.5;
    m->linear_acceleration_x = 0.1;
    m->linear_acceleration_z = 9.81;
}
static void event_with_zero_bytes(canopy_v1_Envelope *e, const char **src) {
    *src = "base";
    e->which_body = canopy_v1_Envelope_event_tag;
    strcpy(e->body.event.name, "bumper.hit");
    const uint8_t p[] = {0, 1, 2, 0, 0xFF};
    memcpy(e->body.event.payload.bytes, p, sizeof p);
    e->body.event.payload.size = sizeof p;
}
static void motor_command_velocity(canopy_v1_Envelope *e, const char **src) {
    *src = "robot1/controller";
    e->stamp_ns = 1700000000123456789ull;
    e->which_body = canopy_v1_Envelope_motor_command_tag;
    e->body.motor_command.motor_id = 1;
    e->body.motor_command.which_target = canopy_v1_MotorCommand_velocity_tag;
    e->body.motor_command.target.velocity = 8.0;
    e->body.motor_command.timeout_ms = 300;
}
static void motor_command_stop(canopy_v1_Envelope *e, const char **src) {
    *src = "robot1/controller";
    e->which_body = canopy_v1_Envelope_motor_command_tag;
    e->body.motor_command.which_target = canopy_v1_MotorCommand_stop_tag;
    e->body.motor_command.target.stop = true;
}
static void motor_command_position(canopy_v1_Envelope *e, const char **src) {
    (void)src;
    e->which_body = canopy_v1_Envelope_motor_command_tag;
    e->body.motor_command.which_target = canopy_v1_MotorCommand_position_tag;
    e->body.motor_command.target.position = -1.5;
    e->body.motor_command.timeout_ms = 1000;
}
static void motor_command_effort(canopy_v1_Envelope *e, const char **src) {
    (void)src;
    e->which_body = canopy_v1_Envelope_motor_command_tag;
    e->body.motor_command.motor_id = 1;
    e->body.motor_command.which_target = canopy_v1_MotorCommand_effort_tag;
    e->body.motor_command.target.effort = 0.25;
    e->body.motor_command.timeout_ms = 50;
}
/* decoded only: reply_to is skipped (a callback field without a callback) */
static void service_header_event(canopy_v1_Envelope *e, const char **src) {
    (void)src;
    e->stamp_ns = 5;
    e->correlation_id = 42;
    e->deadline_ns = 1700000001000000000ull;
    e->which_body = canopy_v1_Envelope_event_tag;
    strcpy(e->body.event.name, "dock.now");
}
/* decoded only: tree_status is ignored by the firmware, so the body is empty */
static void tree_status_is_skipped(canopy_v1_Envelope *e, const char **src) {
    (void)e;
    (void)src;
}
/* decoded only: the unknown field 99 is skipped */
static void unknown_field_400_bytes(canopy_v1_Envelope *e, const char **src) {
    (void)src;
    e->which_body = canopy_v1_Envelope_heartbeat_tag;
    e->body.heartbeat.uptime_ms = 7;
}

static void battery_state_charging(canopy_v1_Envelope *e, const char **src) {
    *src = "base";
    e->which_body = canopy_v1_Envelope_battery_state_tag;
    e->body.battery_state.voltage = 12.1f;
    e->body.battery_state.percent = 76.25f;
    e->body.battery_state.charging = true;
}
/* decoded only: LinkStatus (node -> operators) is ignored by the firmware (mcu/proto/messages.options) */
static void link_status_is_skipped(canopy_v1_Envelope *e, const char **src) {
    (void)e;
    (void)src;
}

static const golden_case_t CASES[] = {
    {"heartbeat_worked_example", true, heartbeat_worked_example},
    {"heartbeat_seq255_max_uptime", true, heartbeat_seq255_max_uptime},
    {"empty_envelope", true, empty_envelope},
    {"motor_state", true, motor_state},
    {"motor_state_all_zero", true, motor_state_all_zero},
    {"range_reading", true, range_reading},
    {"battery_state", true, battery_state},
    {"device_info", true, device_info},
    {"imu", true, imu},
    {"event_with_zero_bytes", true, event_with_zero_bytes},
    {"motor_command_velocity", true, motor_command_velocity},
    {"motor_command_stop", true, motor_command_stop},
    {"motor_command_position", true, motor_command_position},
    {"motor_command_effort", true, motor_command_effort},
    {"service_header_event", false, service_header_event},
    {"tree_status_is_skipped", false, tree_status_is_skipped},
    {"unknown_field_400_bytes", false, unknown_field_400_bytes},
    {"battery_state_charging", true, battery_state_charging},
    {"link_status_is_skipped", false, link_status_is_skipped},
};
#define NCASES (sizeof CASES / sizeof CASES[0])

/* what the link delivered */
static canopy_v1_Envelope got;
static int got_count;
static void on_envelope(void *user, const canopy_v1_Envelope *env) {
    (void)user;
    got = *env;
    got_count++;
}

/* Compares the decoded Envelope with the expected one, field by field (callbacks excluded). */
static bool same_envelope(const canopy_v1_Envelope *a, const canopy_v1_Envelope *b) {
    if (a->stamp_ns != b->stamp_ns || a->correlation_id != b->correlation_id || a->deadline_ns != b->deadline_ns
        || a->which_body != b->which_body) {
        return false;
    }
    switch (a->which_body) {
    case 0: return true;
    case canopy_v1_Envelope_event_tag:
        return strcmp(a->body.event.name, b->body.event.name) == 0
            && a->body.event.payload.size == b->body.event.payload.size
            && memcmp(a->body.event.payload.bytes, b->body.event.payload.bytes, a->body.event.payload.size) == 0;
    case canopy_v1_Envelope_motor_command_tag: {
        const canopy_v1_MotorCommand *x = &a->body.motor_command, *y = &b->body.motor_command;
        if (x->motor_id != y->motor_id || x->which_target != y->which_target || x->timeout_ms != y->timeout_ms) {
            return false;
        }
        return x->which_target == canopy_v1_MotorCommand_stop_tag ? x->target.stop == y->target.stop
                                                                 : x->target.velocity == y->target.velocity;
    }
    case canopy_v1_Envelope_motor_state_tag:
        return memcmp(&a->body.motor_state, &b->body.motor_state, sizeof a->body.motor_state) == 0;
    case canopy_v1_Envelope_range_reading_tag:
        return memcmp(&a->body.range_reading, &b->body.range_reading, sizeof a->body.range_reading) == 0;
    case canopy_v1_Envelope_imu_tag: return memcmp(&a->body.imu, &b->body.imu, sizeof a->body.imu) == 0;
    case canopy_v1_Envelope_battery_state_tag:
        return memcmp(&a->body.battery_state, &b->body.battery_state, sizeof a->body.battery_state) == 0;
    case canopy_v1_Envelope_heartbeat_tag: return a->body.heartbeat.uptime_ms == b->body.heartbeat.uptime_ms;
    case canopy_v1_Envelope_device_info_tag:
        return strcmp(a->body.device_info.model, b->body.device_info.model) == 0
            && strcmp(a->body.device_info.firmware, b->body.device_info.firmware) == 0
            && a->body.device_info.protocol_version == b->body.device_info.protocol_version;
    default: return false;
    }
}

static char line[16384];
static uint8_t bytes[8192];
static const char *golden_path;
static int frames_checked;
static int streams_checked;
static bool seen[NCASES];

static void check_frame(const char *name, int seq, const char *hex) {
    size_t n = unhex(hex, bytes, sizeof bytes);
    const golden_case_t *c = NULL;
    size_t ci = 0;
    for (; ci < NCASES; ci++) {
        if (strcmp(CASES[ci].name, name) == 0) {
            c = &CASES[ci];
            break;
        }
    }
    CHECK(c != NULL, "%s: golden frame without a C case; add it to CASES", name);
    if (c == NULL || n == (size_t)-1) {
        return;
    }
    seen[ci] = true;
    canopy_v1_Envelope want = canopy_v1_Envelope_init_zero;
    const char *source = NULL;
    c->build(&want, &source);

    if (c->encodable) {
        static canopy_link_t tx;
        canopy_link_init(&tx, NULL, NULL);
        canopy_link_set_source(&tx, source);
        tx.next_seq = (uint8_t)seq;
        uint8_t out[CANOPY_FRAME_MAX_WIRE(CANOPY_FRAME_MAX_PAYLOAD)];
        size_t m = canopy_link_encode(&tx, &want, out, sizeof out);
        bool same = m == n && memcmp(out, bytes, n) == 0;
        if (!same) {
            printf("  java: %s\n  c:    ", hex);
            for (size_t i = 0; i < m; i++) {
                printf("%02X", out[i]);
            }
            printf("\n");
        }
        CHECK(same, "%s: the C frame differs from the Java frame", name);
        CHECK(tx.next_seq == (uint8_t)(seq + 1), "%s: seq advanced", name);
    }

    static canopy_link_t rxl;
    canopy_link_init(&rxl, on_envelope, NULL);
    got_count = 0;
    canopy_link_feed(&rxl, bytes, n);
    CHECK(got_count == 1 && rxl.rx.stats.frames == 1, "%s: decoded %d frames, bad %u", name, got_count,
          (unsigned)canopy_frame_rx_bad_frames(&rxl.rx));
    CHECK(got_count != 1 || same_envelope(&got, &want), "%s: decoded fields differ", name);
    CHECK(rxl.no_body == (want.which_body == 0 ? 1u : 0u), "%s: no_body is %u", name, (unsigned)rxl.no_body);
    frames_checked++;
}

static void check_stream(char *rest) {
    char name[128];
    unsigned long want[8];
    int used = 0;
    if (sscanf(rest, "%127s %lu %lu %lu %lu %lu %lu %lu %lu %n", name, &want[0], &want[1], &want[2], &want[3], &want[4],
               &want[5], &want[6], &want[7], &used) < 9) {
        CHECK(0, "bad stream line: %.60s", rest);
        return;
    }
    char *hex = rest + used;
    hex[strcspn(hex, "\r\n ")] = '\0';
    size_t n = unhex(hex, bytes, sizeof bytes);
    CHECK(n != (size_t)-1, "%s: bad hex", name);
    static canopy_link_t l;
    canopy_link_init(&l, NULL, NULL);
    /* byte by byte, as from an ISR */
    for (size_t i = 0; i < n; i++) {
        canopy_link_feed_byte(&l, bytes[i]);
    }
    const canopy_frame_stats_t *s = canopy_link_stats(&l);
    unsigned long have[8] = {s->frames, s->errors[CANOPY_ERR_BAD_COBS], s->errors[CANOPY_ERR_SHORT],
                             s->errors[CANOPY_ERR_BAD_CRC], s->errors[CANOPY_ERR_OVERSIZE],
                             s->errors[CANOPY_ERR_UNPARSABLE], s->errors[CANOPY_ERR_SEQ_GAP], s->lost_frames};
    static const char *const what[8] = {"frames", "bad_cobs", "short", "bad_crc", "oversize", "unparsable", "seq_gap", "lost"};
    for (int k = 0; k < 8; k++) {
        CHECK(have[k] == want[k], "stream %s: %s is %lu, Java counted %lu", name, what[k], have[k], want[k]);
    }
    CHECK(s->bytes == n, "stream %s: bytes", name);
    streams_checked++;
}

static void golden_frames_and_streams_match_the_java_side(void) {
    FILE *f = fopen(golden_path, "r");
    CHECK(f != NULL, "cannot open %s", golden_path);
    if (f == NULL) {
        return;
    }
    while (fgets(line, sizeof line, f) != NULL) {
        if (line[0] == '#' || line[0] == '\n') {
            continue;
        }
        char kind[16], name[128], hex[sizeof line];
        int seq;
        if (strncmp(line, "frame ", 6) == 0 && sscanf(line, "%15s %127s %d %16383s", kind, name, &seq, hex) == 4) {
            check_frame(name, seq, hex);
        } else if (strncmp(line, "stream ", 7) == 0) {
            check_stream(line + 7);
        } else {
            CHECK(0, "unknown line: %.60s", line);
        }
    }
    fclose(f);
    for (size_t i = 0; i < NCASES; i++) {
        CHECK(seen[i], "C case %s has no golden frame", CASES[i].name);
    }
    printf("  %d frames, %d streams checked\n", frames_checked, streams_checked);
    CHECK(frames_checked >= 19 && streams_checked >= 14, "too few golden items");
}

int main(int argc, char **argv) {
    golden_path = argc > 1 ? argv[1] : "test/golden_frames.txt";
    RUN(golden_frames_and_streams_match_the_java_side);
    return check_summary("test_golden");
}
