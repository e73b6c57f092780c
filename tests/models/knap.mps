* Fixed MPS: an integer knapsack, maximised (OBJSENSE section form).
NAME          KNAP
OBJSENSE
    MAX
ROWS
 N  VALUE
 L  WEIGHT
 L  COUNT
COLUMNS
    MARKER    'MARKER'                 'INTORG'
    ITEM1     VALUE     24             WEIGHT    12
    ITEM1     COUNT     1
    ITEM2     VALUE     13             WEIGHT    7
    ITEM2     COUNT     1
    ITEM3     VALUE     23             WEIGHT    11
    ITEM3     COUNT     1
    ITEM4     VALUE     15             WEIGHT    8
    ITEM4     COUNT     1
    ITEM5     VALUE     16             WEIGHT    9
    ITEM5     COUNT     1
    MARKER    'MARKER'                 'INTEND'
RHS
    RHS       WEIGHT    26             COUNT     4
BOUNDS
 UP BND       ITEM1     2
 UP BND       ITEM2     2
 UP BND       ITEM3     2
 UP BND       ITEM4     2
 UP BND       ITEM5     2
ENDATA
