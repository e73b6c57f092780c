* expect: optimal 0
* seed 1075, minimised: x2=1 x6=-2 x7=1 x9=4 x11=1 is 1e-7 off; propagation said infeasible.
NAME          adv1075
ROWS
 N obj
 E  r4
 E  r10
 E  r11
COLUMNS
    x2        r10       -8
    M0         'MARKER'                 'INTORG'
    x6        r11       0.04
    M1         'MARKER'                 'INTEND'
    x7        r4        -111.36
    x7        r10       -98.7
    M2         'MARKER'                 'INTORG'
    x9        r11       -971
    x11       r10       32.9966
    x11       r11       0.0291139
    M3         'MARKER'                 'INTEND'
RHS
    RHS       r4        -111.36
    RHS       r10       -73.7034
    RHS       r11       -3884.050886
BOUNDS
 LO BND       x2        0
 PL BND       x2      
 LO BND       x6        -2
 UP BND       x6        4
 LO BND       x7        0
 PL BND       x7      
 LO BND       x9        0
 UP BND       x9        4
 LO BND       x11       0
 UP BND       x11       6
ENDATA
