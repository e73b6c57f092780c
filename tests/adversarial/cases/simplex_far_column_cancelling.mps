* expect: optimal 8535575.75376285 tol 1e-9
* seed 181014, minimised: the exact optimum (exactlp.py) takes x8 to 5.3e10 through
* a reduced cost of about -3e-10, within tol_dual, toward its missing upper bound;
* bnb (and glpsol) stopped at 8535591.92 with x8 = 0.
NAME          adv181014
ROWS
 N obj
 E  r4
 L  r5
 G  r7
 E  r8
COLUMNS
    x2        r5        -3.92e-05
    x2        r7        2.1
    x2        r8        151.1
    x4        r4        1.914e+05
    x4        r8        -0.1
    x5        r8        85.2
    x6        r5        0.0018
    x6        r8        0.551
    x8        r4        -1.478
    x8        r5        -1.44e+05
    x10       obj       5651
    x10       r7        2e+05
RHS
    RHS       r4        9355998.028572
    RHS       r5        316576311.766266
    RHS       r7        302090853.48
    RHS       r8        -40416.128748
BOUNDS
 LO BND       x2        -267
 UP BND       x2        22.1
 LO BND       x4        0
 PL BND       x4      
 LO BND       x5        -30.3
 UP BND       x5        29.2
 LO BND       x6        0
 PL BND       x6      
 LO BND       x8        0
 PL BND       x8      
 LO BND       x10       0
 PL BND       x10     
ENDATA
