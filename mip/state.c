/*
 * state.c -- what every part of a solve asks of its state: the clock,
 * the stop reason, the observer, the objective in the model's terms.
 * Apart from solve.c so that the search, cuts and heuristics depend on
 * it, not on the driver that calls them.
 */
#include "mip.h"

double mip_clock(void)
{
    return spx_clock();   /* one clock for the search and its LPs */
}

int mip_out_of_time(const mip_state *s)
{
    return (s->par.interrupt && *s->par.interrupt) ||
           mip_clock() - s->start >= s->par.time_limit;
}

bnb_status mip_stop_reason(const mip_state *s)
{
    if (s->par.interrupt && *s->par.interrupt)
        return BNB_STOPPED;
    if (mip_clock() - s->start >= s->par.time_limit)
        return BNB_TIME_LIMIT;
    return BNB_STOPPED;
}

int mip_emit(mip_state *s, bnb_event *ev)
{
    return s->observer ? s->observer(s->ctx, ev) : 0;
}

double mip_model_objective(const mip_state *s, double spx_obj)
{
    return s->sense * spx_obj + bnb_obj_offset(s->model);
}
