/*
 * json.c -- the one JSON string writer of the program, for the event
 * stream (events.c) and the viewer page's data (html.c).
 */
#include "teach.h"

/* s as a JSON string: '"' and '\' escaped, control characters as
 * \u00XX; for a page also '<', '>' and '&', so that no "</script>"
 * or entity can end the script element the string sits in. */
static void put_json_string(FILE *f, const char *s, int in_html)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20 || (in_html && (c == '<' || c == '>' || c == '&')))
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

void cli_json_string(FILE *f, const char *s)
{
    put_json_string(f, s, 0);
}

void cli_json_string_html(FILE *f, const char *s)
{
    put_json_string(f, s, 1);
}
