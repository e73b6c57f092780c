#!/bin/sh
# t_tune.sh -- every tuning number of simplex/ and mip/ is in its layer's
# table (simplex/spx_tune.h, mip/mip_tune.h): the grep for exponent
# literals finds nothing in their .c files, and (tests/tune_check.py) no
# numeric literal beyond 0, 1, 2 and 0.5 is in their code elsewhere, no
# table name twice, none unused.
failed=0
hits=$(grep -rEn '[^A-Za-z_][0-9]+\.?[0-9]*e-?[0-9]+' simplex mip --include=*.c)
if [ -z "$hits" ]; then
    echo "ok tune-grep"
else
    echo "FAIL tune-grep: $(echo "$hits" | head -n 5)"
    failed=1
fi
if ! command -v python3 >/dev/null 2>&1; then
    echo "skip tune: python3 is not installed"
    exit $failed
fi
python3 tests/tune_check.py . || failed=1
exit $failed
