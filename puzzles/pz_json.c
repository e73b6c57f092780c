/*
 * pz_json.c -- see pz_json.h.
 */
#include "pz_json.h"

static void key(pz_json *j, const char *k)
{
    fprintf(j->out, "%s\"%s\":", j->members++ ? "," : "", k);
}

/* '<', '>' and '&' escaped too: the text may sit in a <script>. */
static void string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20 || c == '<' || c == '>' || c == '&')
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

void pz_json_int(pz_json *j, const char *k, long v)
{
    key(j, k);
    fprintf(j->out, "%ld", v);
}

void pz_json_str(pz_json *j, const char *k, const char *s)
{
    key(j, k);
    string(j->out, s);
}

void pz_json_field(pz_json *j, const char *k, const int *v, int n,
                   int stride, int offset)
{
    key(j, k);
    fputc('[', j->out);
    for (int i = 0; i < n; i++)
        fprintf(j->out, "%s%d", i ? "," : "", v[(long)i * stride + offset]);
    fputc(']', j->out);
}

void pz_json_ints(pz_json *j, const char *k, const int *v, int n)
{
    pz_json_field(j, k, v, n, 1, 0);
}

void pz_json_bytes(pz_json *j, const char *k, const unsigned char *v, int n)
{
    key(j, k);
    fputc('[', j->out);
    for (int i = 0; i < n; i++)
        fprintf(j->out, "%s%d", i ? "," : "", v[i]);
    fputc(']', j->out);
}

void pz_json_strs(pz_json *j, const char *k, char *const *s, int n)
{
    key(j, k);
    fputc('[', j->out);
    for (int i = 0; i < n; i++) {
        if (i)
            fputc(',', j->out);
        string(j->out, s[i]);
    }
    fputc(']', j->out);
}
