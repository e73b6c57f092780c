* expect: optimal -0.141
* seed 687, minimised: x8 = x10 = x11 = 1, x15 = 2 is 2e-8 off; the 2e-8
* coefficient must not fix x10 at 0.
NAME          adv687
ROWS
 N obj
 E  r1
COLUMNS
    M0         'MARKER'                 'INTORG'
    x8        r1        8.3e-06
    x10       obj       -0.141
    x10       r1        2e-08
    x11       r1        4
    x15       r1        -1.3e+02
    M1         'MARKER'                 'INTEND'
RHS
    RHS       r1        -255.9999917
BOUNDS
 LO BND       x8        0
 UP BND       x8        2
 LO BND       x10       0
 UP BND       x10       1
 LO BND       x11       0
 UP BND       x11       1
 LO BND       x15       0
 UP BND       x15       5
ENDATA
