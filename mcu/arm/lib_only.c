/*
 * The library alone on a Cortex-M0+: one link (decoder context) and one transmit buffer, feeding received bytes
 * and encoding every message a device sends. Linked with startup.c only, so arm-none-eabi-size of this image is
 * the library + messages + the memcpy/memset they use, plus a few bytes of vector table and glue.
 */
#include "canopy_link.h"

static canopy_link_t link;
static uint8_t tx[CANOPY_LINK_TX_BUFFER];
static volatile uint8_t uart_data;      /* stands for the UART data register */
static volatile uint32_t sink;
static volatile uint32_t commands;

static void on_envelope(void *user, const canopy_v1_Envelope *env) {
    (void)user;
    if (env->which_body == canopy_v1_Envelope_motor_command_tag) {
        commands += env->body.motor_command.motor_id;
    }
}

int main(void) {
    canopy_link_init(&link, on_envelope, 0);
    canopy_link_set_source(&link, "base");
    for (;;) {
        canopy_link_feed_byte(&link, uart_data);
        canopy_v1_Envelope env = canopy_v1_Envelope_init_zero;
        env.which_body = (pb_size_t)(uart_data & 0x1F); /* every body kind is reachable */
        sink += canopy_link_encode(&link, &env, tx, sizeof tx);
        sink += tx[uart_data];
    }
}
