/*
 * A tiny test harness: RUN(test_fn) runs one test; CHECK(cond, fmt, ...) inside it records a failure with a
 * message. check_summary() prints `N passed, N failed` (tests, not checks) and returns the exit status.
 */
#ifndef CANOPY_TEST_CHECK_H
#define CANOPY_TEST_CHECK_H

#include <stdio.h>

static int check_tests_passed;
static int check_tests_failed;
static int check_failures;
static const char *check_test = "";

#define CHECK(cond, ...)                                                 \
    do {                                                                 \
        if (!(cond)) {                                                   \
            check_failures++;                                            \
            printf("FAIL %s (%s:%d): ", check_test, __FILE__, __LINE__); \
            printf(__VA_ARGS__);                                         \
            printf("\n");                                                \
        }                                                                \
    } while (0)

#define RUN(fn)                                        \
    do {                                               \
        check_test = #fn;                              \
        int check_before = check_failures;             \
        fn();                                          \
        if (check_failures == check_before) {          \
            check_tests_passed++;                      \
            printf("PASS %s\n", #fn);                  \
        } else {                                       \
            check_tests_failed++;                      \
        }                                              \
    } while (0)

static int check_summary(const char *suite) {
    printf("%s: %d passed, %d failed\n", suite, check_tests_passed, check_tests_failed);
    return check_tests_failed == 0 ? 0 : 1;
}

#endif
