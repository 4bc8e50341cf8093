/*
 * frames: prints the Envelopes in a byte stream of Canopy frames, one line each, with the library's decoder
 * (e.g. a socat -R dump of what the firmware sent). Used by .ci/test.d/mcu-qemu.sh to read the motor state and the
 * heartbeat the emulated firmware reported.
 *   usage: frames FILE [OFFSET]     decodes FILE from byte OFFSET (a frame cut by OFFSET counts as one bad frame)
 *          frames --command MOTOR RAD_S TIMEOUT_MS   writes 0x00 and a MotorCommand frame (velocity) to stdout
 */
#include <string.h>
#include <stdio.h>
#include <stdlib.h>

#include "canopy_link.h"

static void on_envelope(void *user, const canopy_v1_Envelope *e) {
    (void)user;
    switch (e->which_body) {
    case canopy_v1_Envelope_heartbeat_tag:
        printf("heartbeat uptime_ms=%u fault_flags=%u\n", (unsigned)e->body.heartbeat.uptime_ms,
               (unsigned)e->body.heartbeat.fault_flags);
        break;
    case canopy_v1_Envelope_motor_state_tag:
        printf("motor_state motor_id=%u position=%.3f velocity=%.3f effort=%.3f fault_flags=%u\n",
               (unsigned)e->body.motor_state.motor_id, e->body.motor_state.position, e->body.motor_state.velocity,
               e->body.motor_state.effort, (unsigned)e->body.motor_state.fault_flags);
        break;
    case canopy_v1_Envelope_motor_command_tag:
        printf("motor_command motor_id=%u\n", (unsigned)e->body.motor_command.motor_id);
        break;
    case canopy_v1_Envelope_device_info_tag:
        printf("device_info model=%s firmware=%s protocol_version=%u\n", e->body.device_info.model,
               e->body.device_info.firmware, (unsigned)e->body.device_info.protocol_version);
        break;
    case canopy_v1_Envelope_battery_state_tag:
        printf("battery_state voltage=%.2f percent=%.1f charging=%d\n", e->body.battery_state.voltage,
               e->body.battery_state.percent, e->body.battery_state.charging ? 1 : 0);
        break;
    case canopy_v1_Envelope_range_reading_tag:
        printf("range_reading sensor_id=%u range_m=%.3f\n", (unsigned)e->body.range_reading.sensor_id,
               e->body.range_reading.range_m);
        break;
    default:
        printf("body %u\n", (unsigned)e->which_body);
        break;
    }
}

static int command(const char *motor, const char *rad_s, const char *timeout_ms) {
    static canopy_link_t link;
    canopy_link_init(&link, NULL, NULL);
    canopy_link_set_source(&link, "ci");
    canopy_v1_Envelope e = canopy_v1_Envelope_init_zero;
    e.which_body = canopy_v1_Envelope_motor_command_tag;
    e.body.motor_command.motor_id = (uint32_t)atoi(motor);
    e.body.motor_command.which_target = canopy_v1_MotorCommand_velocity_tag;
    e.body.motor_command.target.velocity = atof(rad_s);
    e.body.motor_command.timeout_ms = (uint32_t)atoi(timeout_ms);
    uint8_t buf[1 + CANOPY_LINK_TX_BUFFER] = {0};
    size_t n = canopy_link_encode(&link, &e, buf + 1, sizeof buf - 1);
    return n > 0 && fwrite(buf, 1, n + 1, stdout) == n + 1 ? 0 : 1;
}

int main(int argc, char **argv) {
    if (argc == 5 && strcmp(argv[1], "--command") == 0) {
        return command(argv[2], argv[3], argv[4]);
    }
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: frames FILE [OFFSET] | frames --command MOTOR RAD_S TIMEOUT_MS\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    if (argc == 3 && fseek(f, atol(argv[2]), SEEK_SET) != 0) {
        perror("seek");
        return 2;
    }
    static canopy_link_t link;
    canopy_link_init(&link, on_envelope, NULL);
    uint8_t buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
        canopy_link_feed(&link, buf, n);
    }
    fclose(f);
    printf("frames=%u bad=%u lost=%u\n", (unsigned)canopy_link_stats(&link)->frames,
           (unsigned)canopy_frame_rx_bad_frames(&link.rx), (unsigned)canopy_link_stats(&link)->lost_frames);
    return 0;
}
