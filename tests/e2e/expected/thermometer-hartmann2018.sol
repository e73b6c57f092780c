# Figure 1 of Hartmann (2018) shows it only as a picture: this is the
# unique solution (a second solve excluding it is infeasible).
01111110
11010110
10010110
10001010
01111110
01110000
01111111
11000111
