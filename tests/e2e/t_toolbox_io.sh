#!/bin/sh
# t_toolbox_io.sh -- bnb among other solvers' tools: solution files that
# cbc -mips and glpsol -r read (--solution, --solution-format), MIP
# starts in each of those forms (--mip-start), and "-" as standard input
# or output for the file arguments (--format, --no-solve), with the
# people's output kept off a standard output that carries a file.
# The peers' checks are skipped when cbc or glpsol is not installed.
. tests/e2e/lib.sh

p33=bench/miplib/p0033.mps
afiro=bench/netlib/afiro.mps

# has NAME FILE PATTERN: FILE holds a line matching PATTERN (grep -E).
has() {
    if grep -Eq -- "$3" "$2"; then ok "$1"
    else fail "$1" "no line '$3' in: $(head -c 300 "$2")"; fi
}

# ---- solution files ------------------------------------------------------

for form in miplib cbc glpk; do
    if "$BNB" --quiet --solution "$tmp/p33.$form" --solution-format "$form" \
            "$p33" >/dev/null 2>"$tmp/err"; then
        ok "solution-$form-written"
    else
        fail "solution-$form-written" "$(head -c 200 "$tmp/err")"
    fi
done
[ "$(head -n 1 "$tmp/p33.miplib")" = "=obj= 3089" ] &&
    [ "$(wc -l <"$tmp/p33.miplib")" -eq 34 ] &&
    grep -qx 'C157 1' "$tmp/p33.miplib" && grep -qx 'C158 0' "$tmp/p33.miplib" &&
    ok solution-miplib-form ||
    fail solution-miplib-form "$(head -n 3 "$tmp/p33.miplib")"
has solution-cbc-form "$tmp/p33.cbc" '^ +0 C157 +1$'
has solution-glpk-form "$tmp/p33.glpk" '^s mip 16 33 o 3089$'

printf 'Minimize\n obj: x + y\nSubject To\n c1: x + y >= 3\n c2: x + y <= 2\nGenerals\n x y\nEnd\n' \
    >"$tmp/infeasible.lp"
run solution-none 1 "$tmp/infeasible.lp" --solution "$tmp/none.sol" &&
    [ "$(cat "$tmp/none.sol")" = "=infeas=" ] && ok solution-none ||
    fail solution-none "not =infeas=: $(head -c 100 "$tmp/none.sol")"

if have cbc; then
    (cd "$tmp" && limit cbc "$OLDPWD/$p33" -mips p33.cbc solve) \
        >"$tmp/cbc.out" 2>&1
    has cbc-reads-start "$tmp/cbc.out" 'MIPStart values read for 33 variables'
    has cbc-takes-start "$tmp/cbc.out" 'MIPStart provided solution with cost 3089'
else
    skip cbc-reads-start "cbc is not installed"
fi

if have glpsol; then
    limit glpsol --mps "$p33" -r "$tmp/p33.glpk" -o "$tmp/glpk.out" \
        >"$tmp/glpsol.log" 2>&1
    has glpsol-reads-mip "$tmp/glpk.out" 'Status: +INTEGER OPTIMAL'
    has glpsol-reads-mip-objective "$tmp/glpk.out" 'Objective: +R100 = 3089 '
    "$BNB" --quiet --solution "$tmp/afiro.glpk" --solution-format glpk \
        "$afiro" >/dev/null 2>&1
    limit glpsol --mps "$afiro" -r "$tmp/afiro.glpk" -o "$tmp/afiro.out" \
        >"$tmp/glpsol.log" 2>&1
    has glpsol-reads-lp "$tmp/afiro.out" 'Status: +OPTIMAL'
    has glpsol-reads-lp-objective "$tmp/afiro.out" 'COST = -464.7531429'
else
    skip glpsol-reads-mip "glpsol is not installed"
fi

# ---- MIP starts ----------------------------------------------------------

# start NAME FILE [ARGS...]: bnb --mip-start FILE --trace p0033 reaches
# 3089, its trace naming the start's incumbent; output in $tmp/out.
start() {
    name=$1 sol=$2
    shift 2
    limit "$BNB" --trace --mip-start "$sol" "$@" "$p33" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ $rc -ne 0 ]; then
        fail "$name" "exit $rc: $(head -c 200 "$tmp/err")"
    elif ! tail -n 1 "$tmp/out" | grep -q '^# optimal, objective 3089,'; then
        fail "$name" "$(tail -n 1 "$tmp/out")"
    else
        return 0
    fi
    return 1
}
for form in miplib cbc glpk; do
    start "mip-start-$form" "$tmp/p33.$form" &&
        has "mip-start-$form" "$tmp/out" '^# MIP start at the root:'
done
# bnb's own solution block is the MIPLIB form without =obj=; it lists
# the nonzero columns only, so the others are left to the completion
"$BNB" --quiet "$p33" >"$tmp/block.sol" 2>/dev/null
start mip-start-block "$tmp/block.sol" &&
    has mip-start-block "$tmp/out" '^# MIP start, completed at the root:'
# a partial start: the integer columns it gives are fixed, the rest searched
grep -v '^C1[5-6]' "$tmp/p33.miplib" >"$tmp/part.sol"
start mip-start-partial "$tmp/part.sol" &&
    has mip-start-partial "$tmp/out" '^# MIP start, completed at the root:'
# an infeasible start: a note on stderr, the solve as without it
sed 's/ 0$/ 1/' "$tmp/p33.miplib" >"$tmp/ones.sol"
if start mip-start-infeasible "$tmp/ones.sol"; then
    if grep -q 'MIP start' "$tmp/out"; then
        fail mip-start-infeasible "the infeasible start was used"
    else
        has mip-start-infeasible "$tmp/err" \
            '^bnb: note: the MIP start from .*ones.sol was not used'
    fi
fi
printf '=infeas=\n' >"$tmp/empty.sol"
start mip-start-empty "$tmp/empty.sol" &&
    has mip-start-empty "$tmp/err" 'gives no values: no MIP start'
start mip-start-stdin - <"$tmp/p33.cbc" &&
    has mip-start-stdin "$tmp/out" '^# MIP start at the root:'
# a start on a model with continuous columns: written, read back
"$BNB" --quiet --solution "$tmp/mix.sol" tests/models/mix.lp >/dev/null 2>&1
want=$("$BNB" tests/models/mix.lp 2>/dev/null | tail -n 1 |
       sed 's/.*objective \([^,]*\),.*/\1/')
expect mip-start-continuous tests/models/mix.lp 0 "$want" --mip-start "$tmp/mix.sol"

# a start does not change a count: each solution is counted once
"$BNB" --quiet --solution "$tmp/two.sol" data/binairo-6x6-two.txt >/dev/null 2>&1
"$BNB" --all --mip-start "$tmp/two.sol" data/binairo-6x6-two.txt >"$tmp/out" 2>&1
has mip-start-count "$tmp/out" '^# solutions: 2$'

# errors: file:line:col, exit 2
printf '=obj= 1\nC157 1\nNOPE 2\n' >"$tmp/name.sol"
run mip-start-unknown-name 2 "$p33" --mip-start "$tmp/name.sol" &&
    has mip-start-unknown-name "$tmp/err" "name.sol:3:1: no column 'NOPE' in the model"
printf 'C157 1\nC158 x\n' >"$tmp/value.sol"
run mip-start-bad-value 2 "$p33" --mip-start "$tmp/value.sol" &&
    has mip-start-bad-value "$tmp/err" "value.sol:2:6: not a finite number: 'x'"
printf 's mip 3 4 o 0\nj 1 1\ne o f\n' >"$tmp/size.sol"
run mip-start-glpk-size 2 "$p33" --mip-start "$tmp/size.sol" &&
    has mip-start-glpk-size "$tmp/err" "size.sol:1:7: the solution's size is not the model's"

run mip-start-binary 2 "$p33" --mip-start /dev/zero &&
    has mip-start-binary "$tmp/err" '^/dev/zero:1:1: binary data \(byte 0x00\)'

# ---- pipes ---------------------------------------------------------------

if have gzip; then
    gzip -c "$p33" >"$tmp/p33.mps.gz"
    gzip -dc "$tmp/p33.mps.gz" | limit "$BNB" --format mps - >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc -eq 0 ] && tail -n 1 "$tmp/out" | grep -q 'objective 3089,' &&
        ok stdin-format-mps || fail stdin-format-mps "exit $rc: $(tail -n 1 "$tmp/out")"
else
    skip stdin-format-mps "gzip is not installed"
fi
# standard input without --format: told by its first line
for f in "$p33" tests/models/mix.lp data/binairo-6x6.txt; do
    name=stdin-sniff-$(basename "$f")
    want=$("$BNB" "$f" 2>/dev/null | tail -n 1 | sed 's/,.*//')
    got=$(limit "$BNB" - <"$f" 2>"$tmp/err" | tail -n 1 | sed 's/,.*//')
    [ -n "$want" ] && [ "$got" = "$want" ] && ok "$name" ||
        fail "$name" "'$got', expected '$want': $(head -c 200 "$tmp/err")"
done
# an endless binary input is refused where its first control byte is
(printf 'NAME x\nROWS\n'; cat /dev/zero) | limit "$BNB" - >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && grep -q '^-:3:1: binary data (byte 0x00)' "$tmp/err" &&
    ok stdin-binary || fail stdin-binary "exit $rc: $(head -c 200 "$tmp/err")"
# --format over the file's name
cp tests/models/mix.lp "$tmp/mix.txt"
expect format-over-name "$tmp/mix.txt" 0 36.5 --format lp
printf 'hello\n' | "$BNB" - >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && grep -q 'say --format lp, mps or puzzle' "$tmp/err" &&
    ok stdin-unknown || fail stdin-unknown "exit $rc: $(head -c 200 "$tmp/err")"
printf 'Minimize\n obj: x +\nSubject To\n c: x >= 1\nEnd\n' |
    "$BNB" --format lp - >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && grep -q "^-:3:1: expected a number or a variable, not 'Subject'" "$tmp/err" &&
    ok stdin-error-location || fail stdin-error-location "exit $rc: $(head -c 200 "$tmp/err")"

# --no-solve: the model written, nothing else, exit 0
"$BNB" --no-solve --write-lp "$tmp/p33.lp" "$p33" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] && [ ! -s "$tmp/out" ] && [ -s "$tmp/p33.lp" ] && ok no-solve ||
    fail no-solve "exit $rc, stdout $(wc -c <"$tmp/out") bytes"
"$BNB" --write-lp - --no-solve "$p33" >"$tmp/pipe.lp" 2>"$tmp/err"
cmp -s "$tmp/pipe.lp" "$tmp/p33.lp" && ok write-lp-stdout ||
    fail write-lp-stdout "differs from --write-lp FILE"
"$BNB" --write-lp - --no-solve "$p33" 2>/dev/null |
    "$BNB" --format lp - >"$tmp/out" 2>&1
tail -n 1 "$tmp/out" | grep -q 'objective 3089,' && ok write-lp-pipe-bnb ||
    fail write-lp-pipe-bnb "$(tail -n 1 "$tmp/out")"
if have glpsol; then
    "$BNB" --write-lp - --no-solve "$p33" 2>/dev/null |
        limit glpsol --lp /dev/stdin -o "$tmp/glp.out" >"$tmp/glp.log" 2>&1
    has write-lp-pipe-glpsol "$tmp/glp.out" 'Objective: .* = 3089 '
    "$BNB" --write-mps - --no-solve "$p33" 2>/dev/null |
        limit glpsol --mps /dev/stdin -o "$tmp/glp.out" >"$tmp/glp.log" 2>&1
    has write-mps-pipe-glpsol "$tmp/glp.out" 'Objective: .* = 3089 '
else
    skip write-lp-pipe-glpsol "glpsol is not installed"
fi

# a file on standard output: the people's output moves to stderr
"$BNB" --events - data/binairo-6x6.txt >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] && ! grep -qv '^{' "$tmp/out" && grep -q '^010101$' "$tmp/err" &&
    grep -q '^# optimal' "$tmp/err" && ok events-stdout-alone ||
    fail events-stdout-alone "exit $rc: $(grep -v '^{' "$tmp/out" | head -n 2)"
"$BNB" --quiet --solution - "$p33" >"$tmp/out" 2>"$tmp/err"
cmp -s "$tmp/out" "$tmp/p33.miplib" && ok solution-stdout ||
    fail solution-stdout "$(head -n 2 "$tmp/out")"
"$BNB" --tree - --trace "$p33" >"$tmp/out" 2>"$tmp/err"
head -n 1 "$tmp/out" | grep -q '^digraph' && ! grep -q '^# ' "$tmp/out" &&
    grep -q '^# node 0' "$tmp/err" && ok tree-stdout ||
    fail tree-stdout "$(head -n 2 "$tmp/out")"
"$BNB" --html - data/binairo-6x6.txt >"$tmp/out" 2>"$tmp/err"
head -n 1 "$tmp/out" | grep -q '^<!DOCTYPE html>' &&
    tail -n 1 "$tmp/err" | grep -q '^# optimal' && ok html-stdout ||
    fail html-stdout "$(head -n 1 "$tmp/out")"
run two-writers 2 "$p33" --solution - --events - &&
    has two-writers "$tmp/err" 'only one file can be written to standard output'
run two-readers 2 - --mip-start - </dev/null &&
    has two-readers "$tmp/err" 'only one file can be read from standard input'
run bad-format 2 "$p33" --format xls &&
    has bad-format "$tmp/err" "--format: lp, mps or puzzle, not 'xls'"
run solution-format-alone 2 "$p33" --solution-format cbc &&
    has solution-format-alone "$tmp/err" '--solution-format needs --solution FILE'
run mip-start-lp-only 2 "$p33" --lp-only --mip-start "$tmp/p33.miplib" &&
    has mip-start-lp-only "$tmp/err" '--mip-start cannot go with --lp-only'
# a model to stdout and a solve: the solve's output on stderr
"$BNB" --write-mps - "$p33" >"$tmp/out.mps" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] && tail -n 1 "$tmp/out.mps" | grep -qx ENDATA &&
    grep -q '^# optimal, objective 3089,' "$tmp/err" && ok write-mps-and-solve ||
    fail write-mps-and-solve "exit $rc: $(tail -n 1 "$tmp/out.mps")"
# --replay from standard input, told to --trace-file -
"$BNB" --events "$tmp/p33.jsonl" "$p33" >/dev/null 2>&1
"$BNB" --replay - --trace --trace-file - "$p33" <"$tmp/p33.jsonl" \
    >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] && grep -q '^# node 0' "$tmp/out" && ok replay-stdin ||
    fail replay-stdin "exit $rc: $(head -c 200 "$tmp/err")"
run bad-solution-format 2 "$p33" --solution-format csv &&
    has bad-solution-format "$tmp/err" "--solution-format: miplib, cbc or glpk"
# A row named 'MARKER' (quotes included) is a legal LP name, but an MPS
# reader takes a COLUMNS card with that row for an integer marker: the
# writer renames it, and the file reads back.
printf "minimize\n cost: x + y\nst\n 'MARKER': 90 x + 120 y >= 20\nend\n" \
    >"$tmp/marker.lp"
if "$BNB" --no-solve --write-mps "$tmp/marker.mps" "$tmp/marker.lp" \
        >/dev/null 2>&1 &&
    "$BNB" "$tmp/marker.mps" >"$tmp/out" 2>&1 &&
    grep -q '^# optimal, objective 0.1666' "$tmp/out"; then
    ok mps-marker-name
else
    fail mps-marker-name "$(tail -1 "$tmp/out")"
fi
exit $failed
