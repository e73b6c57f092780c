* Free MPS with names the LP format does not allow (brackets, a leading
* digit, a colon, a keyword, an "inf" prefix) and the one-line OBJSENSE.
NAME names
OBJSENSE MAX
ROWS
 N obj
 L cap[1]
 L end
 G 2nd:row
COLUMNS
 x[1,2] obj 1 cap[1] 1
 x[1,2] end 1 2nd:row 1
 1st obj 2 cap[1] 1
 infeed obj 1 end 2
 free obj -1 2nd:row 1
 x(1,2) obj 0.5 cap[1] 1
RHS
 RHS cap[1] 4 end 6
 RHS 2nd:row 1
BOUNDS
 UP BND free 3
ENDATA
