* expect: optimal -104699998.953
* seed 179, minimised: integers up to 1e8; x4 = 99999999, x14 = 0,
* x15 = 4226511960/664542 is feasible and optimal; bnb stopped at -104536321.432.
NAME          adv179
ROWS
 N obj
 E  r6
 G  r9
COLUMNS
    M0         'MARKER'                 'INTORG'
    x4        obj       -1.047
    x4        r9        -2.7e+05
    M1         'MARKER'                 'INTEND'
    x14       obj       27
    x14       r6        4
    x15       r6        664542
    x15       r9        -1.6e+05
RHS
    RHS       r6        4226511960
    RHS       r9        -27001017600142.369873
BOUNDS
 LO BND       x4        0
 UP BND       x4        100000000
 LO BND       x14       0
 PL BND       x14     
 LO BND       x15       0
 PL BND       x15     
ENDATA
