# Melkonian (2016) does not print this instance's solution: the unique
# solution (a second solve excluding it is infeasible), cages checked by hand.
1 3 4 5 2
3 2 5 1 4
5 4 1 2 3
4 1 2 3 5
2 5 3 4 1
