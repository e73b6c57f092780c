/*
 * errors.c -- the library's version and the sentences of its error codes.
 */
#include "bnb.h"

const char *bnb_version(void)
{
    return BNB_VERSION;
}

const char *bnb_error_string(int code)
{
    switch (code) {
    case BNB_OK:        return "no error";
    case BNB_ERR_NOMEM: return "out of memory or a size limit";
    case BNB_ERR_DUP:   return "a column or row of that name exists";
    case BNB_ERR_ARG:   return "an argument is out of range or not a number";
    case BNB_ERR_IO:    return "a file could not be read or written";
    default:            return "unknown error";
    }
}
