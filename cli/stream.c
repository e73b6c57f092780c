/*
 * stream.c -- "-" as a file argument: standard input for the model (its
 * format named by --format or sniffed from its first line), standard
 * output for one file bnb writes; then everything printed for people
 * goes to stderr, so that no two writers share a descriptor.
 */
#include "io.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

int cli_is_stdio(const char *path)
{
    return path && strcmp(path, CLI_STDIO) == 0;
}

static int has_extension(const char *path, const char *ext)
{
    size_t n = strlen(path), e = strlen(ext);
    return n > e && strcasecmp(path + n - e, ext) == 0;
}

int cli_format_of_name(const char *path)
{
    if (has_extension(path, ".mps"))
        return CLI_FORMAT_MPS;
    if (has_extension(path, ".lp"))
        return CLI_FORMAT_LP;
    return CLI_FORMAT_PUZZLE;
}

/* First words of a model's first line (other than a comment), in any
 * case: the MPS sections that may open a file, the CPLEX-LP objective
 * senses. */
static const char *const mps_openers[] = {"NAME", "ROWS", "OBJSENSE",
                                          "OBJSENCE", "OBJNAME", NULL};
static const char *const lp_openers[] = {"minimize", "minimise", "minimum",
                                         "min", "maximize", "maximise",
                                         "maximum", "max", NULL};

static int word_is(const char *word, size_t len, const char *const *list)
{
    for (int k = 0; list[k]; k++)
        if (strlen(list[k]) == len && strncasecmp(word, list[k], len) == 0)
            return 1;
    return 0;
}

/* The format the first line that is not blank or a '#' comment says:
 * a comment sign (MPS '*', LP '\'), `puzzle:`, or an opening word. */
static int format_of_line(const char *line)
{
    while (*line == ' ' || *line == '\t')
        line++;
    if (*line == '*')
        return CLI_FORMAT_MPS;
    if (*line == '\\')
        return CLI_FORMAT_LP;
    size_t len = 0;
    while (isalpha((unsigned char)line[len]))
        len++;
    const char *after = line + len;
    while (*after == ' ' || *after == '\t')
        after++;
    if (len == 6 && strncasecmp(line, "puzzle", 6) == 0 && *after == ':')
        return CLI_FORMAT_PUZZLE;
    if (word_is(line, len, mps_openers))
        return CLI_FORMAT_MPS;
    if (word_is(line, len, lp_openers))
        return CLI_FORMAT_LP;
    return CLI_FORMAT_GUESS;
}

/* Blank, or a puzzle file's comment (neither model format has '#'). */
static int says_nothing(const char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    return !*s || *s == '#';
}

/* A line longer than the buffer: its rest is not a line of its own. */
static void skip_rest_of_line(FILE *f, const char *line)
{
    int c;
    if (strchr(line, '\n'))
        return;
    while ((c = getc(f)) != EOF && c != '\n')
        continue;
}

/* Bytes copied between two looks at the stop flag and the size limit. */
#define CLI_SPOOL_CHUNK 65536

/* A byte no text format holds: the readers refuse the file there. */
static int has_binary_byte(const char *buf, size_t n)
{
    for (size_t k = 0; k < n; k++) {
        unsigned char c = (unsigned char)buf[k];
        if ((c < ' ' && c != '\t' && c != '\n' && c != '\r') || c == 0x7f)
            return 1;
    }
    return 0;
}

/* Copies standard input to f, up to the first byte no text format
 * holds (the reader then stops there with its line and column, so an
 * endless device is not kept whole); 0, or -1 after a message. */
static int spool(FILE *f, bnb_stop *stop)
{
    static char buf[CLI_SPOOL_CHUNK];
    long total = 0;
    size_t got;
    int stopped = 0;
    while (!stopped && (got = fread(buf, 1, sizeof buf, stdin)) > 0) {
        total += (long)got;
        if (total > BNB_MAX_FILE_BYTES) {
            fprintf(stderr, "-: file larger than %ld bytes, the largest "
                    "input bnb reads\n", BNB_MAX_FILE_BYTES);
            return -1;
        }
        if (fwrite(buf, 1, got, f) != got) {
            fprintf(stderr, "bnb: cannot keep standard input in a "
                    "temporary file: %s\n", strerror(errno));
            return -1;
        }
        if (has_binary_byte(buf, got))
            break;
        stopped = bnb_stop_now(stop);
    }
    /* a signal interrupts a read from a pipe */
    if (stopped || (ferror(stdin) && bnb_stop_now(stop))) {
        fprintf(stderr, "-: stopped while reading (%s)\n",
                stop->why == BNB_TIME_LIMIT ? "time limit" : "interrupted");
        return -1;
    }
    if (ferror(stdin)) {
        fprintf(stderr, "-: read error: %s\n", strerror(errno));
        return -1;
    }
    return 0;
}

/* Room for the start of the first line: its first word is enough. */
#define CLI_SNIFF_LINE 256

int cli_sniff_stdin(bnb_stop *stop)
{
    FILE *f = tmpfile();
    if (!f) {
        fprintf(stderr, "bnb: cannot keep standard input in a temporary "
                "file: %s; say --format lp, mps or puzzle\n",
                strerror(errno));
        return -1;
    }
    int format = -1;
    if (spool(f, stop) == 0 && fflush(f) == 0) {
        char line[CLI_SNIFF_LINE];
        rewind(f);
        format = CLI_FORMAT_GUESS;
        while (fgets(line, sizeof line, f)) {
            if (!says_nothing(line)) {
                format = format_of_line(line);
                break;
            }
            skip_rest_of_line(f, line);
        }
        /* the kept copy becomes standard input, read from its start */
        if (dup2(fileno(f), STDIN_FILENO) < 0) {
            fprintf(stderr, "bnb: cannot read standard input again: %s\n",
                    strerror(errno));
            format = -1;
        }
        rewind(stdin);
    }
    fclose(f);
    if (format == CLI_FORMAT_GUESS)
        fprintf(stderr, "bnb: -: cannot tell the format of standard input "
                "from its first line; say --format lp, mps or puzzle\n");
    return format;
}

/* The descriptor of the real standard output once it is left to data. */
static int data_fd = -1;

int cli_stdout_to_data(void)
{
    fflush(stdout);
    data_fd = dup(STDOUT_FILENO);
    if (data_fd < 0 || dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
        fprintf(stderr, "bnb: cannot set standard output aside: %s\n",
                strerror(errno));
        return -1;
    }
    return 0;
}

FILE *cli_open_write(const char *path)
{
    if (!cli_is_stdio(path))
        return fopen(path, "w");
    if (data_fd < 0)
        return stdout;
    FILE *f = fdopen(data_fd, "w");
    data_fd = -1;
    return f;
}

int cli_close_write(FILE *f)
{
    int bad = ferror(f);
    if (f == stdout)
        return fflush(f) != 0 || bad;
    return fclose(f) != 0 || bad;
}
