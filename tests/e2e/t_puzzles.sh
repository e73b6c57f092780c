#!/bin/sh
# t_puzzles.sh -- runs $BNB on every data/<kind>-*.txt whose kind the
# tests' own checker (tests/checkers, one file per kind) knows: exit code,
# rules check of the solution block, the known solution where
# tests/e2e/expected/<name>.sol has one; files named *infeasible* must
# exit 1 with "# no solution". Then every tests/bad/puzzles file must exit
# 2 with its message from tests/bad/puzzles/expected.txt.
# Env: BNB (the binary), CC (default cc), PZ_TIMEOUT seconds (default 60).
# Prints ok/FAIL/skip lines; exits 1 if anything failed.

: "${BNB:?set BNB to the bnb binary}"
. tests/e2e/lib.sh
need_checker
kinds=" $("$tmp/check" --kinds | tr '\n' ' ') "

# The checker must reject a damaged known solution, or it checks nothing.
for sol in tests/e2e/expected/*.sol; do
    name=$(basename "$sol" .sol)
    grep -v '^#' "$sol" | sed '1s/^\(.\)\(.\)/\2\1/' > "$tmp/bad.sol"
    if "$tmp/check" "data/$name.txt" "$tmp/bad.sol" > /dev/null; then
        fail "checker-$name" "accepts a damaged solution"
    fi
done

run_data() {
    f=$1 name=$(basename "$1" .txt)
    timeout "${PZ_TIMEOUT:-60}" "$BNB" "$f" > "$tmp/out" 2> "$tmp/err"
    rc=$?
    case $name in
    *infeasible*)
        if [ $rc -ne 1 ]; then
            fail "$name" "exit $rc, expected 1 (infeasible)"
        elif ! grep -q '^# no solution' "$tmp/out"; then
            fail "$name" "no '# no solution' line"
        else
            ok "$name"
        fi
        return ;;
    esac
    if [ $rc -ne 0 ]; then
        fail "$name" "exit $rc, expected 0: $(head -c 200 "$tmp/err")"
        return
    fi
    if ! why=$("$tmp/check" "$f" "$tmp/out"); then
        fail "$name" "rules check: $why"
        return
    fi
    expected=tests/e2e/expected/$name.sol
    if [ -f "$expected" ]; then
        grep -v '^#' "$expected" > "$tmp/want"
        grep -v '^#' "$tmp/out" > "$tmp/got"
        if ! cmp -s "$tmp/want" "$tmp/got"; then
            fail "$name" "differs from $expected"
            return
        fi
    fi
    ok "$name"
}

for f in data/*.txt; do
    kind=$(basename "$f" .txt)
    kind=${kind%%-*}
    case $kinds in
    *" $kind "*) run_data "$f" ;;
    *) echo "skip $(basename "$f" .txt): no checker for $kind" ;;
    esac
done

# Bad files: exit 2 and a message "path:LINE:..." containing the
# fragment of tests/bad/puzzles/expected.txt (FILE|LINE|FRAGMENT, shared
# with the other kinds' scripts); every file in the folder listed there.
table=tests/bad/puzzles/expected.txt
for f in tests/bad/puzzles/*.txt; do
    file=$(basename "$f")
    [ "$f" = "$table" ] && continue
    grep -q "^$file|" "$table" || fail "bad-$file" "not listed in $table"
done
grep -v '^#' "$table" | while IFS='|' read -r file line frag; do
    [ -n "$file" ] || continue
    f=tests/bad/puzzles/$file
    if [ ! -f "$f" ]; then
        echo "FAIL bad-$file: listed but missing"
        continue
    fi
    timeout "${PZ_TIMEOUT:-60}" "$BNB" "$f" > "$tmp/out" 2> "$tmp/err"
    rc=$?
    if [ $rc -ne 2 ]; then
        echo "FAIL bad-$file: exit $rc, expected 2"
    elif ! grep -qF -- "$f:$line:" "$tmp/err" ||
         ! grep -qF -- "$frag" "$tmp/err"; then
        echo "FAIL bad-$file: wanted $f:$line: '$frag', got" \
             "'$(head -c 300 "$tmp/err")'"
    elif [ -s "$tmp/out" ]; then
        echo "FAIL bad-$file: printed on stdout"
    else
        echo "ok bad-$file"
    fi
done > "$tmp/bad.log"
cat "$tmp/bad.log"
grep -q '^FAIL' "$tmp/bad.log" && failed=1

exit $failed
