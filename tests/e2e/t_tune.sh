#!/bin/sh
# t_tune.sh -- every tuning number of simplex/ and mip/ is in its layer's
# table (simplex/spx_tune.h, mip/mip_tune.h): no numeric literal beyond
# 0, 1, 2 and 0.5 elsewhere in their code, no name twice, none unused
# (tests/tune_check.py).
if ! command -v python3 >/dev/null 2>&1; then
    echo "skip tune: python3 is not installed"
    exit 0
fi
python3 tests/tune_check.py .
