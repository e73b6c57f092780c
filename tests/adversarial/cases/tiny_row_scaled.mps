* expect: infeasible
* seed 50593, minimised: r4 is a row of tiny coefficients only; the best
* points miss it by 3.6e-9, 3% of the row scaled to a largest coefficient
* of 1: no evidence (rows are held as scaled, as bnb refutes them).
NAME          adv50593
ROWS
 N obj
 E  r2
 E  r3
 E  r4
 E  r11
 E  r13
COLUMNS
    x1        r3        6.2049e-09
    x1        r13       -1.49e+05
    x2        r2        2.28e-06
    x2        r3        -2.8e+04
    x2        r4        -6.93823e-08
    x3        r2        -0.00187242
    x3        r4        1.066e-07
    x3        r11       2.665
    x4        r2        -3.282
    x4        r3        -2.8e+05
    x4        r11       0.06
RHS
    RHS       r2        168.99022668
    RHS       r3        14363439.972
    RHS       r4        0.00000135
    RHS       r11       34.22012
    RHS       r13       -0.00144194
BOUNDS
 LO BND       x1        0
 PL BND       x1      
 LO BND       x2        0
 PL BND       x2      
 LO BND       x3        0
 PL BND       x3      
 LO BND       x4        -126
 UP BND       x4        10.7
ENDATA
