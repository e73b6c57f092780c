/*
 * test_pz_json.c -- the picture's JSON writer: members separated by
 * commas, arrays and record fields, and strings escaped so that the
 * object may stand inside an HTML <script> block.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pz_json.h"

/* What the calls of write(j) put out, as one string (caller frees). */
static char *written(void (*write)(pz_json *j))
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_non_null(f);
    pz_json j = {f, 0};
    write(&j);
    assert_int_equal(fclose(f), 0);
    return text;
}

static void members(pz_json *j)
{
    static const int v[] = {3, -1, 7};
    static const unsigned char b[] = {1, 0};
    pz_json_int(j, "rows", 2);
    pz_json_ints(j, "x", v, 3);
    pz_json_ints(j, "none", v, 0);
    pz_json_bytes(j, "white", b, 2);
}

static void test_members(void **state)
{
    (void)state;
    char *s = written(members);
    assert_string_equal(s, "\"rows\":2,\"x\":[3,-1,7],\"none\":[],"
                           "\"white\":[1,0]");
    free(s);
}

/* Fields of records: {r, c, len} twice. */
static void fields(pz_json *j)
{
    static const int run[] = {1, 2, 3, 4, 5, 6};
    pz_json_field(j, "c", run, 2, 3, 1);
}

static void test_fields(void **state)
{
    (void)state;
    char *s = written(fields);
    assert_string_equal(s, "\"c\":[2,5]");
    free(s);
}

/* A value named in the file with quotes, a backslash, '<' or a tab. */
static void strings(pz_json *j)
{
    char *names[] = {"a\"b", "c\\d", "</script>", "t\tu"};
    pz_json_strs(j, "value", names, 4);
}

static void test_escapes(void **state)
{
    (void)state;
    char *s = written(strings);
    assert_string_equal(s, "\"value\":[\"a\\\"b\",\"c\\\\d\","
                           "\"\\u003c/script\\u003e\",\"t\\u0009u\"]");
    assert_null(strstr(s, "<"));
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_members),
        cmocka_unit_test(test_fields),
        cmocka_unit_test(test_escapes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
