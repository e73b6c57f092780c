/*
 * check_slider.c -- Slider: `moves: K` and `path:` with K slides that take
 * the block from S to T, and K is the fewest possible (breadth-first
 * search here).
 */
#include "check.h"

static int sl_rows, sl_cols;

/* Where a slide from cell k in direction d ("UDLR") stops. */
static int sl_slide(int k, int d)
{
    static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    int r = k / sl_cols, c = k % sl_cols;
    while (r + dr[d] >= 0 && r + dr[d] < sl_rows && c + dc[d] >= 0 &&
           c + dc[d] < sl_cols && G[r + dr[d]][c + dc[d]][0] != 'X')
        r += dr[d], c += dc[d];
    return r * sl_cols + c;
}

/* Fewest slides from s to t, or -1. */
static int sl_fewest(int s, int t)
{
    static int dist[MAXN * MAXN], queue[MAXN * MAXN];
    int head = 0, tail = 0;
    for (int k = 0; k < sl_rows * sl_cols; k++)
        dist[k] = -1;
    dist[s] = 0;
    queue[tail++] = s;
    while (head < tail) {
        int k = queue[head++];
        for (int d = 0; d < 4 && k != t; d++) {
            int to = sl_slide(k, d);
            if (dist[to] < 0) {
                dist[to] = dist[k] + 1;
                queue[tail++] = to;
            }
        }
    }
    return dist[t];
}

int check_slider(const puzzle *p)
{
    int s = -1, t = -1, moves = -1, n = 0;
    sl_cols = 0;
    if (grid(p, "grid", &sl_rows, &sl_cols, G))
        return 1;
    for (int k = 0; k < sl_rows * sl_cols; k++) {
        char ch = G[k / sl_cols][k % sl_cols][0];
        s = ch == 'S' ? k : s;
        t = ch == 'T' ? k : t;
    }
    if (p->nsol != 2 || sscanf(p->sol[0], "moves: %d", &moves) != 1 ||
        strncmp(p->sol[1], "path:", 5) != 0)
        return bad("expected `moves: K` and `path: ...`");
    const char *dirs = "UDLR";
    int at = s;
    for (const char *c = p->sol[1] + 5; *c; c++) {
        const char *d = strchr(dirs, *c);
        if (*c == ' ')
            continue;
        if (!d)
            return bad("'%c' is not a move", *c);
        at = sl_slide(at, (int)(d - dirs));
        n++;
    }
    if (at != t)
        return bad("the path ends at %d,%d, not at T", at / sl_cols + 1,
                   at % sl_cols + 1);
    if (n != moves)
        return bad("moves: %d but the path has %d", moves, n);
    if (n != sl_fewest(s, t))
        return bad("%d moves, but %d are enough", n, sl_fewest(s, t));
    return 0;
}
