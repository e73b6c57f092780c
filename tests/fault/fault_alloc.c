/*
 * fault_alloc.c -- allocation fault injection for the bnb program. Linked
 * into a test build of bnb with -Wl,--wrap=malloc,--wrap=calloc,
 * --wrap=realloc, so that every allocation the library and the program
 * make passes through here. BNB_FAIL_AT=k makes the k-th call (from 1)
 * return NULL, and every later one too when BNB_FAIL_ALL is set; at exit
 * the number of calls is written to the file named by BNB_FAIL_COUNT.
 * tests/e2e/t_fault.sh runs a command once to count its allocations,
 * then once for each k.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

void *__real_malloc(size_t size);
void *__real_calloc(size_t count, size_t size);
void *__real_realloc(void *p, size_t size);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t count, size_t size);
void *__wrap_realloc(void *p, size_t size);

static long calls, fail_at = -1;
static int fail_all, configured;

static void report_count(void)
{
    const char *path = getenv("BNB_FAIL_COUNT");
    FILE *f = path ? fopen(path, "w") : NULL;
    if (f) {
        fprintf(f, "%ld\n", calls);
        fclose(f);
    }
}

/* Is this call the one to fail? Reads the environment on first use. A
 * failure sets errno to ENOMEM, as the C library's allocator does. */
static int fail_now(void)
{
    if (!configured) {
        configured = 1;
        const char *at = getenv("BNB_FAIL_AT");
        fail_at = at ? atol(at) : -1;
        fail_all = getenv("BNB_FAIL_ALL") != NULL;
        atexit(report_count);
    }
    calls++;
    int fail = fail_at > 0 && (calls == fail_at ||
                               (fail_all && calls > fail_at));
    if (fail)
        errno = ENOMEM;
    return fail;
}

void *__wrap_malloc(size_t size)
{
    return fail_now() ? NULL : __real_malloc(size);
}

void *__wrap_calloc(size_t count, size_t size)
{
    return fail_now() ? NULL : __real_calloc(count, size);
}

void *__wrap_realloc(void *p, size_t size)
{
    return fail_now() ? NULL : __real_realloc(p, size);
}
