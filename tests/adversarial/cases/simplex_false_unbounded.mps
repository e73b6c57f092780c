* expect: optimal -736003332.653
* seed 2541, minimised: a bounded LP (glpsol --exact: -736003332.653) bnb called unbounded.
NAME          adv2541
ROWS
 N obj
 L  r1
 E  r2
 G  r3
 E  r6
 G  r7
 L  r8
COLUMNS
    x1        r2        0.4549
    x1        r6        -1.6e+03
    x2        r3        0.8413
    x3        obj       -746.6
    x3        r6        0.004
    x3        r8        4.9e+04
    x4        r6        9e+02
    x4        r8        -0.0006832
    x5        r3        -0.0034
    x5        r8        -0.0001
    x6        r1        1.1e+05
    x6        r3        9
    x6        r7        -0.0002
    x6        r8        0.037
    x7        obj       -1
    x7        r6        -4
RHS
    RHS       r1        693952389
    RHS       r2        836.80799
    RHS       r3        39246.59788
    RHS       r6        -2955085.169
    RHS       r7        -76.251993
    RHS       r8        147826860.677017
BOUNDS
 LO BND       x1        0
 PL BND       x1      
 LO BND       x2        0
 PL BND       x2      
 LO BND       x3        0
 PL BND       x3      
 LO BND       x4        0
 PL BND       x4      
 LO BND       x5        0
 UP BND       x5        4.42
 FR BND       x6      
 LO BND       x7        0
 UP BND       x7        3.94e+03
ENDATA
