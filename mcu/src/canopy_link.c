/* canopy_link: Envelopes (nanopb) over canopy_frame. See canopy_link.h. */
#include "canopy_link.h"

#include "pb_decode.h"
#include "pb_encode.h"

static bool on_frame(void *user, uint8_t seq, const uint8_t *payload, size_t len) {
    canopy_link_t *link = (canopy_link_t *)user;
    (void)seq;
    canopy_v1_Envelope *env = &link->decoded;
    /* pb_decode clears every field first; callback fields (source, reply_to) stay NULL, so they are skipped */
    env->source.funcs.decode = 0;
    env->source.arg = 0;
    env->reply_to.funcs.decode = 0;
    env->reply_to.arg = 0;
    pb_istream_t in = pb_istream_from_buffer(payload, len);
    if (!pb_decode(&in, canopy_v1_Envelope_fields, env)) {
        return false;
    }
    if (env->which_body == 0) {
        link->no_body++;
    }
    if (link->on_envelope != 0) {
        link->on_envelope(link->user, env);
    }
    return true;
}

void canopy_link_init(canopy_link_t *link, canopy_envelope_fn on_envelope, void *user) {
    canopy_frame_rx_init(&link->rx, on_frame, 0, link);
    link->on_envelope = on_envelope;
    link->user = user;
    link->source = 0;
    link->next_seq = 0;
    link->sent = 0;
    link->encode_failures = 0;
    link->no_body = 0;
}

void canopy_link_on_error(canopy_link_t *link, canopy_frame_error_fn on_error) {
    link->rx.on_error = on_error;
}

void canopy_link_set_source(canopy_link_t *link, const char *source) {
    link->source = source;
}

void canopy_link_feed_byte(canopy_link_t *link, uint8_t b) {
    canopy_frame_rx_byte(&link->rx, b);
}

void canopy_link_feed(canopy_link_t *link, const uint8_t *p, size_t n) {
    canopy_frame_rx_feed(&link->rx, p, n);
}

void canopy_link_reset(canopy_link_t *link) {
    canopy_frame_rx_reset(&link->rx);
}

const canopy_frame_stats_t *canopy_link_stats(const canopy_link_t *link) {
    return &link->rx.stats;
}

static bool write_to_frame(pb_ostream_t *stream, const pb_byte_t *buf, size_t count) {
    return canopy_frame_writer_put((canopy_frame_writer_t *)stream->state, buf, count);
}

static bool encode_source(pb_ostream_t *stream, const pb_field_t *field, void *const *arg) {
    const char *s = (const char *)*arg;
    size_t n = 0;
    while (n < CANOPY_LINK_MAX_SOURCE && s[n] != '\0') { /* bounded: no strlen, and a missing NUL stays harmless */
        n++;
    }
    return pb_encode_tag_for_field(stream, field) && pb_encode_string(stream, (const pb_byte_t *)s, n);
}

size_t canopy_link_encode(canopy_link_t *link, const canopy_v1_Envelope *env, uint8_t *out, size_t cap) {
    canopy_frame_writer_t w;
    canopy_frame_writer_begin(&w, link->next_seq, out, cap);
    pb_ostream_t stream = {write_to_frame, &w, SIZE_MAX, 0
#ifndef PB_NO_ERRMSG
                           , 0
#endif
    };
    bool ok;
    if (env->source.funcs.encode == 0 && link->source != 0 && link->source[0] != '\0') {
        /* a shallow copy with the link's source: env stays untouched (const) */
        canopy_v1_Envelope with_source = *env;
        with_source.source.funcs.encode = encode_source;
        with_source.source.arg = (void *)(uintptr_t)link->source;
        ok = pb_encode(&stream, canopy_v1_Envelope_fields, &with_source);
    } else {
        ok = pb_encode(&stream, canopy_v1_Envelope_fields, env);
    }
    size_t n = ok ? canopy_frame_writer_end(&w) : 0;
    if (n == 0) {
        link->encode_failures++;
        return 0;
    }
    link->next_seq++;
    link->sent++;
    return n;
}
