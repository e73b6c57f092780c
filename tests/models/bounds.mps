* Fixed MPS: names with blanks (columns 5-12, 15-22 hold them), every
* bound type, integer markers, UP with a negative value on a column whose
* lower bound is the default 0 (so it becomes -inf).
NAME          BOUNDS TEST
ROWS
 N  COST
 E  ROW 1
 G  ROW 2
 L  ROW 3
COLUMNS
    X 1       COST      1              ROW 1     -1
    UPNEG     COST      -1
    FIXED     COST      1
    FREE      COST      1              ROW 1     1
    MINUS     COST      1              ROW 2     1
    PLUS      COST      2              ROW 2     1
    BIN       COST      -3             ROW 3     1
    LINT      COST      -1             ROW 3     1
    MARKER    'MARKER'                 'INTORG'
    MARKED    COST      -0.5           ROW 3     1
    MARKER    'MARKER'                 'INTEND'
RHS
    RHS       ROW 1     1              ROW 2     3
    RHS       ROW 3     7.5
BOUNDS
 UP BND       UPNEG     -3
 FX BND       FIXED     2
 FR BND       FREE
 MI BND       MINUS
 UP BND       MINUS     5
 LO BND       PLUS      1
 PL BND       PLUS
 BV BND       BIN
 LI BND       LINT      2
 UI BND       LINT      9
ENDATA
