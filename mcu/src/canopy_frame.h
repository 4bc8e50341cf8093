/*
 * canopy_frame: the byte layer of the Canopy serial wire format (docs/wire-format.md), for microcontrollers.
 *
 *   frame   = COBS(body) 0x00
 *   body    = seq:u8  payload:bytes  crc:u16 (big-endian)
 *   payload = a serialized canopy.v1.Envelope, at most 1024 bytes
 *   crc     = CRC-16/XMODEM over seq and payload
 *
 * C99, no dynamic allocation, no library calls. The decoder is a byte-at-a-time state machine that the UART
 * ISR or a poll loop feeds; a bad frame costs only itself (the decoder drops bytes up to the next 0x00) and
 * is counted by kind. Most firmware uses canopy_link.h (Envelopes through nanopb) on top of this.
 */
#ifndef CANOPY_FRAME_H
#define CANOPY_FRAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The largest payload this firmware accepts. The wire format allows 1024; a smaller value saves RAM
 * (the decoder holds one body: CANOPY_FRAME_MAX_PAYLOAD + 3 bytes) and larger frames are counted as
 * CANOPY_ERR_OVERSIZE. Set it for the whole build, e.g. -DCANOPY_FRAME_MAX_PAYLOAD=256.
 */
#ifndef CANOPY_FRAME_MAX_PAYLOAD
#define CANOPY_FRAME_MAX_PAYLOAD 1024
#endif
#if CANOPY_FRAME_MAX_PAYLOAD < 1 || CANOPY_FRAME_MAX_PAYLOAD > 1024
#error "CANOPY_FRAME_MAX_PAYLOAD must be 1..1024 (the wire format's limit is 1024)"
#endif

/* seq + payload + crc */
#define CANOPY_FRAME_MAX_BODY (1 + CANOPY_FRAME_MAX_PAYLOAD + 2)
/* The largest COBS encoding of n bytes (one code byte per 254 bytes, plus one). */
#define CANOPY_COBS_MAX_ENCODED(n) ((n) + (n) / 254 + 1)
/* Bytes a frame of payload_len bytes can take on the wire, delimiter included: size transmit buffers with it. */
#define CANOPY_FRAME_MAX_WIRE(payload_len) (CANOPY_COBS_MAX_ENCODED(1 + (payload_len) + 2) + 1)

/* What can be wrong with received bytes; each kind has its own counter (the Java FrameError, same names). */
typedef enum {
    CANOPY_ERR_BAD_COBS = 0,   /* a COBS code byte runs past the frame's end */
    CANOPY_ERR_SHORT,          /* fewer than 3 bytes (seq + crc) after decoding */
    CANOPY_ERR_BAD_CRC,        /* CRC-16/XMODEM mismatch */
    CANOPY_ERR_OVERSIZE,       /* more than CANOPY_FRAME_MAX_PAYLOAD payload bytes before a delimiter */
    CANOPY_ERR_UNPARSABLE,     /* good CRC, but the frame handler rejected the payload */
    CANOPY_ERR_SEQ_GAP,        /* seq skipped values (counted once per gap; the frames are in lost_frames) */
    CANOPY_ERR_KINDS
} canopy_error_t;

/* A short name of an error kind ("bad_cobs", "short", ...), for logs. */
const char *canopy_error_name(canopy_error_t kind);

/* CRC-16/XMODEM (poly 0x1021, init 0, no reflection, xorout 0) of n bytes; "123456789" gives 0x31C3. */
uint16_t canopy_crc16_xmodem(const uint8_t *p, size_t n);
/* Continues a CRC over more bytes: canopy_crc16_update(canopy_crc16_update(0, a, na), b, nb) == crc(a ++ b). */
uint16_t canopy_crc16_update(uint16_t crc, const uint8_t *p, size_t n);

/*
 * COBS-encodes n bytes into out (no delimiter); returns the encoded length, or 0 when it would not fit in cap
 * bytes (CANOPY_COBS_MAX_ENCODED(n) always fits). in and out must not overlap.
 */
size_t canopy_cobs_encode(const uint8_t *in, size_t n, uint8_t *out, size_t cap);
/*
 * Decodes n COBS bytes (no delimiter) into out; returns the decoded length, or -1 when the input is not COBS
 * (a zero byte, a code running past the end) or the result would not fit in cap bytes.
 */
long canopy_cobs_decode(const uint8_t *in, size_t n, uint8_t *out, size_t cap);

/*
 * Encodes one whole frame (COBS, the 0x00 delimiter included) of the payload with the given seq into out;
 * returns its length, or 0 when payload_len > CANOPY_FRAME_MAX_PAYLOAD or it does not fit in cap bytes
 * (CANOPY_FRAME_MAX_WIRE(payload_len) always fits). Streaming: needs no buffer besides out.
 */
size_t canopy_frame_encode(uint8_t seq, const uint8_t *payload, size_t payload_len, uint8_t *out, size_t cap);

/*
 * A streaming frame writer for producers that write the payload piece by piece (nanopb's output stream does):
 * begin, put the payload bytes, end. Writes straight into the caller's buffer: COBS and CRC on the fly.
 */
typedef struct {
    uint8_t *out;
    size_t cap;
    size_t pos;        /* next free index in out */
    size_t code_at;    /* index of the current COBS code byte */
    uint8_t code;      /* current COBS code (run length + 1) */
    uint16_t crc;
    size_t payload_len;
    bool overflow;     /* out too small or payload too long: end() returns 0 */
} canopy_frame_writer_t;

void canopy_frame_writer_begin(canopy_frame_writer_t *w, uint8_t seq, uint8_t *out, size_t cap);
/* Appends payload bytes; returns false (and end() returns 0) once out is full or the payload is too long. */
bool canopy_frame_writer_put(canopy_frame_writer_t *w, const uint8_t *p, size_t n);
/* Appends the CRC and the delimiter; returns the frame length, or 0 after an overflow. */
size_t canopy_frame_writer_end(canopy_frame_writer_t *w);

/*
 * Called for each frame that passed COBS, length and CRC checks, with its seq and payload (valid only during
 * the call). Return true when the payload was understood, false to count it as CANOPY_ERR_UNPARSABLE.
 */
typedef bool (*canopy_frame_fn)(void *user, uint8_t seq, const uint8_t *payload, size_t len);
/* Optional: called once per counted error (the offset of the frame's first byte in the stream, and a length). */
typedef void (*canopy_frame_error_fn)(void *user, canopy_error_t kind, uint32_t frame_offset, uint32_t length);

/* Receive counters; 32-bit so that a main loop can read them while an ISR feeds (one word each). */
typedef struct {
    uint32_t frames;                     /* good frames the handler accepted */
    uint32_t lost_frames;                /* frames missing according to seq */
    uint32_t bytes;                      /* bytes fed */
    uint32_t errors[CANOPY_ERR_KINDS];   /* errors by kind */
} canopy_frame_stats_t;

/* The receiving side: caller-owned, one per serial line. Treat the fields as private except stats. */
typedef struct {
    canopy_frame_fn on_frame;
    canopy_frame_error_fn on_error;
    void *user;
    canopy_frame_stats_t stats;
    uint32_t frame_start;   /* stream offset of the current frame's first byte */
    uint16_t len;           /* decoded body bytes so far */
    uint8_t remaining;      /* data bytes left in the current COBS block; 0: the next byte is a code */
    uint8_t last_code;      /* code of the current block (0: none yet in this frame) */
    uint8_t discarding;     /* after an error: drop bytes up to the next 0x00 */
    int16_t expected_seq;   /* -1: accept any */
    uint8_t body[CANOPY_FRAME_MAX_BODY];
} canopy_frame_rx_t;

/* Sets up a receiver; on_error may be NULL. */
void canopy_frame_rx_init(canopy_frame_rx_t *rx, canopy_frame_fn on_frame, canopy_frame_error_fn on_error, void *user);
/* Feeds one received byte; calls on_frame (or counts an error) when it completes a frame. Never fails. */
void canopy_frame_rx_byte(canopy_frame_rx_t *rx, uint8_t b);
/* Feeds n bytes. */
void canopy_frame_rx_feed(canopy_frame_rx_t *rx, const uint8_t *p, size_t n);
/* Forgets a partial frame and the expected seq (after the line was interrupted); keeps the counters. */
void canopy_frame_rx_reset(canopy_frame_rx_t *rx);
/* Errors of every kind except sequence gaps. */
uint32_t canopy_frame_rx_bad_frames(const canopy_frame_rx_t *rx);

#ifdef __cplusplus
}
#endif

#endif /* CANOPY_FRAME_H */
