* expect: optimal 0
* seed 3537, minimised: x5 = 2 and x3 = 1 + 1.03e-9 hold both rows exactly,
* breaking x3 <= 1 by 1e-9 (inside bnbs own tol_primal); bnb said infeasible.
NAME          adv3537
ROWS
 N obj
 E  r1
 E  r5
COLUMNS
    x3        r5        194.5
    x5        r1        4
    x5        r5        -0.0068061
RHS
    RHS       r1        8
    RHS       r5        194.486388
BOUNDS
 LO BND       x3        0
 UP BND       x3        1
 LO BND       x5        0
 PL BND       x5      
ENDATA
