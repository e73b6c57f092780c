/*
 * stop.c -- what stops a long read or model setup (bnb_stop in bnb.h):
 * the caller's interrupt flag, or a deadline on the monotonic clock.
 */
#include "bnb.h"

#include <time.h>

double bnb_clock(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int bnb_stop_now(bnb_stop *stop)
{
    if (!stop)
        return 0;
    if (stop->interrupt && *stop->interrupt)
        stop->why = BNB_STOPPED;
    else if (stop->deadline > 0 && bnb_clock() >= stop->deadline)
        stop->why = BNB_TIME_LIMIT;
    else
        return 0;
    return 1;
}
