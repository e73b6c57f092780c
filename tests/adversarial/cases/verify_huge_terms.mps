* expect: optimal -1000921197617.11
* seed 54658, minimised: r9 met by 0.0987 over 3.0231 (x3 = 7.3e10, 9 x19 = 2.2e11
* cancel), inside 10^-12 of the continuous terms the check allowed beyond
* tol_verify; now an ulp of each only, and the polish meets the row.
NAME          adv54658
ROWS
 N obj
 L  r2
 L  r3
 L  r9
 E  r10
COLUMNS
    M0         'MARKER'                 'INTORG'
    x3        r3        4e+02
    x3        r9        -3
    M1         'MARKER'                 'INTEND'
    x8        r3        8.3
    x12       r2        7
    x12       r3        -9.8e+05
    x14       r3        4382.25
    x14       r10       -5
    x19       obj       -41
    x19       r9        9
    x19       r10       -6e-08
RHS
    RHS       r2        209250744.900005
    RHS       r3        148732255.60697
    RHS       r9        3.0231
    RHS       r10       250
BOUNDS
 LO BND       x3        0
 PL BND       x3      
 LO BND       x8        -5141
 UP BND       x8        50000000
 LO BND       x12       0
 PL BND       x12     
 FR BND       x14     
 LO BND       x19       0
 PL BND       x19     
ENDATA
