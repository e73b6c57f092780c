/*
 * params.c -- parameters by name: bnb_params_set and bnb_params_get over
 * the BNB_PARAMS table, for programs that take settings as text (the
 * command line's --set, a script through the shared library).
 */
#include "mip.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* An integer parameter's type truncates 0.5 to 0. */
#define PARAM_IS_INT(type) ((type)0.5 == 0)

/* The number text spells, all of it: decimal digits only for an integer
 * parameter (no fraction, exponent or hex), any strtod form but hex and
 * NaN for a real one. Returns 1 and *out, or 0. */
static int parse_value(const char *text, int integer, double *out)
{
    if (!*text || strpbrk(text, "xXnN"))
        return 0;
    if (integer) {
        const char *c = text + (*text == '-' || *text == '+');
        if (!*c || strspn(c, "0123456789") != strlen(c))
            return 0;
    }
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (*end || errno == ERANGE)
        return 0;
    *out = v;
    return 1;
}

int bnb_params_set(bnb_params *p, const char *name, const char *value)
{
    double v;
#define BNB_PARAM_SET(type, pname, def, lo, hi, tb, help)                      \
    if (strcmp(name, #pname) == 0) {                                         \
        if (!parse_value(value, PARAM_IS_INT(type), &v) ||                   \
            !(v >= (double)(lo) && v <= (double)(hi)))                       \
            return BNB_ERR_ARG;                                              \
        p->pname = (type)v;                                                  \
        return BNB_OK;                                                       \
    }
    BNB_PARAMS(BNB_PARAM_SET)
#undef BNB_PARAM_SET
    return BNB_ERR_ARG;
}

double bnb_params_get(const bnb_params *p, const char *name)
{
#define BNB_PARAM_GET(type, pname, def, lo, hi, tb, help)                      \
    if (strcmp(name, #pname) == 0)                                           \
        return (double)p->pname;
    BNB_PARAMS(BNB_PARAM_GET)
#undef BNB_PARAM_GET
    return NAN;
}
