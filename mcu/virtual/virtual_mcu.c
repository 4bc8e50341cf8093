/*
 * virtual-mcu: the diffdrive firmware (examples/diffdrive/diffdrive_app.c, unchanged) on Linux. The HAL below
 * gives it a millisecond clock, a simulated base (world.c) for its motors, encoders, range sensor and battery,
 * and a serial port: any tty or pty, e.g. one end of a socat pair. The node connects to the other end.
 *
 *   socat -d -d pty,raw,echo=0,link=/tmp/canopy-node pty,raw,echo=0,link=/tmp/canopy-mcu &
 *   mcu/build/virtual-mcu /tmp/canopy-mcu --battery 60 --drain 60 --charge-rate 15
 *   CANOPY_PORT=/tmp/canopy-node bin/canopy run launch/examples/serial-robot.launch.xml
 */
#define _DEFAULT_SOURCE /* cfmakeraw */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "diffdrive_app.h"
#include "diffdrive_hal.h"
#include "world.h"

static const char USAGE[] =
    "usage: virtual-mcu PORT [--battery PCT] [--drain SCALE] [--charge-rate PCT_PER_S] [--dock X,Y[,RADIUS]]\n"
    "                        [--pose X,Y,THETA] [--duration SECONDS] [--status-ms MS]\n"
    "  PORT            the serial device or pty to speak on (e.g. one end of a socat pty pair)\n"
    "  --battery       charge at start, percent (default 100)\n"
    "  --drain         battery drain multiplier (default 1; the patrol demo uses 60)\n"
    "  --charge-rate   percent per second while parked on the dock; 0 = no dock (default 0)\n"
    "  --dock          dock position and radius, metres (default 0.5,1.5,0.25)\n"
    "  --pose          start pose, metres and radians (default 0.5,1.5,0)\n"
    "  --duration      stop after this many seconds; 0 runs until SIGINT/SIGTERM (default 0)\n"
    "  --status-ms     period of the status line on stdout; 0 = none (default 1000)\n";

static world_t world;
static struct timespec start;
static int fd = -1;
static const char *port;
static int need_delimiter;
static uint32_t line_losses;
static volatile sig_atomic_t stop_requested;

/* ---- the HAL ---- */

uint32_t hal_millis(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint32_t)((now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000);
}

int32_t hal_encoder_count(uint8_t motor) {
    return world_encoder_count(&world, motor);
}

void hal_motor_output(uint8_t motor, float duty) {
    world.duty[motor] = duty;
}

float hal_range_m(void) {
    return (float)world_range_m(&world);
}

float hal_battery_volts(void) {
    return (float)world_battery_volts(&world);
}

bool hal_charging(void) {
    return world.charging != 0;
}

bool hal_motor_overcurrent(uint8_t motor) {
    return world.stalled[motor & 1] != 0;
}

static void line_lost(const char *what) {
    if (fd >= 0) {
        fprintf(stderr, "virtual-mcu: %s: %s %s; reopening\n", port, what, strerror(errno));
        close(fd);
        fd = -1;
        line_losses++;
    }
}

size_t hal_serial_read(uint8_t *buf, size_t cap) {
    if (fd < 0) {
        return 0;
    }
    ssize_t n = read(fd, buf, cap);
    if (n > 0) {
        return (size_t)n;
    }
    if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
        line_lost("read failed:");
    }
    return 0;
}

/* Writes all n bytes, waiting at most ~2 ms for room; false when they did not all go out. */
static int write_all(const uint8_t *p, size_t n) {
    size_t done = 0;
    for (int tries = 0; done < n && tries < 3; tries++) {
        ssize_t k = write(fd, p + done, n - done);
        if (k > 0) {
            done += (size_t)k;
            continue;
        }
        if (k < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
            line_lost("write failed:");
            return 0;
        }
        struct pollfd pfd = {fd, POLLOUT, 0};
        poll(&pfd, 1, 1);
    }
    if (done > 0 && done < n) {
        need_delimiter = 1; /* a torn frame: end it with 0x00 before the next, so it costs only itself */
    }
    return done == n;
}

bool hal_serial_write(const uint8_t *buf, size_t n) {
    if (fd < 0) {
        return false;
    }
    if (need_delimiter) {
        static const uint8_t zero = 0;
        if (!write_all(&zero, 1)) {
            return false;
        }
        need_delimiter = 0;
    }
    return write_all(buf, n);
}

/* ---- the program ---- */

static void open_port(void) {
    fd = open(port, O_RDWR | O_NOCTTY | O_NONBLOCK);
    if (fd < 0) {
        return;
    }
    struct termios t;
    if (tcgetattr(fd, &t) == 0) {
        cfmakeraw(&t);
        cfsetispeed(&t, B115200);
        cfsetospeed(&t, B115200);
        tcsetattr(fd, TCSANOW, &t);
    }
    need_delimiter = 1; /* like the node: end whatever partial frame the peer may hold */
}

static void on_signal(int sig) {
    (void)sig;
    stop_requested = 1;
}

static int parse_doubles(const char *opt, const char *text, double *out, int min, int max) {
    int n = 0;
    const char *p = text;
    while (n < max) {
        char *end;
        errno = 0;
        double v = strtod(p, &end);
        if (end == p || errno != 0) {
            break;
        }
        out[n++] = v;
        if (*end == '\0') {
            if (n >= min) {
                return n;
            }
            break;
        }
        if (*end != ',') {
            break;
        }
        p = end + 1;
    }
    if (max == 1) {
        fprintf(stderr, "virtual-mcu: %s \"%s\" is not a number; give e.g. %s 60\n", opt, text, opt);
    } else {
        fprintf(stderr, "virtual-mcu: %s \"%s\": expected %d%s numbers separated by commas, e.g. %s 0.5,1.5%s\n", opt,
                text, min, max > min ? " or 3" : "", opt, min == 3 ? ",0" : "");
    }
    exit(2);
}

static void status(double t) {
    const canopy_frame_stats_t *rx = canopy_link_stats(dd_link());
    const dd_stats_t *s = dd_stats();
    printf("t=%.1fs x=%.3f y=%.3f theta=%.3f wheels=%.2f/%.2f rad/s range=%.3f m battery=%.2f %%%s%s | rx frames=%u"
           " bad=%u (cobs %u short %u crc %u oversize %u unparsable %u) lost=%u no_body=%u | commands=%u timeouts=%u host_silences=%u | tx sent=%u dropped=%u%s\n",
           t, world.x, world.y, world.theta, world.velocity[0], world.velocity[1], world_range_m(&world),
           world.battery_pct, world.charging ? " charging" : "", world.stalled[0] || world.stalled[1] ? " stalled" : "",
           (unsigned)rx->frames, (unsigned)canopy_frame_rx_bad_frames(&dd_link()->rx),
           (unsigned)rx->errors[CANOPY_ERR_BAD_COBS], (unsigned)rx->errors[CANOPY_ERR_SHORT],
           (unsigned)rx->errors[CANOPY_ERR_BAD_CRC], (unsigned)rx->errors[CANOPY_ERR_OVERSIZE],
           (unsigned)rx->errors[CANOPY_ERR_UNPARSABLE], (unsigned)rx->lost_frames, (unsigned)dd_link()->no_body, (unsigned)s->commands, (unsigned)s->timeouts, (unsigned)s->host_silences,
           (unsigned)s->frames_sent, (unsigned)s->frames_dropped, fd < 0 ? " | port closed" : "");
    fflush(stdout);
}

int main(int argc, char **argv) {
    double duration_s = 0, status_ms = 1000, v[3];
    world_init(&world, DD_TICKS_PER_REV, DD_MAX_WHEEL_RAD_S);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            fputs(USAGE, stdout);
            return 0;
        }
        if (a[0] != '-') {
            if (port != NULL) {
                fprintf(stderr, "virtual-mcu: a second PORT \"%s\" after \"%s\"; give one port\n%s", a, port, USAGE);
                return 2;
            }
            port = a;
            continue;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "virtual-mcu: %s needs a value\n%s", a, USAGE);
            return 2;
        }
        const char *val = argv[++i];
        if (strcmp(a, "--battery") == 0) {
            parse_doubles(a, val, v, 1, 1);
            world.battery_pct = v[0] < 0 ? 0 : v[0] > 100 ? 100 : v[0];
        } else if (strcmp(a, "--drain") == 0) {
            parse_doubles(a, val, &world.drain_scale, 1, 1);
        } else if (strcmp(a, "--charge-rate") == 0) {
            parse_doubles(a, val, &world.charge_pct_per_s, 1, 1);
        } else if (strcmp(a, "--dock") == 0) {
            int n = parse_doubles(a, val, v, 2, 3);
            world.dock_x = v[0];
            world.dock_y = v[1];
            if (n == 3) {
                world.dock_radius_m = v[2];
            }
        } else if (strcmp(a, "--pose") == 0) {
            parse_doubles(a, val, v, 3, 3);
            world.x = v[0];
            world.y = v[1];
            world.theta = v[2];
        } else if (strcmp(a, "--duration") == 0) {
            parse_doubles(a, val, &duration_s, 1, 1);
        } else if (strcmp(a, "--status-ms") == 0) {
            parse_doubles(a, val, &status_ms, 1, 1);
        } else {
            fprintf(stderr, "virtual-mcu: unknown option %s\n%s", a, USAGE);
            return 2;
        }
    }
    if (port == NULL) {
        fprintf(stderr, "virtual-mcu: give the serial device or pty to speak on\n%s", USAGE);
        return 2;
    }
    clock_gettime(CLOCK_MONOTONIC, &start);
    open_port();
    if (fd < 0) {
        fprintf(stderr, "virtual-mcu: cannot open %s: %s; give a serial device or one end of a socat pty pair"
                        " (socat -d -d pty,raw,echo=0,link=/tmp/a pty,raw,echo=0,link=/tmp/b)\n", port, strerror(errno));
        return 2;
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
    printf("virtual-mcu: diffdrive firmware on %s (battery %.0f %%, drain x%g, %s)\n", port, world.battery_pct,
           world.drain_scale, world.charge_pct_per_s > 0 ? "dock" : "no dock");
    fflush(stdout);

    dd_setup();
    uint32_t world_ms = 0;      /* simulated time, follows the clock in 1 ms steps */
    uint32_t next_status = (uint32_t)status_ms;
    uint32_t next_reopen = 0;
    struct timespec next = start;
    while (!stop_requested) {
        uint32_t now = hal_millis();
        if (duration_s > 0 && now >= (uint32_t)(duration_s * 1000)) {
            break;
        }
        for (int steps = 0; (int32_t)(now - world_ms) > 0 && steps < 50; steps++) {
            world_step(&world, 0.001);
            world_ms++;
        }
        world_ms = now - world_ms > 50 ? now : world_ms; /* fell far behind (a stopped process): skip */
        if (fd < 0 && (int32_t)(now - next_reopen) >= 0) {
            next_reopen = now + 500;
            open_port();
            if (fd >= 0) {
                fprintf(stderr, "virtual-mcu: %s open again\n", port);
            }
        }
        dd_loop();
        if (status_ms > 0 && (int32_t)(now - next_status) >= 0) {
            status(now / 1000.0);
            next_status += (uint32_t)status_ms;
        }
        next.tv_nsec += 1000000;
        if (next.tv_nsec >= 1000000000) {
            next.tv_nsec -= 1000000000;
            next.tv_sec++;
        }
        struct timespec real;
        clock_gettime(CLOCK_MONOTONIC, &real);
        if ((real.tv_sec - next.tv_sec) * 1000000000L + (real.tv_nsec - next.tv_nsec) > 50000000L) {
            next = real; /* more than 50 ms late (a stopped process): start over, never burst */
        }
        clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL);
    }
    status(hal_millis() / 1000.0);
    for (uint8_t m = 0; m < 2; m++) {
        hal_motor_output(m, 0);
    }
    if (fd >= 0) {
        close(fd);
    }
    printf("virtual-mcu: stopped; %u line losses, %ld steps held by a wall or the box\n", (unsigned)line_losses,
           world.blocked_steps);
    return 0;
}
