* expect: optimal 0
* seed 873, minimised: x2 = x9 = x10 = x12 = 1 is 3e-9 off; propagation said infeasible.
NAME          adv873
ROWS
 N obj
 E  r9
COLUMNS
    x2        r9        0.0094297
    M0         'MARKER'                 'INTORG'
    x9        r9        314.517
    x10       r9        -0.529
    M1         'MARKER'                 'INTEND'
    x12       r9        0.123
RHS
    RHS       r9        314.12043
BOUNDS
 LO BND       x2        0
 UP BND       x2        1
 LO BND       x9        0
 UP BND       x9        1
 LO BND       x10       0
 UP BND       x10       1
 LO BND       x12       0
 UP BND       x12       1
ENDATA
