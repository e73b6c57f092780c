* expect: optimal 350 tol 1e-6
* seed 51492, minimised: x1 = 4, x2 = 1, x3 = -50 meets r10 to 3e-7 and the rest
* exactly; the presolve implied x1 <= 3.99999661 from the rows exactly and
* tightened bm1 to x1 <= 3.99999661 x2, which refutes it: "infeasible".
* An "infeasible" on tightened coefficients is now confirmed on the model's
* own rows (mip/solve.c confirm_infeasible); implied bounds with the rows'
* tolerance would have cost egout 1 -> 57 nodes.
NAME          adv51492
ROWS
 N obj
 L  bm1
 E  r5
 E  r10
 E  r14
COLUMNS
    x1        bm1       1
    x1        r5        13.721
    x1        r10       -11
    x1        r14       1137
    M0         'MARKER'                 'INTORG'
    x2        bm1       -1e+03
    x2        r5        -4
    x2        r10       0.0093797
    M1         'MARKER'                 'INTEND'
    x3        obj       -7
    x3        r5        4.2085
    x3        r14       69.8812
RHS
    RHS       r5        -159.541
    RHS       r10       -43.99062
    RHS       r14       1053.94
BOUNDS
 LO BND       x1        0
 PL BND       x1      
 LO BND       x2        0
 UP BND       x2        1
 FR BND       x3      
ENDATA
