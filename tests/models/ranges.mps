* Free MPS: RANGES on L, G and E rows (both signs for E), an RHS on the
* objective (constant 10), a second N row that readers drop.
NAME ranges
ROWS
 N COST
 L LIM1
 G LIM2
 E EQ1
 E EQ2
 N SPARE
COLUMNS
 X COST 1 LIM1 1
 X LIM2 1 EQ1 1
 Y COST 2 LIM1 1
 Y EQ2 1 SPARE 3
 Z COST -1 LIM2 1
 Z EQ1 1 EQ2 1
RHS
 RHS COST -10 LIM1 8
 RHS LIM2 2 EQ1 3
 RHS EQ2 1 SPARE 7
RANGES
 RNG LIM1 5 LIM2 4
 RNG EQ1 2 EQ2 -3
BOUNDS
 UP BND Z 4
ENDATA
