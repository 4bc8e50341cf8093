/* Unit tests of canopy_frame: CRC vectors, COBS edge cases, frame encoding and the streaming decoder. */
#include <stdlib.h>
#include <string.h>

#include "canopy_frame.h"
#include "check.h"

/* ---- a recording frame handler ---- */
typedef struct {
    int frames;
    int last_seq;
    size_t last_len;
    uint8_t last[1100];
    bool accept;
    int errors_reported;
    canopy_error_t last_error;
    uint32_t last_error_offset;
} recorder_t;

static bool rec_frame(void *user, uint8_t seq, const uint8_t *p, size_t n) {
    recorder_t *r = (recorder_t *)user;
    r->frames++;
    r->last_seq = seq;
    r->last_len = n;
    memcpy(r->last, p, n);
    return r->accept;
}

static void rec_error(void *user, canopy_error_t kind, uint32_t offset, uint32_t length) {
    recorder_t *r = (recorder_t *)user;
    (void)length;
    r->errors_reported++;
    r->last_error = kind;
    r->last_error_offset = offset;
}

static canopy_frame_rx_t rx;
static recorder_t rec;

static void fresh(void) {
    memset(&rec, 0, sizeof rec);
    rec.accept = true;
    rec.last_seq = -1;
    canopy_frame_rx_init(&rx, rec_frame, rec_error, &rec);
}

static int hex_eq(const uint8_t *a, size_t na, const char *hex) {
    size_t n = strlen(hex) / 2;
    if (n != na) {
        return 0;
    }
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        sscanf(hex + 2 * i, "%2x", &v);
        if (a[i] != v) {
            return 0;
        }
    }
    return 1;
}

/* ---- CRC ---- */

static void crc_check_value_of_123456789_is_31c3(void) {
    CHECK(canopy_crc16_xmodem((const uint8_t *)"123456789", 9) == 0x31C3, "got %04X",
          canopy_crc16_xmodem((const uint8_t *)"123456789", 9));
}

static void crc_of_nothing_is_zero_and_of_the_worked_example_is_2eb0(void) {
    const uint8_t body[] = {0x00, 0x82, 0x01, 0x03, 0x08, 0xE8, 0x07};
    CHECK(canopy_crc16_xmodem(body, 0) == 0, "empty");
    CHECK(canopy_crc16_xmodem(body, sizeof body) == 0x2EB0, "got %04X", canopy_crc16_xmodem(body, sizeof body));
}

static void crc_update_in_pieces_equals_crc_of_the_whole(void) {
    uint8_t data[300];
    for (int i = 0; i < 300; i++) {
        data[i] = (uint8_t)(i * 7 + 3);
    }
    uint16_t whole = canopy_crc16_xmodem(data, sizeof data);
    for (size_t cut = 0; cut <= sizeof data; cut += 37) {
        uint16_t parts = canopy_crc16_update(canopy_crc16_update(0, data, cut), data + cut, sizeof data - cut);
        CHECK(parts == whole, "cut %zu", cut);
    }
    /* residue: the CRC over data followed by its own CRC (big-endian) is 0 */
    uint8_t with[302];
    memcpy(with, data, 300);
    with[300] = (uint8_t)(whole >> 8);
    with[301] = (uint8_t)whole;
    CHECK(canopy_crc16_xmodem(with, sizeof with) == 0, "residue");
}

static void crc_single_bytes_match_a_known_table(void) {
    /* first entries of the CRC-16/XMODEM (CCITT 0x1021) table */
    const uint16_t table[] = {0x0000, 0x1021, 0x2042, 0x3063, 0x4084, 0x50A5, 0x60C6, 0x70E7, 0x8108};
    for (uint8_t b = 0; b < 9; b++) {
        CHECK(canopy_crc16_xmodem(&b, 1) == table[b], "byte %u: %04X", b, canopy_crc16_xmodem(&b, 1));
    }
    uint8_t ff = 0xFF;
    CHECK(canopy_crc16_xmodem(&ff, 1) == 0x1EF0, "0xFF: %04X", canopy_crc16_xmodem(&ff, 1));
}

/* ---- COBS ---- */

static void cobs_examples_of_the_wire_format_doc(void) {
    uint8_t out[400];
    const uint8_t z[] = {0x00};
    CHECK(hex_eq(out, canopy_cobs_encode(z, 1, out, sizeof out), "0101"), "00");
    const uint8_t a[] = {0x11, 0x22, 0x00, 0x33};
    CHECK(hex_eq(out, canopy_cobs_encode(a, 4, out, sizeof out), "0311220233"), "11 22 00 33");
    CHECK(hex_eq(out, canopy_cobs_encode(a, 0, out, sizeof out), "01"), "empty");
    uint8_t run[254];
    for (int i = 0; i < 254; i++) {
        run[i] = (uint8_t)(i + 1);
    }
    size_t n = canopy_cobs_encode(run, 254, out, sizeof out);
    CHECK(n == 256 && out[0] == 0xFF && out[255] == 0x01 && memcmp(out + 1, run, 254) == 0, "254 non-zero: n=%zu", n);
}

static void cobs_runs_of_zeros_become_runs_of_ones(void) {
    uint8_t zeros[300] = {0};
    uint8_t out[400];
    uint8_t back[300];
    for (size_t len = 1; len <= 300; len += 13) {
        size_t n = canopy_cobs_encode(zeros, len, out, sizeof out);
        CHECK(n == len + 1, "len %zu: n=%zu", len, n);
        int ones = 1;
        for (size_t i = 0; i < n; i++) {
            ones &= out[i] == 0x01;
        }
        CHECK(ones, "len %zu all 01", len);
        CHECK(canopy_cobs_decode(out, n, back, sizeof back) == (long)len && memcmp(back, zeros, len) == 0, "len %zu back", len);
    }
}

static void cobs_block_boundaries_253_254_255_and_508(void) {
    uint8_t in[600];
    uint8_t out[700];
    uint8_t back[600];
    const size_t sizes[] = {253, 254, 255, 507, 508, 509, 600};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        size_t len = sizes[k];
        for (size_t i = 0; i < len; i++) {
            in[i] = (uint8_t)(1 + i % 250);
        }
        for (int zero_at_end = 0; zero_at_end < 2; zero_at_end++) {
            if (zero_at_end) {
                in[len - 1] = 0;
            }
            size_t n = canopy_cobs_encode(in, len, out, sizeof out);
            CHECK(n > 0 && n <= CANOPY_COBS_MAX_ENCODED(len), "len %zu: n=%zu", len, n);
            int nonzero = 1;
            for (size_t i = 0; i < n; i++) {
                nonzero &= out[i] != 0;
            }
            CHECK(nonzero, "len %zu has no zero", len);
            long m = canopy_cobs_decode(out, n, back, sizeof back);
            CHECK(m == (long)len && memcmp(back, in, len) == 0, "len %zu zero_at_end %d: back %ld", len, zero_at_end, m);
        }
    }
    /* 254 non-zero then a zero then 0x33: FF <254> 01 02 33 */
    for (int i = 0; i < 254; i++) {
        in[i] = 0x44;
    }
    in[254] = 0;
    in[255] = 0x33;
    size_t n = canopy_cobs_encode(in, 256, out, sizeof out);
    CHECK(n == 258 && out[0] == 0xFF && out[255] == 0x01 && out[256] == 0x02 && out[257] == 0x33, "n=%zu", n);
}

static void cobs_decode_rejects_bad_input(void) {
    uint8_t back[16];
    const uint8_t past_end[] = {0x05, 0x11, 0x22};
    CHECK(canopy_cobs_decode(past_end, sizeof past_end, back, sizeof back) == -1, "code past end");
    const uint8_t zero_inside[] = {0x03, 0x11, 0x00};
    CHECK(canopy_cobs_decode(zero_inside, sizeof zero_inside, back, sizeof back) == -1, "zero inside");
    const uint8_t zero_code[] = {0x00};
    CHECK(canopy_cobs_decode(zero_code, 1, back, sizeof back) == -1, "zero code");
    const uint8_t fits_not[] = {0x05, 1, 2, 3, 4};
    CHECK(canopy_cobs_decode(fits_not, sizeof fits_not, back, 3) == -1, "does not fit");
    CHECK(canopy_cobs_decode(fits_not, sizeof fits_not, back, 4) == 4, "fits exactly");
    const uint8_t implied_zero_overflows[] = {0x02, 1, 0x02, 2};
    CHECK(canopy_cobs_decode(implied_zero_overflows, 4, back, 2) == -1, "implied zero over cap");
}

static void cobs_encode_returns_zero_when_the_buffer_is_too_small(void) {
    uint8_t in[300];
    uint8_t out[310];
    memset(in, 0x55, sizeof in);
    size_t need = canopy_cobs_encode(in, sizeof in, out, sizeof out);
    CHECK(need == 302, "need %zu", need);
    for (size_t cap = 0; cap < need; cap++) {
        CHECK(canopy_cobs_encode(in, sizeof in, out, cap) == 0, "cap %zu", cap);
    }
}

/* ---- frames ---- */

static void frame_encode_gives_the_worked_example_bytes(void) {
    const uint8_t payload[] = {0x82, 0x01, 0x03, 0x08, 0xE8, 0x07};
    uint8_t out[32];
    size_t n = canopy_frame_encode(0, payload, sizeof payload, out, sizeof out);
    CHECK(hex_eq(out, n, "010982010308E8072EB000"), "n=%zu", n);
    for (size_t cap = 0; cap < n; cap++) {
        CHECK(canopy_frame_encode(0, payload, sizeof payload, out, cap) == 0, "cap %zu", cap);
    }
}

static void frame_encode_refuses_payloads_over_the_limit(void) {
    static uint8_t payload[CANOPY_FRAME_MAX_PAYLOAD + 1];
    static uint8_t out[CANOPY_FRAME_MAX_WIRE(CANOPY_FRAME_MAX_PAYLOAD + 1)];
    CHECK(canopy_frame_encode(1, payload, CANOPY_FRAME_MAX_PAYLOAD + 1, out, sizeof out) == 0, "over");
    size_t n = canopy_frame_encode(1, payload, CANOPY_FRAME_MAX_PAYLOAD, out, sizeof out);
    CHECK(n > 0 && n <= CANOPY_FRAME_MAX_WIRE(CANOPY_FRAME_MAX_PAYLOAD), "at the limit: %zu", n);
    CHECK(CANOPY_FRAME_MAX_WIRE(1024) == 1033, "largest frame on the wire is 1033 bytes (doc)");
}

static void every_payload_length_round_trips_byte_by_byte(void) {
    static uint8_t payload[CANOPY_FRAME_MAX_PAYLOAD];
    static uint8_t out[CANOPY_FRAME_MAX_WIRE(CANOPY_FRAME_MAX_PAYLOAD)];
    uint32_t seed = 12345;
    fresh();
    int expected = 0;
    for (size_t len = 0; len <= CANOPY_FRAME_MAX_PAYLOAD; len++) {
        int pattern = (int)(len % 3);
        for (size_t i = 0; i < len; i++) {
            seed = seed * 1103515245u + 12345u;
            payload[i] = pattern == 0 ? 0 : pattern == 1 ? 0xFF : (uint8_t)(seed >> 16);
        }
        size_t n = canopy_frame_encode((uint8_t)len, payload, len, out, sizeof out);
        CHECK(n > 0 && out[n - 1] == 0, "len %zu", len);
        for (size_t i = 0; i + 1 < n; i++) {
            if (out[i] == 0) {
                CHECK(0, "len %zu: zero inside frame at %zu", len, i);
                break;
            }
        }
        canopy_frame_rx_feed(&rx, out, n);
        expected++;
        CHECK(rec.frames == expected && rec.last_len == len && rec.last_seq == (int)(uint8_t)len
                  && memcmp(rec.last, payload, len) == 0,
              "len %zu: frames %d", len, rec.frames);
    }
    CHECK(canopy_frame_rx_bad_frames(&rx) == 0 && rx.stats.errors[CANOPY_ERR_SEQ_GAP] == 0, "no errors");
}

static void each_error_kind_is_counted_and_the_next_frame_arrives(void) {
    const uint8_t hb[] = {0x01, 0x09, 0x82, 0x01, 0x03, 0x08, 0xE8, 0x07, 0x2E, 0xB0, 0x00};
    fresh();
    const uint8_t bad_cobs[] = {0x05, 0x11, 0x00};
    canopy_frame_rx_feed(&rx, bad_cobs, sizeof bad_cobs);
    CHECK(rx.stats.errors[CANOPY_ERR_BAD_COBS] == 1 && rec.last_error == CANOPY_ERR_BAD_COBS, "bad cobs");
    const uint8_t short_frame[] = {0x03, 0x11, 0x22, 0x00};
    canopy_frame_rx_feed(&rx, short_frame, sizeof short_frame);
    CHECK(rx.stats.errors[CANOPY_ERR_SHORT] == 1, "short");
    uint8_t bad_crc[sizeof hb];
    memcpy(bad_crc, hb, sizeof hb);
    bad_crc[8] ^= 0x40;
    canopy_frame_rx_feed(&rx, bad_crc, sizeof bad_crc);
    CHECK(rx.stats.errors[CANOPY_ERR_BAD_CRC] == 1, "bad crc");
    CHECK(rec.last_error_offset == 7, "the bad CRC frame started at byte 7, got %u", (unsigned)rec.last_error_offset);
    rec.accept = false;
    canopy_frame_rx_feed(&rx, hb, sizeof hb);
    CHECK(rx.stats.errors[CANOPY_ERR_UNPARSABLE] == 1 && rx.stats.frames == 0, "unparsable");
    rec.accept = true;
    canopy_frame_rx_feed(&rx, hb, sizeof hb); /* seq 0 again after seq 0: a gap of 255 */
    CHECK(rx.stats.frames == 1 && rx.stats.errors[CANOPY_ERR_SEQ_GAP] == 1 && rx.stats.lost_frames == 255,
          "gap: frames %u lost %u", (unsigned)rx.stats.frames, (unsigned)rx.stats.lost_frames);
    CHECK(rec.errors_reported == 5, "every error reported once: %d", rec.errors_reported);
    CHECK(canopy_frame_rx_bad_frames(&rx) == 4, "bad frames %u", (unsigned)canopy_frame_rx_bad_frames(&rx));
    CHECK(rx.stats.bytes == 3 + 4 + 3 * sizeof hb, "bytes %u", (unsigned)rx.stats.bytes);
    CHECK(strcmp(canopy_error_name(CANOPY_ERR_OVERSIZE), "oversize") == 0, "names");
}

static void endless_garbage_without_delimiter_counts_one_oversize_and_recovers(void) {
    const uint8_t hb[] = {0x01, 0x09, 0x82, 0x01, 0x03, 0x08, 0xE8, 0x07, 0x2E, 0xB0, 0x00};
    fresh();
    for (int i = 0; i < 100000; i++) {
        canopy_frame_rx_byte(&rx, (uint8_t)(1 + i % 255));
    }
    CHECK(rx.stats.errors[CANOPY_ERR_OVERSIZE] == 1, "one oversize, got %u", (unsigned)rx.stats.errors[CANOPY_ERR_OVERSIZE]);
    canopy_frame_rx_byte(&rx, 0);
    canopy_frame_rx_feed(&rx, hb, sizeof hb);
    CHECK(rec.frames == 1 && canopy_frame_rx_bad_frames(&rx) == 1, "recovered");
}

static void host_vanishing_mid_frame_costs_only_that_frame(void) {
    const uint8_t hb[] = {0x01, 0x09, 0x82, 0x01, 0x03, 0x08, 0xE8, 0x07, 0x2E, 0xB0, 0x00};
    for (size_t cut = 1; cut < sizeof hb - 1; cut++) {
        fresh();
        canopy_frame_rx_feed(&rx, hb, cut); /* the host goes away here */
        canopy_frame_rx_byte(&rx, 0);       /* and sends 0x00 when it reopens the port */
        canopy_frame_rx_feed(&rx, hb, sizeof hb);
        CHECK(rec.frames == 1 && canopy_frame_rx_bad_frames(&rx) == 1, "cut %zu: frames %d bad %u", cut, rec.frames,
              (unsigned)canopy_frame_rx_bad_frames(&rx));
    }
}

static void reset_forgets_the_partial_frame_and_the_expected_seq(void) {
    const uint8_t hb[] = {0x01, 0x09, 0x82, 0x01, 0x03, 0x08, 0xE8, 0x07, 0x2E, 0xB0, 0x00};
    fresh();
    canopy_frame_rx_feed(&rx, hb, sizeof hb);
    canopy_frame_rx_feed(&rx, hb, 6);
    canopy_frame_rx_reset(&rx);
    canopy_frame_rx_feed(&rx, hb, sizeof hb);
    CHECK(rec.frames == 2 && canopy_frame_rx_bad_frames(&rx) == 0 && rx.stats.errors[CANOPY_ERR_SEQ_GAP] == 0, "clean");
}

static void a_body_exactly_at_the_limit_is_accepted_and_one_more_byte_is_oversize(void) {
    static uint8_t payload[CANOPY_FRAME_MAX_PAYLOAD + 1];
    static uint8_t body[CANOPY_FRAME_MAX_BODY + 1];
    static uint8_t out[CANOPY_FRAME_MAX_WIRE(CANOPY_FRAME_MAX_PAYLOAD + 1)];
    for (int zeros = 0; zeros < 2; zeros++) {
        memset(payload, zeros ? 0 : 0x77, sizeof payload);
        fresh();
        size_t n = canopy_frame_encode(3, payload, CANOPY_FRAME_MAX_PAYLOAD, out, sizeof out);
        canopy_frame_rx_feed(&rx, out, n);
        CHECK(rec.frames == 1 && rec.last_len == CANOPY_FRAME_MAX_PAYLOAD, "at limit");
        /* one payload byte too many, built by hand (the encoder refuses it) */
        body[0] = 4;
        memcpy(body + 1, payload, CANOPY_FRAME_MAX_PAYLOAD + 1);
        uint16_t crc = canopy_crc16_xmodem(body, CANOPY_FRAME_MAX_PAYLOAD + 2);
        body[CANOPY_FRAME_MAX_PAYLOAD + 2] = (uint8_t)(crc >> 8);
        body[CANOPY_FRAME_MAX_PAYLOAD + 3] = (uint8_t)crc;
        n = canopy_cobs_encode(body, CANOPY_FRAME_MAX_BODY + 1, out, sizeof out);
        out[n++] = 0;
        canopy_frame_rx_feed(&rx, out, n);
        CHECK(rx.stats.errors[CANOPY_ERR_OVERSIZE] == 1 && rec.frames == 1, "over limit (zeros %d)", zeros);
    }
}

static void random_garbage_never_sticks_the_decoder(void) {
    const uint8_t hb[] = {0x01, 0x09, 0x82, 0x01, 0x03, 0x08, 0xE8, 0x07, 0x2E, 0xB0, 0x00};
    uint32_t seed = 99;
    for (int round = 0; round < 2000; round++) {
        fresh();
        int len = round % 3000;
        for (int i = 0; i < len; i++) {
            seed = seed * 1664525u + 1013904223u;
            uint8_t b = (uint8_t)(seed >> 24);
            canopy_frame_rx_byte(&rx, (round & 1) && b < 16 ? 0 : b);
        }
        int before = rec.frames;
        canopy_frame_rx_byte(&rx, 0);
        canopy_frame_rx_feed(&rx, hb, sizeof hb);
        if (rec.frames != before + 1 || rec.last_len != 6) {
            CHECK(0, "round %d: the good frame after garbage did not arrive", round);
            break;
        }
    }
}

int main(void) {
    RUN(crc_check_value_of_123456789_is_31c3);
    RUN(crc_of_nothing_is_zero_and_of_the_worked_example_is_2eb0);
    RUN(crc_update_in_pieces_equals_crc_of_the_whole);
    RUN(crc_single_bytes_match_a_known_table);
    RUN(cobs_examples_of_the_wire_format_doc);
    RUN(cobs_runs_of_zeros_become_runs_of_ones);
    RUN(cobs_block_boundaries_253_254_255_and_508);
    RUN(cobs_decode_rejects_bad_input);
    RUN(cobs_encode_returns_zero_when_the_buffer_is_too_small);
    RUN(frame_encode_gives_the_worked_example_bytes);
    RUN(frame_encode_refuses_payloads_over_the_limit);
    RUN(every_payload_length_round_trips_byte_by_byte);
    RUN(each_error_kind_is_counted_and_the_next_frame_arrives);
    RUN(endless_garbage_without_delimiter_counts_one_oversize_and_recovers);
    RUN(host_vanishing_mid_frame_costs_only_that_frame);
    RUN(reset_forgets_the_partial_frame_and_the_expected_seq);
    RUN(a_body_exactly_at_the_limit_is_accepted_and_one_more_byte_is_oversize);
    RUN(random_garbage_never_sticks_the_decoder);
    return check_summary("test_frame");
}
