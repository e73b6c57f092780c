/*
 * pz_rot.h -- the rotation model that Match 22 and Infinity Loop share
 * (Hartmann 2018, sec. 4): tiles with a value on each side, turned left
 * j = 0..3 times, rows (9)-(12) and for closed puzzles (14)-(17).
 */
#ifndef PZ_ROT_H
#define PZ_ROT_H

#include <stddef.h>

#include "pz_build.h"
#include "pz_json.h"
#include "pz_reader.h"

/* Sides, counterclockwise as in the paper's Figure 3 (c): one left turn
 * moves what was on side h to side h+1 (mod 4). */
enum { PZ_ROT_TOP, PZ_ROT_LEFT, PZ_ROT_BOTTOM, PZ_ROT_RIGHT };

typedef struct pz_rot {
    int rows, cols;
    int ntiles;
    int *tile;             /* [rows*cols] tile number 0.., -1 for none   */
    int *cell;             /* [rows*cols] cell of each tile (ntiles used)*/
    int (*d)[4];           /* [rows*cols] d[i][h]: value on side h        */
    int (*x)[4];           /* [rows*cols] column of x[i+1,j]             */
} pz_rot;

/* Reads section `grid` cell by cell through read_cell (which adds the
 * cell's tile, if any, with pz_rot_add); `what` names a tile in the
 * error for a grid without any. A malloc'd grid, or NULL after an error;
 * release with pz_rot_free and free. */
pz_rot *pz_rot_parse(pz_file *f,
                     int (*read_cell)(pz_file *f, const pz_grid *g,
                                      int row, int col, pz_rot *r),
                     const char *what);

/* An empty grid (no tiles yet). Returns 0 or -1 (out of memory). */
int pz_rot_init(pz_rot *r, int rows, int cols);
void pz_rot_free(pz_rot *r);
/* Places the next tile (reading order is the caller's job) at (row, col)
 * with side values d[0..3]. */
void pz_rot_add(pz_rot *r, int row, int col, const int d[4]);

/* The value on side h of tile i after j left turns: d[i][(h - j) mod 4]. */
int pz_rot_side(const pz_rot *r, int i, int j, int h);

/* The model: (9) min sum j x[i,j], (10) one j per tile, (11)/(12) equal
 * values on the sides neighbours share; closed != 0 adds value 0 toward
 * empty cells, (11)/(12) against "none", and the border, (14)-(17).
 * Returns b->status. */
int pz_rot_build(pz_rot *r, int closed, pz_build *b);
/* turns[i] = the j picked for tile i (ntiles entries). */
void pz_rot_turns(const pz_rot *r, const double *x, int *turns);
/* The rule, from the turns alone: touching sides show the same value;
 * closed: sides toward an empty cell or the border show 0. 0 or -1 with
 * err naming the tiles (by row,col). */
int pz_rot_check(const pz_rot *r, const int *turns, int closed, char *err,
                 size_t errlen);
int pz_rot_total(const pz_rot *r, const int *turns);
/* The viewer's picture: the grid, each tile's cell, its side values as
 * given d[4 * i + h] and its columns x[4 * i + j] (j left turns). */
void pz_rot_picture(const pz_rot *r, pz_json *j);

#endif
