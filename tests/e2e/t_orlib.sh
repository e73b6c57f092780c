#!/bin/sh
# t_orlib.sh -- the small instances of tests/orlib/gen.py (one of each
# OR-Library class and MIPLIB-like surrogate) solve to the optimum that
# cbc 2.10 proved for them, and the generator is deterministic: the same
# shape, size and seed give the same file twice.
. tests/e2e/lib.sh

if ! have python3; then
    skip orlib "no python3"
    exit 0
fi

# shape optimum (cbc 2.10.8; the objective as written, max or min)
while read -r shape want; do
    python3 tests/orlib/gen.py "$shape" s 1 >"$tmp/$shape.lp"
    python3 tests/orlib/gen.py "$shape" s 1 >"$tmp/again.lp"
    if ! cmp -s "$tmp/$shape.lp" "$tmp/again.lp"; then
        fail "orlib-$shape" "the generator is not deterministic"
        continue
    fi
    got=$(limit "$BNB" "$tmp/$shape.lp" 2>&1 |
        sed -n 's/^# optimal, objective \([^,]*\),.*/\1/p')
    if awk -v a="$want" -v b="$got" 'BEGIN { d = a - b; if (d < 0) d = -d;
            m = a < 0 ? -a : a; exit !(b != "" && d <= 1e-6 * (1 + m)) }'
    then
        ok "orlib-$shape"
    else
        fail "orlib-$shape" "want ${want}, got ${got:-no optimum}"
    fi
done <<'END'
cfl 3446.854375
gap 393
mkp 5930
scp 234
bpp 5
clsp 10787
gik 20817
capx -1746521
fixnet 1340
mas -64878
END
exit $failed
