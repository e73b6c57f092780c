* expect: optimal 0
* seed 9609, minimised: x2 = 6, x3 = 1, x6 = 5 is 2e-7 off r5, within 1e-8 of its terms
* (54) though beyond 1e-8 of its side 14: refuted with a tolerance relative to the side alone.
NAME          adv9609
ROWS
 N obj
 E  r3
 E  r5
COLUMNS
    M0         'MARKER'                 'INTORG'
    x2        r5        9
    M1         'MARKER'                 'INTEND'
    x3        r3        1.6e+03
    x3        r5        0.0028272
    M2         'MARKER'                 'INTORG'
    x6        r5        -8
    M3         'MARKER'                 'INTEND'
RHS
    RHS       r3        1600
    RHS       r5        14.002827
BOUNDS
 LO BND       x2        0
 UP BND       x2        6
 LO BND       x3        0
 PL BND       x3      
 LO BND       x6        0
 UP BND       x6        8
ENDATA
