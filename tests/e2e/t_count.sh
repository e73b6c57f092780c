#!/bin/sh
# t_count.sh -- --all, --all=N and --unique tell the truth: the counts
# of the models in tests/models/count_*.lp (found by enumerating every
# integer point) in every mode, an infeasible model's proven 0, the LP
# relaxation refused, and (python3) a few hundred random small models
# against brute-force enumeration (tests/count_check.py).
. tests/e2e/lib.sh

# all NAME FILE COUNT [OPTIONS...]: --all prints COUNT distinct
# solutions, the count and "the count is proven".
all() {
    name=$1 file=$2 want=$3
    shift 3
    limit "$BNB" --all "$@" "$file" >"$tmp/out" 2>"$tmp/err"
    got=$(sed -n 's/^# solutions: //p' "$tmp/out")
    shown=$(grep -c '^# solution [0-9]' "$tmp/out")
    distinct=$(awk '/^# solution [0-9]/ { if (s != "") print s; s = ""; next }
                    /^#/ { if (s != "") print s; s = ""; next }
                    { s = s " " $0 }
                    END { if (s != "") print s }' "$tmp/out" | sort -u | wc -l)
    if [ "$want" -eq 0 ]; then distinct=0; fi
    if [ "$got" = "$want" ] && [ "$shown" -eq "$want" ] &&
        [ "$distinct" -eq "$want" ] &&
        grep -q '^# the count is proven' "$tmp/out"; then
        ok "$name"
    else
        fail "$name" "$got solutions ($shown shown, $distinct distinct), expected $want proven"
    fi
}

for mode in default textbook most first pseudocost nocutoff; do
    case $mode in
    default) set -- ;;
    textbook) set -- --textbook ;;
    most) set -- --branch most ;;
    first) set -- --branch first --child up ;;
    pseudocost) set -- --branch pseudocost ;;
    nocutoff) set -- --set lp_cutoff=0 --set rc_fixing=0 --set penalties=0 ;;
    esac
    all "count-unique $mode" tests/models/count_unique.lp 1 "$@"
    all "count-better $mode" tests/models/count_better.lp 5 "$@"
    all "count-general $mode" tests/models/count_general.lp 3 "$@"
    all "count-rins $mode" tests/models/count_rins.lp 6 "$@"
done

# --unique: one optimum is unique, two are not.
run count-unique-flag 0 tests/models/count_unique.lp --unique &&
    if grep -q '^# unique: ' "$tmp/out" &&
        ! grep -q 'stopped at' "$tmp/out"; then
        ok count-unique-flag
    else
        fail count-unique-flag "$(grep '^# ' "$tmp/out" | head -n 3)"
    fi
run count-not-unique 0 tests/models/count_rins.lp --unique &&
    if grep -q '^# not unique: ' "$tmp/out"; then
        ok count-not-unique
    else
        fail count-not-unique "$(grep '^# ' "$tmp/out" | head -n 3)"
    fi

# An infeasible model: 0 solutions, and that count is proven (exit 1).
for opt in --all --unique; do
    run "count-infeasible $opt" 1 tests/count/infeasible.lp $opt &&
        if grep -q '^# solutions: 0$' "$tmp/out" &&
            grep -q '^# the count is proven: the model has no solution' \
                "$tmp/out"; then
            ok "count-infeasible $opt"
        else
            fail "count-infeasible $opt" "$(grep '^# ' "$tmp/out" | tail -n 3)"
        fi
done

# The LP relaxation has no count to give: refused with a reason (exit 2).
for opt in --all --unique --all=5; do
    run "count-lp-only $opt" 2 tests/models/count_general.lp --lp-only $opt &&
        if grep -q 'cannot go with --lp-only' "$tmp/err" &&
            ! grep -q 'proven' "$tmp/out"; then
            ok "count-lp-only $opt"
        else
            fail "count-lp-only $opt" "$(head -n 2 "$tmp/err")"
        fi
done

# A model with continuous columns says what it counts.
run count-parts 0 tests/models/mix.lp --all &&
    if grep -q '^# (solutions are counted by the values of the integer' \
        "$tmp/out"; then
        ok count-parts
    else
        fail count-parts "no word on the continuous columns"
    fi

# An LP's optimum is "unique" in its (no) integer columns only.
run count-parts-unique 0 tests/models/diet.lp --unique &&
    if grep -q '^# unique: .* (in the integer columns)$' "$tmp/out"; then
        ok count-parts-unique
    else
        fail count-parts-unique "$(grep '^# unique' "$tmp/out")"
    fi

# Random small models against brute-force enumeration.
if have python3; then
    if out=$(python3 tests/count_check.py "$BNB" "${COUNT_MODELS:-200}" 2>&1)
    then
        ok "count-random: $out"
    else
        fail count-random "$(echo "$out" | head -n 5)"
    fi
else
    skip count-random "python3 is not installed"
fi
exit $failed
