/*
 * check.h -- what the tests' rules checker shares between its files:
 * check_puzzle.c reads the puzzle file and the solution block; each
 * check_<kind>.c holds one kind's rules as `int check_<kind>(const
 * puzzle *p)`, 0 when the block obeys them, else bad("why").
 * The rules share no code with bnb on purpose; only the kinds and their
 * keys come from bnb's registry (pz_kind.h).
 */
#ifndef CHECK_H
#define CHECK_H

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAXK 16     /* keys in a file                               */
#define MAXN 320    /* grid side of the grid checkers (G, S)        */

typedef struct {
    char key[32];
    char *value;
    int first, count;          /* section lines: lines[first..]   */
} entry;

typedef struct {
    char **lines;              /* section lines of the puzzle     */
    int nlines, cap;
    entry e[MAXK];
    int ne;
    char **sol;                /* solution block lines            */
    int nsol, solcap;
} puzzle;

/* Records why the check failed; returns 1. */
int bad(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
const entry *get(const puzzle *p, const char *key);
int geti(const puzzle *p, const char *key, int def);
/* The cells of a grid row into out[max] (tokens if it has a blank, else
 * characters): the count, max + 1 if there are more. */
int cells(const char *row, char out[][16], int max);
/* Section key as a grid (*cols <= 0: from the first row) into g. */
int grid(const puzzle *p, const char *key, int *rows, int *cols,
         char g[MAXN][MAXN][16]);
/* The solution block as rows x cols cells into g. */
int sol_grid(const puzzle *p, int rows, int cols, char g[MAXN][MAXN][16]);
/* The i-th (0-based) blank-separated integer of s, or -1. */
int nth_int(const char *s, int i);

/* Scratch grids of the grid checkers: the puzzle's and the solution's. */
extern char G[MAXN][MAXN][16], S[MAXN][MAXN][16];

/* Turning tiles (check_rot.c), for Match 22 and Infinity Loop: the grid
 * of side values (rt_d[r][c][0] = -1: no tile), the turns read from the
 * solution; rt_closed: sides toward no tile must be 0. */
extern int rt_rows, rt_cols, rt_closed;
extern int rt_d[MAXN][MAXN][4];
extern int rt_turn[MAXN][MAXN];
/* Side h of the tile at r, c after j left turns. */
int rt_side(int r, int c, int j, int h);
/* The solution's grid rows into S and its "turns: K" into *total. */
int rt_sol(const puzzle *p, int *total);
/* Checks rt_turn against the rules, total and the fewest turns. */
int rt_finish(int total);
/* A tile token as four 0/1 flags (U L D R); 0 if it is not one. */
int rt_flags(const char *s, int d[4]);

/* Turning tiles (check_rot.c), for Match 22 and Infinity Loop: the grid
 * of side values (rt_d[r][c][0] = -1: no tile), the turns read from the
 * solution; rt_closed: sides toward no tile must be 0. */
extern int rt_rows, rt_cols, rt_closed;
extern int rt_d[MAXN][MAXN][4];
extern int rt_turn[MAXN][MAXN];
/* Side h of the tile at r, c after j left turns. */
int rt_side(int r, int c, int j, int h);
/* The solution's grid rows into S and its "turns: K" into *total. */
int rt_sol(const puzzle *p, int *total);
/* Checks rt_turn against the rules, total and the fewest turns. */
int rt_finish(int total);
/* A tile token as four 0/1 flags (U L D R); 0 if it is not one. */
int rt_flags(const char *s, int d[4]);

#endif
