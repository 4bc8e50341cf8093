/* canopy_frame: COBS, CRC-16/XMODEM, seq and the streaming frame decoder. See canopy_frame.h. */
#include "canopy_frame.h"

const char *canopy_error_name(canopy_error_t kind) {
    switch (kind) {
    case CANOPY_ERR_BAD_COBS: return "bad_cobs";
    case CANOPY_ERR_SHORT: return "short";
    case CANOPY_ERR_BAD_CRC: return "bad_crc";
    case CANOPY_ERR_OVERSIZE: return "oversize";
    case CANOPY_ERR_UNPARSABLE: return "unparsable";
    case CANOPY_ERR_SEQ_GAP: return "seq_gap";
    default: return "unknown";
    }
}

uint16_t canopy_crc16_update(uint16_t crc, const uint8_t *p, size_t n) {
    while (n--) {
        crc ^= (uint16_t)((uint16_t)(*p++) << 8);
        for (int i = 0; i < 8; i++) {
            crc = (crc & 0x8000u) ? (uint16_t)((crc << 1) ^ 0x1021u) : (uint16_t)(crc << 1);
        }
    }
    return crc;
}

uint16_t canopy_crc16_xmodem(const uint8_t *p, size_t n) {
    return canopy_crc16_update(0, p, n);
}

/* ---- encoding: a streaming COBS writer into the caller's buffer ---- */

/* Reserves out[pos] for a byte; false (and overflow) when out is full. */
static bool reserve(canopy_frame_writer_t *w) {
    if (w->overflow || w->pos >= w->cap) {
        w->overflow = true;
        return false;
    }
    return true;
}

/* COBS-stuffs one body byte. */
static void stuff(canopy_frame_writer_t *w, uint8_t b) {
    if (b == 0) {
        if (!reserve(w)) {
            return;
        }
        w->out[w->code_at] = w->code;
        w->code_at = w->pos++;
        w->code = 1;
        return;
    }
    if (!reserve(w)) {
        return;
    }
    w->out[w->pos++] = b;
    if (++w->code == 0xFF) {
        if (!reserve(w)) {
            return;
        }
        w->out[w->code_at] = w->code;
        w->code_at = w->pos++;
        w->code = 1;
    }
}

void canopy_frame_writer_begin(canopy_frame_writer_t *w, uint8_t seq, uint8_t *out, size_t cap) {
    w->out = out;
    w->cap = cap;
    w->code_at = 0;
    w->pos = 1;
    w->code = 1;
    w->crc = canopy_crc16_update(0, &seq, 1);
    w->payload_len = 0;
    w->overflow = cap < 1;
    stuff(w, seq);
}

bool canopy_frame_writer_put(canopy_frame_writer_t *w, const uint8_t *p, size_t n) {
    if (w->overflow || n > (size_t)CANOPY_FRAME_MAX_PAYLOAD - w->payload_len) {
        w->overflow = true;
        return false;
    }
    w->payload_len += n;
    w->crc = canopy_crc16_update(w->crc, p, n);
    for (size_t i = 0; i < n; i++) {
        stuff(w, p[i]);
    }
    return !w->overflow;
}

size_t canopy_frame_writer_end(canopy_frame_writer_t *w) {
    stuff(w, (uint8_t)(w->crc >> 8));
    stuff(w, (uint8_t)(w->crc & 0xFF));
    if (!reserve(w)) {
        return 0;
    }
    w->out[w->code_at] = w->code;
    w->out[w->pos++] = 0;
    return w->pos;
}

size_t canopy_frame_encode(uint8_t seq, const uint8_t *payload, size_t payload_len, uint8_t *out, size_t cap) {
    canopy_frame_writer_t w;
    canopy_frame_writer_begin(&w, seq, out, cap);
    if (!canopy_frame_writer_put(&w, payload, payload_len)) {
        return 0;
    }
    return canopy_frame_writer_end(&w);
}

size_t canopy_cobs_encode(const uint8_t *in, size_t n, uint8_t *out, size_t cap) {
    canopy_frame_writer_t w;
    /* the writer without seq, CRC and delimiter: the plain COBS of in[0..n) */
    w.out = out;
    w.cap = cap;
    w.code_at = 0;
    w.pos = 1;
    w.code = 1;
    w.overflow = cap < 1;
    for (size_t i = 0; i < n; i++) {
        stuff(&w, in[i]);
    }
    if (w.overflow) {
        return 0;
    }
    out[w.code_at] = w.code;
    return w.pos;
}

long canopy_cobs_decode(const uint8_t *in, size_t n, uint8_t *out, size_t cap) {
    size_t i = 0;
    size_t o = 0;
    while (i < n) {
        uint8_t code = in[i++];
        if (code == 0) {
            return -1;
        }
        size_t run = (size_t)code - 1;
        if (run > n - i || run > cap - o) {
            return -1;
        }
        for (size_t k = 0; k < run; k++) {
            uint8_t b = in[i++];
            if (b == 0) {
                return -1;
            }
            out[o++] = b;
        }
        if (code != 0xFF && i < n) {
            if (o >= cap) {
                return -1;
            }
            out[o++] = 0;
        }
    }
    return (long)o;
}

/* ---- decoding: byte-at-a-time ---- */

void canopy_frame_rx_init(canopy_frame_rx_t *rx, canopy_frame_fn on_frame, canopy_frame_error_fn on_error, void *user) {
    rx->on_frame = on_frame;
    rx->on_error = on_error;
    rx->user = user;
    rx->stats.frames = 0;
    rx->stats.lost_frames = 0;
    rx->stats.bytes = 0;
    for (int k = 0; k < CANOPY_ERR_KINDS; k++) {
        rx->stats.errors[k] = 0;
    }
    rx->frame_start = 0;
    canopy_frame_rx_reset(rx);
}

void canopy_frame_rx_reset(canopy_frame_rx_t *rx) {
    rx->len = 0;
    rx->remaining = 0;
    rx->last_code = 0;
    rx->discarding = 0;
    rx->expected_seq = -1;
    rx->frame_start = rx->stats.bytes;
}

static void rx_error(canopy_frame_rx_t *rx, canopy_error_t kind, uint32_t length) {
    rx->stats.errors[kind]++;
    if (rx->on_error != 0) {
        rx->on_error(rx->user, kind, rx->frame_start, length);
    }
}

static void rx_frame_end(canopy_frame_rx_t *rx) {
    uint32_t encoded = rx->stats.bytes - 1 - rx->frame_start;
    size_t n = rx->len;
    if (n < 3) {
        rx_error(rx, CANOPY_ERR_SHORT, encoded);
        return;
    }
    uint16_t crc = (uint16_t)(((uint16_t)rx->body[n - 2] << 8) | rx->body[n - 1]);
    if (canopy_crc16_xmodem(rx->body, n - 2) != crc) {
        rx_error(rx, CANOPY_ERR_BAD_CRC, encoded);
        return;
    }
    uint8_t seq = rx->body[0];
    if (rx->expected_seq >= 0 && seq != (uint8_t)rx->expected_seq) {
        uint8_t lost = (uint8_t)(seq - (uint8_t)rx->expected_seq);
        rx->stats.lost_frames += lost;
        rx_error(rx, CANOPY_ERR_SEQ_GAP, lost);
    }
    rx->expected_seq = (int16_t)(uint8_t)(seq + 1);
    if (rx->on_frame != 0 && rx->on_frame(rx->user, seq, rx->body + 1, n - 3)) {
        rx->stats.frames++;
    } else {
        rx_error(rx, CANOPY_ERR_UNPARSABLE, encoded);
    }
}

/* Appends a decoded body byte; false (and discarding until the next 0x00) when the body is full. */
static bool rx_append(canopy_frame_rx_t *rx, uint8_t b) {
    if (rx->len >= CANOPY_FRAME_MAX_BODY) {
        rx_error(rx, CANOPY_ERR_OVERSIZE, rx->stats.bytes - rx->frame_start);
        rx->discarding = 1;
        return false;
    }
    rx->body[rx->len++] = b;
    return true;
}

void canopy_frame_rx_byte(canopy_frame_rx_t *rx, uint8_t b) {
    rx->stats.bytes++;
    if (b == 0) {
        if (rx->discarding) {
            rx->discarding = 0;
        } else if (rx->last_code != 0) {
            if (rx->remaining != 0) {
                rx_error(rx, CANOPY_ERR_BAD_COBS, rx->stats.bytes - 1 - rx->frame_start);
            } else {
                rx_frame_end(rx);
            }
        } /* else: an empty frame (repeated delimiter) is ignored */
        rx->len = 0;
        rx->remaining = 0;
        rx->last_code = 0;
        rx->frame_start = rx->stats.bytes;
        return;
    }
    if (rx->discarding) {
        return;
    }
    if (rx->remaining == 0) {
        /* a code byte: the block before it (unless it was a full 0xFF block) ended in an implied zero */
        if (rx->last_code != 0 && rx->last_code != 0xFF && !rx_append(rx, 0)) {
            return;
        }
        rx->last_code = b;
        rx->remaining = (uint8_t)(b - 1);
        return;
    }
    if (rx_append(rx, b)) {
        rx->remaining--;
    }
}

void canopy_frame_rx_feed(canopy_frame_rx_t *rx, const uint8_t *p, size_t n) {
    for (size_t i = 0; i < n; i++) {
        canopy_frame_rx_byte(rx, p[i]);
    }
}

uint32_t canopy_frame_rx_bad_frames(const canopy_frame_rx_t *rx) {
    uint32_t sum = 0;
    for (int k = 0; k < CANOPY_ERR_KINDS; k++) {
        if (k != CANOPY_ERR_SEQ_GAP) {
            sum += rx->stats.errors[k];
        }
    }
    return sum;
}
