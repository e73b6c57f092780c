* An integer-infeasible model with bounds up to 1e8 (15 rows): propagation
* moves its wide columns at every node; 50,000 nodes took 1.7 GB when
* each step was kept in the open nodes' paths.
* seed 317: bigint; planted intinfeasible
NAME          adv317
ROWS
 N obj
 G  r1
 G  r2
 E  r3
 G  r4
 L  r5
 L  r6
 L  r7
 E  odd
COLUMNS
    M0         'MARKER'                 'INTORG'
    x1        r1        1
    x1        r3        -6
    x1        r7        9
    x2        obj       14
    x2        r1        -7
    x2        r4        10
    x2        r5        -2
    x3        obj       -6
    x3        r2        -8
    x3        r4        -7
    x3        r5        10
    x4        r3        -1
    x4        r5        -4
    x5        obj       5
    x5        r1        -4
    x5        r2        -2
    x5        r4        -2
    x6        obj       -13
    x6        r4        1
    x7        obj       -6
    x7        r5        10
    x7        odd       -1.092
    x8        obj       -10
    x8        r1        1
    x8        r5        -8
    x9        obj       -11
    x9        r2        10
    x9        r3        4
    x9        odd       0.546
    x10       obj       15
    x10       r5        5
    x10       odd       -1.638
    x11       obj       12
    x11       r4        4
    x11       r6        9
    M1         'MARKER'                 'INTEND'
RHS
    RHS       r1        -349999999.0357
    RHS       r2        -79224
    RHS       r3        -26117
    RHS       r4        499995014
    RHS       r5        -99992917.9892
    RHS       r6        9.00583
    RHS       r7        0.00421
    RHS       odd       -3561.831
BOUNDS
 LO BND       x1        0
 UP BND       x1        1
 LO BND       x2        0
 UP BND       x2        50000000
 LO BND       x3        0
 UP BND       x3        100000000
 LO BND       x4        0
 UP BND       x4        100000000
 LO BND       x5        0
 UP BND       x5        1
 LO BND       x6        0
 UP BND       x6        1
 LO BND       x7        -2
 PL BND       x7      
 LO BND       x8        0
 UP BND       x8        1
 LO BND       x9        -6528
 UP BND       x9        100000000
 LO BND       x10       0
 UP BND       x10       50000000
 LO BND       x11       0
 UP BND       x11       1
ENDATA
