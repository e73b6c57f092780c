* expect: refused
* (bnb refuses, at line:col with exit 2, a denormal coefficient whose term can reach
* past 1e-9 over its column's bounds: docs/FORMATS.md, Model files; peers read it as 0.
* Before: a wrong verdict, below.)
* The reported reproducer in MPS: max x written as min -x; a denormal coefficient.
NAME          denormal
ROWS
 N  obj
 L  c1
 L  c2
COLUMNS
    x         obj       -1
    x         c1        1e-315
    x         c2        1
    y         c1        1
RHS
    RHS       c1        1
    RHS       c2        5
ENDATA
