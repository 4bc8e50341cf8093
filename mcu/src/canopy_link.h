/*
 * canopy_link: Canopy Envelopes over the serial wire format, for microcontrollers.
 *
 * One canopy_link_t per serial line, owned by the caller (a static variable): it decodes received bytes into
 * canopy_v1_Envelope structs (nanopb, generated from proto/src/main/proto/canopy/messages.proto) and hands
 * each to a callback, and encodes Envelopes into frames in a buffer the caller owns, numbering them.
 * No dynamic allocation; the only C library functions used are memcpy and memset (nanopb clears decoded
 * fields with memset; libgcc helpers aside).
 *
 *   static canopy_link_t link;
 *   static void on_envelope(void *user, const canopy_v1_Envelope *env) {
 *       if (env->which_body == canopy_v1_Envelope_motor_command_tag) { ... env->body.motor_command ... }
 *   }
 *   canopy_link_init(&link, on_envelope, NULL);
 *   canopy_link_set_source(&link, "base");
 *   ... in the UART ISR or poll loop:  canopy_link_feed_byte(&link, byte);
 *   ... to send:
 *   canopy_v1_Envelope env = canopy_v1_Envelope_init_zero;
 *   env.which_body = canopy_v1_Envelope_heartbeat_tag;
 *   env.body.heartbeat.uptime_ms = millis();
 *   uint8_t frame[CANOPY_LINK_TX_BUFFER];
 *   size_t n = canopy_link_encode(&link, &env, frame, sizeof frame);   // then write frame[0..n) to the UART
 */
#ifndef CANOPY_LINK_H
#define CANOPY_LINK_H

#include "canopy_frame.h"
#include "messages.pb.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The protocol_version of DeviceInfo this library speaks (messages.proto is version 1). */
#define CANOPY_PROTOCOL_VERSION 1

/*
 * A transmit buffer that holds any frame this library encodes from the messages a device sends (MotorState,
 * RangeReading, Imu, BatteryState, Heartbeat, DeviceInfo, and an Event with a source of up to 32 characters).
 * canopy_link_encode returns 0 rather than overrun a smaller buffer.
 */
#ifndef CANOPY_LINK_TX_BUFFER
#define CANOPY_LINK_TX_BUFFER 224
#endif

/* The longest Envelope.source written (longer sources are cut here). */
#define CANOPY_LINK_MAX_SOURCE 200

/* Called for each decoded Envelope (valid only during the call), also for one without a body this firmware
 * knows (which_body == 0, counted in no_body): any good frame shows the host is alive. Keep it short when
 * feeding from an ISR. */
typedef void (*canopy_envelope_fn)(void *user, const canopy_v1_Envelope *env);

typedef struct {
    canopy_frame_rx_t rx;          /* the frame decoder; rx.stats holds the receive counters */
    canopy_v1_Envelope decoded;    /* the Envelope being decoded (no stack use for it in the feed path) */
    canopy_envelope_fn on_envelope;
    void *user;
    const char *source;            /* Envelope.source of sent frames; NULL: none */
    uint8_t next_seq;              /* seq of the next frame sent */
    uint32_t sent;                 /* frames encoded */
    uint32_t encode_failures;      /* canopy_link_encode calls that returned 0 */
    uint32_t no_body;              /* good frames whose Envelope has no body this firmware decodes: an empty
                                      Envelope, or one it skips (TreeStatus, MachineStatus, TimerStats,
                                      LinkStatus: see mcu/proto/messages.options; or a body newer than it) */
} canopy_link_t;

/* Sets up a link; on_envelope may be NULL (frames are then only counted). */
void canopy_link_init(canopy_link_t *link, canopy_envelope_fn on_envelope, void *user);
/* Optional: report each receive error as it happens (for a debug UART or an LED). */
void canopy_link_on_error(canopy_link_t *link, canopy_frame_error_fn on_error);
/* Envelope.source of every frame sent ("base", "arm/left"), up to CANOPY_LINK_MAX_SOURCE bytes; the string must
 * outlive the link. NULL: none. */
void canopy_link_set_source(canopy_link_t *link, const char *source);

/* Feeds one received byte (from the UART ISR or a poll loop). Never fails; errors are counted. */
void canopy_link_feed_byte(canopy_link_t *link, uint8_t b);
/* Feeds n received bytes. */
void canopy_link_feed(canopy_link_t *link, const uint8_t *p, size_t n);
/* Forgets a partial frame and the expected seq (after the line was interrupted); keeps the counters. */
void canopy_link_reset(canopy_link_t *link);

/*
 * Encodes env as the next frame (seq, payload, CRC, COBS, 0x00) into out; returns the frame length, or 0
 * (nothing consumed, seq unchanged) when it does not fit in cap bytes or the payload exceeds
 * CANOPY_FRAME_MAX_PAYLOAD. When env->source has no encode callback and a source is set, the link's source
 * is written. env is not changed.
 */
size_t canopy_link_encode(canopy_link_t *link, const canopy_v1_Envelope *env, uint8_t *out, size_t cap);

/* Receive counters: frames, lost frames, bytes and errors by kind. */
const canopy_frame_stats_t *canopy_link_stats(const canopy_link_t *link);

#ifdef __cplusplus
}
#endif

#endif /* CANOPY_LINK_H */
