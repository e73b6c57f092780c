* t4b: 2 rows, 2 columns (0 integer), 3 nonzeros
* written by bnb 0.1.0 as fixed MPS (free MPS readers read it too)
NAME          tiny_unbounded
* maximize: read by CPLEX, HiGHS, lp_solve -fmps; glpsol 5.0 rejects OBJSENSE
* and cbc 2.10 ignores it (delete these lines, use glpsol --max or cbc -max)
OBJSENSE
    MAX
ROWS
 N  obj
 L  c1
 L  c2
COLUMNS
    x         obj       1
    x         c1        1e-315
    x         c2        1
    y         c1        1
RHS
    RHS       c1        1
    RHS       c2        5
ENDATA
