/*
 * The physical floor of timer lateness on this machine: a C loop that sleeps to absolute deadlines
 * (start + k * period) with clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME) and measures how late each
 * wake-up is. Prints the same figures as `canopy bench ticker` (lateness p50/p99/p99.9/max in us, ticks
 * expected and done, missed deadlines; policy skip, as the ticker) and, with --json, one JSON object on
 * the last line with the same keys.
 *
 *   cc -O2 -o floor floor.c -lm
 *   ./floor [--hz 1000] [--seconds 10] [--timer-slack-ns N] [--fifo PRIO] [--load] [--json]
 *
 * --timer-slack-ns sets this thread's timer slack (prctl PR_SET_TIMERSLACK; the default is 50 us),
 * --fifo asks for SCHED_FIFO (refusals are reported, the loop runs anyway), --load runs a busy loop on
 * every core meanwhile, like the Java bench. Build and run it with run-floor.sh.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

static int64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static volatile int burning = 1;
static volatile double burn_sink;

static void *burn(void *arg) {
    (void)arg;
    double x = 1;
    while (burning) {
        for (int i = 0; i < 100000; i++) x = x * 1.0000001 + 1e-9;
        burn_sink = x;
    }
    return NULL;
}

static int cmp_i64(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* nearest-rank percentile of a sorted array */
static int64_t pct(const int64_t *v, long n, double p) {
    if (n == 0) return 0;
    long rank = (long)((p / 100.0) * n + 0.999999999);
    if (rank < 1) rank = 1;
    if (rank > n) rank = n;
    return v[rank - 1];
}

static void usage(const char *argv0) {
    fprintf(stderr, "usage: %s [--hz 1-1000000] [--seconds 1-3600] [--timer-slack-ns N] [--fifo 1-99] [--load] [--json]\n", argv0);
}

int main(int argc, char **argv) {
    long hz = 1000, seconds = 10, slack = -1, fifo = 0;
    int json = 0, load = 0;
    for (int i = 1; i < argc; i++) {
        char *end = NULL;
        if (!strcmp(argv[i], "--hz") && i + 1 < argc) hz = strtol(argv[++i], &end, 10);
        else if (!strcmp(argv[i], "--seconds") && i + 1 < argc) seconds = strtol(argv[++i], &end, 10);
        else if (!strcmp(argv[i], "--timer-slack-ns") && i + 1 < argc) slack = strtol(argv[++i], &end, 10);
        else if (!strcmp(argv[i], "--fifo") && i + 1 < argc) fifo = strtol(argv[++i], &end, 10);
        else if (!strcmp(argv[i], "--json")) json = 1;
        else if (!strcmp(argv[i], "--load")) load = 1;
        else { fprintf(stderr, "floor: unknown argument '%s'\n", argv[i]); usage(argv[0]); return 2; }
        if (end && *end) { fprintf(stderr, "floor: '%s' is not a whole number\n", argv[i]); return 2; }
    }
    if (hz < 1 || hz > 1000000 || seconds < 1 || seconds > 3600 || slack == 0 || fifo < 0 || fifo > 99) {
        fprintf(stderr, "floor: out of range: --hz 1-1000000, --seconds 1-3600, --timer-slack-ns >= 1, --fifo 1-99\n");
        return 2;
    }

    /* the load threads start first, so they keep the normal policy: threads inherit SCHED_FIFO, and two
       FIFO busy loops on a 2-core machine would starve everything else, this loop included */
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    pthread_t burners[256];
    long nburn = load ? (cores > 256 ? 256 : cores) : 0;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setinheritsched(&attr, PTHREAD_EXPLICIT_SCHED);
    pthread_attr_setschedpolicy(&attr, SCHED_OTHER);
    for (long i = 0; i < nburn; i++) pthread_create(&burners[i], &attr, burn, NULL);

    char rt[256] = "";
    if (slack > 0) {
        if (prctl(PR_SET_TIMERSLACK, (unsigned long)slack, 0, 0, 0) == 0)
            snprintf(rt + strlen(rt), sizeof rt - strlen(rt), "timer slack %ld ns: applied; ", slack);
        else
            snprintf(rt + strlen(rt), sizeof rt - strlen(rt), "timer slack %ld ns: refused: %s; ", slack, strerror(errno));
    }
    if (fifo > 0) {
        struct sched_param sp = {.sched_priority = (int)fifo};
        if (sched_setscheduler(0, SCHED_FIFO, &sp) == 0)
            snprintf(rt + strlen(rt), sizeof rt - strlen(rt), "SCHED_FIFO %ld: applied; ", fifo);
        else
            snprintf(rt + strlen(rt), sizeof rt - strlen(rt), "SCHED_FIFO %ld: refused: %s; ", fifo, strerror(errno));
    }
    long current_slack = prctl(PR_GET_TIMERSLACK, 0, 0, 0, 0);

    long expected = hz * seconds;
    int64_t *late = malloc(sizeof(int64_t) * (size_t)expected);
    if (!late) { fprintf(stderr, "floor: out of memory\n"); return 1; }
    long done = 0, missed = 0;
    struct rusage ru0, ru1;
    getrusage(RUSAGE_THREAD, &ru0);
    int64_t start = now_ns();
    long k = 1;
    while (k <= expected) {
        int64_t deadline = start + (int64_t)((__int128)k * 1000000000LL / hz); /* exact, no drift */
        struct timespec ts = {.tv_sec = deadline / 1000000000LL, .tv_nsec = deadline % 1000000000LL};
        while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR) {}
        int64_t t = now_ns();
        late[done++] = t - deadline;
        /* skip the deadlines that passed meanwhile, as the ticker does */
        long next = k + 1;
        while (next <= expected && start + (int64_t)((__int128)next * 1000000000LL / hz) <= t) { next++; missed++; }
        k = next;
    }
    int64_t elapsed = now_ns() - start;
    getrusage(RUSAGE_THREAD, &ru1);
    burning = 0;
    for (long i = 0; i < nburn; i++) pthread_join(burners[i], NULL);

    qsort(late, (size_t)done, sizeof(int64_t), cmp_i64);
    double p50 = pct(late, done, 50) / 1000.0, p99 = pct(late, done, 99) / 1000.0;
    double p999 = pct(late, done, 99.9) / 1000.0, max = done ? late[done - 1] / 1000.0 : 0;
    double cpu_ns = (ru1.ru_utime.tv_sec - ru0.ru_utime.tv_sec + ru1.ru_stime.tv_sec - ru0.ru_stime.tv_sec) * 1e9
                    + (ru1.ru_utime.tv_usec - ru0.ru_utime.tv_usec + ru1.ru_stime.tv_usec - ru0.ru_stime.tv_usec) * 1e3;
    double cpu = 100.0 * cpu_ns / (double)elapsed;

    printf("floor (C clock_nanosleep TIMER_ABSTIME): %ld Hz for %ld s, load %s, timer slack %ld ns, fifo %s\n", hz, seconds,
           load ? "busy loop on every core" : "none", current_slack, fifo ? "asked" : "off");
    if (rt[0]) printf("real-time: %s\n", rt);
    printf("lateness us: p50 %.1f  p99 %.1f  p99.9 %.1f  max %.1f\n", p50, p99, p999, max);
    printf("ticks expected %ld, done %ld, missed %ld; CPU %.1f %%\n", expected, done, missed, cpu);
    if (json)
        printf("{\"program\":\"floor\",\"hz\":%ld,\"seconds\":%ld,\"load\":%s,\"timer_slack_ns\":%ld,\"ticks_expected\":%ld,"
               "\"ticks_done\":%ld,\"missed\":%ld,\"lateness_us\":{\"p50\":%.1f,\"p99\":%.1f,\"p999\":%.1f,\"max\":%.1f},"
               "\"alloc_bytes_per_tick\":0,\"cpu_percent\":%.1f}\n",
               hz, seconds, load ? "true" : "false", current_slack, expected, done, missed, p50, p99, p999, max, cpu);
    free(late);
    return 0;
}
