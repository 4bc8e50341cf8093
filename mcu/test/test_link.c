/* Unit tests of canopy_link: Envelope encode/decode through frames, buffers, limits and bad input. */
#include <string.h>

#include "canopy_link.h"
#include "check.h"

static canopy_v1_Envelope last;
static int delivered;

static void on_envelope(void *user, const canopy_v1_Envelope *env) {
    (*(int *)user)++;
    last = *env;
    delivered++;
}

static canopy_v1_Envelope biggest_event(void) {
    canopy_v1_Envelope e = canopy_v1_Envelope_init_zero;
    e.stamp_ns = UINT64_MAX;
    e.correlation_id = UINT64_MAX;
    e.deadline_ns = UINT64_MAX;
    e.which_body = canopy_v1_Envelope_event_tag;
    memset(e.body.event.name, 'n', sizeof e.body.event.name - 1);
    e.body.event.payload.size = sizeof e.body.event.payload.bytes;
    memset(e.body.event.payload.bytes, 0xEE, sizeof e.body.event.payload.bytes);
    return e;
}

static void every_device_message_at_its_largest_fits_the_default_tx_buffer(void) {
    static canopy_link_t l;
    canopy_link_init(&l, NULL, NULL);
    canopy_link_set_source(&l, "0123456789abcdef0123456789abcdef"); /* 32 characters */
    uint8_t out[CANOPY_LINK_TX_BUFFER];
    canopy_v1_Envelope e = biggest_event();
    size_t n = canopy_link_encode(&l, &e, out, sizeof out);
    CHECK(n > 0, "largest Event does not fit %d bytes", CANOPY_LINK_TX_BUFFER);
    printf("  largest Event frame: %zu of %d bytes\n", n, CANOPY_LINK_TX_BUFFER);

    canopy_v1_Envelope imu = canopy_v1_Envelope_init_zero;
    imu.stamp_ns = UINT64_MAX;
    imu.correlation_id = UINT64_MAX;
    imu.deadline_ns = UINT64_MAX;
    imu.which_body = canopy_v1_Envelope_imu_tag;
    imu.body.imu.sensor_id = UINT32_MAX;
    double *d = &imu.body.imu.orientation_x;
    for (int i = 0; i < 10; i++) {
        d[i] = -1.0e300; /* every double field set (they are consecutive in the struct) */
    }
    n = canopy_link_encode(&l, &imu, out, sizeof out);
    CHECK(n > 0, "largest Imu does not fit");
    printf("  largest Imu frame: %zu bytes\n", n);

    canopy_v1_Envelope info = canopy_v1_Envelope_init_zero;
    info.which_body = canopy_v1_Envelope_device_info_tag;
    memset(info.body.device_info.model, 'm', sizeof info.body.device_info.model - 1);
    memset(info.body.device_info.firmware, 'f', sizeof info.body.device_info.firmware - 1);
    info.body.device_info.protocol_version = UINT32_MAX;
    CHECK(canopy_link_encode(&l, &info, out, sizeof out) > 0, "largest DeviceInfo does not fit");
    CHECK(l.sent == 3 && l.next_seq == 3 && l.encode_failures == 0, "three sent");
}

static void a_buffer_too_small_returns_zero_and_keeps_the_seq(void) {
    static canopy_link_t l;
    canopy_link_init(&l, NULL, NULL);
    canopy_v1_Envelope e = biggest_event();
    uint8_t out[CANOPY_LINK_TX_BUFFER];
    size_t need = canopy_link_encode(&l, &e, out, sizeof out);
    CHECK(need > 0 && l.next_seq == 1, "fits");
    for (size_t cap = 0; cap < need; cap++) {
        memset(out, 0xAB, sizeof out);
        CHECK(canopy_link_encode(&l, &e, out, cap) == 0, "cap %zu", cap);
        CHECK(cap == sizeof out || out[cap] == 0xAB, "cap %zu: wrote past the end", cap);
    }
    CHECK(l.next_seq == 1 && l.sent == 1 && l.encode_failures == need, "seq unchanged after failures");
}

static void encoded_frames_decode_back_with_consecutive_seqs(void) {
    static canopy_link_t a, b;
    int count = 0;
    canopy_link_init(&a, NULL, NULL);
    canopy_link_init(&b, on_envelope, &count);
    canopy_link_set_source(&a, "base");
    uint8_t out[CANOPY_LINK_TX_BUFFER];
    for (int i = 0; i < 600; i++) {
        canopy_v1_Envelope e = canopy_v1_Envelope_init_zero;
        e.which_body = canopy_v1_Envelope_motor_state_tag;
        e.body.motor_state.motor_id = (uint32_t)(i & 1);
        e.body.motor_state.position = i * 0.5;
        e.body.motor_state.velocity = -i;
        size_t n = canopy_link_encode(&a, &e, out, sizeof out);
        canopy_link_feed(&b, out, n);
        CHECK(count == i + 1 && last.body.motor_state.position == i * 0.5, "frame %d", i);
    }
    const canopy_frame_stats_t *s = canopy_link_stats(&b);
    CHECK(s->frames == 600 && s->lost_frames == 0 && canopy_frame_rx_bad_frames(&b.rx) == 0, "600 clean frames, seq wrapped twice");
}

static void strings_longer_than_the_firmware_keeps_are_unparsable_not_a_crash(void) {
    /* Event.name holds 47 characters (max_size 48): a 60-character name from the host is counted, not copied */
    uint8_t payload[80];
    size_t p = 0;
    payload[p++] = 0x52; /* Envelope.event, field 10, length-delimited */
    payload[p++] = 62;
    payload[p++] = 0x0A; /* Event.name */
    payload[p++] = 60;
    memset(payload + p, 'x', 60);
    p += 60;
    uint8_t frame[CANOPY_FRAME_MAX_WIRE(80)];
    size_t n = canopy_frame_encode(0, payload, p, frame, sizeof frame);
    static canopy_link_t l;
    int count = 0;
    canopy_link_init(&l, on_envelope, &count);
    canopy_link_feed(&l, frame, n);
    CHECK(count == 0 && canopy_link_stats(&l)->errors[CANOPY_ERR_UNPARSABLE] == 1, "counted as unparsable");
    /* 47 characters fit */
    payload[1] = 49;
    payload[3] = 47;
    n = canopy_frame_encode(1, payload, 4 + 47, frame, sizeof frame);
    canopy_link_feed(&l, frame, n);
    CHECK(count == 1 && strlen(last.body.event.name) == 47, "47 characters delivered");
}

static void a_long_source_from_the_host_is_skipped_not_rejected(void) {
    /* the node sends its full name as source; the firmware skips it (callback field without a callback) */
    uint8_t payload[300];
    size_t p = 0;
    payload[p++] = 0x12; /* source */
    payload[p++] = 0xC8; /* 200 = varint C8 01 */
    payload[p++] = 0x01;
    memset(payload + p, 's', 200);
    p += 200;
    const uint8_t cmd[] = {0x5A, 0x04, 0x08, 0x01, 0x28, 0x01}; /* motor_command { motor_id 1, stop true } */
    memcpy(payload + p, cmd, sizeof cmd);
    p += sizeof cmd;
    uint8_t frame[CANOPY_FRAME_MAX_WIRE(300)];
    size_t n = canopy_frame_encode(0, payload, p, frame, sizeof frame);
    static canopy_link_t l;
    int count = 0;
    canopy_link_init(&l, on_envelope, &count);
    canopy_link_feed(&l, frame, n);
    CHECK(count == 1 && last.which_body == canopy_v1_Envelope_motor_command_tag
              && last.body.motor_command.motor_id == 1 && last.body.motor_command.target.stop,
          "command delivered");
}

static void errors_are_reported_to_the_error_callback(void) {
    static canopy_link_t l;
    canopy_link_init(&l, NULL, NULL);
    canopy_link_on_error(&l, NULL);
    const uint8_t bad[] = {0x05, 0x01, 0x00, 0x03, 0x01, 0x02, 0x00};
    canopy_link_feed(&l, bad, sizeof bad);
    CHECK(canopy_frame_rx_bad_frames(&l.rx) == 2, "two bad frames counted without a callback");
    canopy_link_reset(&l);
    CHECK(canopy_frame_rx_bad_frames(&l.rx) == 2, "reset keeps counters");
}

static void no_envelope_callback_still_counts_frames(void) {
    static canopy_link_t a, b;
    canopy_link_init(&a, NULL, NULL);
    canopy_link_init(&b, NULL, NULL);
    canopy_v1_Envelope e = canopy_v1_Envelope_init_zero;
    uint8_t out[32];
    size_t n = canopy_link_encode(&a, &e, out, sizeof out);
    CHECK(n == 5, "empty envelope frame is 5 bytes, got %zu", n);
    canopy_link_feed(&b, out, n);
    CHECK(canopy_link_stats(&b)->frames == 1, "counted");
}

static void lying_lengths_inside_the_payload_are_unparsable_and_the_next_frame_arrives(void) {
    /* good COBS and CRC around protobuf whose lengths lie: each is one UNPARSABLE, never a read past the payload */
    static const uint8_t lies[][12] = {
        {0x52, 0xFF, 0xFF, 0xFF, 0xFF, 0x07, 0x0A, 0x01, 'x'},             /* event: 2^31 - 1 bytes follow */
        {0xAA, 0x01, 0x7F, 0x0A, 0x04, 'b', 'a', 's', 'e'},               /* link_status (skipped): 127 bytes */
        {0x08, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01}, /* stamp_ns: an 11-byte varint */
        {0x5A, 0x02, 0x08},                                                /* motor_command ends mid-field */
        {0x12, 0x10, 's'},                                                 /* source: 16 bytes, 1 there */
    };
    static const size_t len[] = {9, 9, 12, 3, 3};
    static canopy_link_t l;
    int count = 0;
    canopy_link_init(&l, on_envelope, &count);
    uint8_t frame[CANOPY_FRAME_MAX_WIRE(16)];
    uint8_t seq = 0;
    for (size_t i = 0; i < sizeof len / sizeof len[0]; i++) {
        size_t n = canopy_frame_encode(seq++, lies[i], len[i], frame, sizeof frame);
        canopy_link_feed(&l, frame, n);
        CHECK(canopy_link_stats(&l)->errors[CANOPY_ERR_UNPARSABLE] == i + 1, "lie %zu: unparsable %u", i,
              (unsigned)canopy_link_stats(&l)->errors[CANOPY_ERR_UNPARSABLE]);
    }
    CHECK(count == 0 && l.no_body == 0, "nothing delivered: %d, no_body %u", count, (unsigned)l.no_body);
    const uint8_t hb[] = {0x82, 0x01, 0x02, 0x08, 0x07}; /* heartbeat { uptime_ms 7 } */
    size_t n = canopy_frame_encode(seq, hb, sizeof hb, frame, sizeof frame);
    canopy_link_feed(&l, frame, n);
    CHECK(count == 1 && last.body.heartbeat.uptime_ms == 7, "the next frame arrives");
    CHECK(canopy_frame_rx_bad_frames(&l.rx) == 5 && canopy_link_stats(&l)->errors[CANOPY_ERR_SEQ_GAP] == 0,
          "five bad frames, no gap");
}

int main(void) {
    RUN(every_device_message_at_its_largest_fits_the_default_tx_buffer);
    RUN(a_buffer_too_small_returns_zero_and_keeps_the_seq);
    RUN(encoded_frames_decode_back_with_consecutive_seqs);
    RUN(strings_longer_than_the_firmware_keeps_are_unparsable_not_a_crash);
    RUN(a_long_source_from_the_host_is_skipped_not_rejected);
    RUN(errors_are_reported_to_the_error_callback);
    RUN(no_envelope_callback_still_counts_frames);
    RUN(lying_lengths_inside_the_payload_are_unparsable_and_the_next_frame_arrives);
    return check_summary("test_link");
}
