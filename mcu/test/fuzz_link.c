/*
 * libFuzzer target: any bytes, fed to a link in two pieces (the first byte picks the cut), then 0x00 and one good
 * frame: never a crash or a sanitizer report, the counters add up, and the good frame after the garbage is always
 * delivered (a bad frame costs only itself). The same input, read as a payload, must round-trip through the frame
 * encoder and decoder unchanged.
 *   make fuzz FUZZ_SECONDS=30
 */
#include <stdlib.h>
#include <string.h>

#include "canopy_link.h"

static int delivered;
static uint32_t last_uptime;

static void on_envelope(void *user, const canopy_v1_Envelope *env) {
    (void)user;
    delivered++;
    if (env->which_body == canopy_v1_Envelope_heartbeat_tag) {
        last_uptime = env->body.heartbeat.uptime_ms;
    }
}

static bool raw_frame(void *user, uint8_t seq, const uint8_t *p, size_t n) {
    (void)seq;
    const uint8_t *want = (const uint8_t *)user;
    return memcmp(p, want, n) == 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static canopy_link_t link;
    canopy_link_init(&link, on_envelope, NULL);
    size_t cut = size == 0 ? 0 : data[0] % (size + 1);
    canopy_link_feed(&link, data, cut);
    for (size_t i = cut; i < size; i++) {
        canopy_link_feed_byte(&link, data[i]);
    }
    const canopy_frame_stats_t *s = canopy_link_stats(&link);
    if (s->bytes != size || s->frames > size || link.no_body > s->frames) {
        abort();
    }

    /* a good frame after a delimiter always arrives */
    static canopy_link_t tx;
    canopy_link_init(&tx, NULL, NULL);
    canopy_v1_Envelope hb = canopy_v1_Envelope_init_zero;
    hb.which_body = canopy_v1_Envelope_heartbeat_tag;
    hb.body.heartbeat.uptime_ms = 0xC0FFEE;
    uint8_t frame[64];
    size_t n = canopy_link_encode(&tx, &hb, frame, sizeof frame);
    canopy_link_feed_byte(&link, 0);
    int before = delivered;
    last_uptime = 0;
    canopy_link_feed(&link, frame, n);
    if (n == 0 || delivered != before + 1 || last_uptime != 0xC0FFEE) {
        abort();
    }

    /* the input as a payload round-trips */
    if (size <= CANOPY_FRAME_MAX_PAYLOAD) {
        static uint8_t out[CANOPY_FRAME_MAX_WIRE(CANOPY_FRAME_MAX_PAYLOAD)];
        size_t m = canopy_frame_encode((uint8_t)size, data, size, out, sizeof out);
        if (m == 0 || out[m - 1] != 0 || memchr(out, 0, m - 1) != NULL) {
            abort();
        }
        static canopy_frame_rx_t rx;
        canopy_frame_rx_init(&rx, raw_frame, NULL, (void *)data);
        canopy_frame_rx_feed(&rx, out, m);
        if (rx.stats.frames != 1 || canopy_frame_rx_bad_frames(&rx) != 0) {
            abort();
        }
    }
    return 0;
}
