#!/bin/sh
# t_puzzles2.sh -- Flow Free, Slider, Knight, V3ck and Monodot
# beyond what t_puzzles.sh checks for every data file: the Slider seed's
# known optimum, the Errata (--variant paper is rejected by the rules
# check), Flow Free's colorbin model, variants, and glpsol agreeing on
# the optimum of the model bnb writes. Env: BNB, PZ_TIMEOUT (default 60).
. tests/e2e/lib.sh
need_checker

# The seed of Hartmann 2018, appendix D: 3 moves, U R D.
if run slider-seed-optimum 0 data/slider-hartmann2018.txt; then
    if grep -q '^moves: 3$' "$tmp/out" && grep -q '^path: U R D$' "$tmp/out"
    then ok slider-seed-optimum
    else fail slider-seed-optimum "want moves: 3 / path: U R D"; fi
fi

# Errata: the literal (19)-(20) close a cycle through S, which the rules
# check rejects (exit 6, nothing printed as a solution).
for f in slider-errata slider-16x16 slider-infeasible; do
    if run "slider-paper-$f" 6 "data/$f.txt" --variant paper; then
        if grep -q 'breaks the rules' "$tmp/err"; then
            ok "slider-paper-$f"
        else
            fail "slider-paper-$f" "no rules-check message"
        fi
    fi
done
solved slider-paper-seed data/slider-hartmann2018.txt --variant paper
if run slider-errata-default 0 data/slider-errata.txt; then
    grep -q '^moves: 4$' "$tmp/out" && ok slider-errata-default ||
        fail slider-errata-default "want moves: 4"
fi

# Flow Free: both models.
solved flowfree-colorbin-5x5 data/flowfree-5x5.txt --variant colorbin
solved flowfree-colorflow-5x5 data/flowfree-5x5.txt --variant colorflow
run flowfree-colorbin-infeasible 1 data/flowfree-infeasible.txt \
    --variant colorbin && ok flowfree-colorbin-infeasible
run flowfree-bad-variant 2 data/flowfree-5x5.txt --variant nope &&
    grep -q "unknown variant 'nope' for flowfree" "$tmp/err" &&
    ok flowfree-bad-variant
run knight-no-variants 2 data/knight-3x4.txt --variant paper &&
    ok knight-no-variants

# Row families carry the paper's equation numbers.
if run flowfree-model-stats 0 data/flowfree-5x5.txt --model-stats \
        --variant colorbin; then
    miss=""
    for eq in 22 23 24 25 26 27 28 29; do
        grep -q "($eq)" "$tmp/out" || miss="$miss $eq"
    done
    [ -z "$miss" ] && ok flowfree-model-stats ||
        fail flowfree-model-stats "no rows ($miss)"
fi

# glpsol on the written model: the same optimum (slider) or feasibility.
if command -v glpsol >/dev/null 2>&1; then
    for f in slider-hartmann2018 slider-10x10 knight-3x4 v3ck-small \
             monodot-5x5; do
        run "glpsol-$f" 0 "data/$f.txt" --write-lp "$tmp/m.lp" || continue
        mine=$(sed -n 's/.*objective \([^,]*\),.*/\1/p' "$tmp/out")
        theirs=$(timeout "${PZ_TIMEOUT:-60}" glpsol --lp "$tmp/m.lp" \
                 -o "$tmp/glp.txt" >/dev/null 2>&1 &&
                 sed -n 's/^Objective: *[^=]*= *\([-0-9.e+]*\).*/\1/p' \
                     "$tmp/glp.txt")
        if [ -n "$theirs" ] &&
           awk -v a="$mine" -v b="$theirs" 'BEGIN{exit !(a-b<1e-6&&b-a<1e-6)}'
        then ok "glpsol-$f"
        else fail "glpsol-$f" "bnb $mine, glpsol '$theirs'"; fi
    done
else
    echo "skip glpsol: not installed"
fi

exit $failed
