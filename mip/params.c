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

/* Is s written in decimal, [+-]digits[.digits][e[+-]digits] (no hex,
 * inf or nan, which strtod takes too)? An integer parameter's value
 * must be integral as well ("1e+6" is, "10.5" is not). */
static int is_decimal(const char *s, int integer)
{
    if (integer) {
        double v = strtod(s, NULL);
        if (v != floor(v))
            return 0;
    }
    size_t k = (s[0] == '+' || s[0] == '-') ? 1 : 0;
    size_t digits = strspn(s + k, "0123456789");
    k += digits;
    if (s[k] == '.') {
        size_t frac = strspn(s + k + 1, "0123456789");
        digits += frac;
        k += 1 + frac;
    }
    if (digits && (s[k] == 'e' || s[k] == 'E')) {
        k += 1 + (s[k + 1] == '+' || s[k + 1] == '-');
        size_t exp = strspn(s + k, "0123456789");
        if (!exp)
            return 0;
        k += exp;
    }
    return digits > 0 && !s[k];
}

/* The number text spells in decimal, all of it (integral for an integer
 * parameter): 1 and *out, or 0. */
static int parse_value(const char *text, int integer, double *out)
{
    if (!is_decimal(text, integer))
        return 0;
    errno = 0;
    double v = strtod(text, NULL);
    if (errno == ERANGE)
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
