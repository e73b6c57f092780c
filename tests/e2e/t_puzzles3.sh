#!/bin/sh
# t_puzzles3.sh -- Circuit Scramble, Match 22, Infinity Loop and logic
# grids: every data file solves with the right exit status and a
# solution the tests' own checker accepts; the papers' known answers;
# uniqueness where claimed; --variant paper of circuit is rejected by the
# rules check; bad files fail with file:line and the expected message;
# glpsol agrees on the optimum of the model bnb writes.
. tests/e2e/lib.sh
KINDS="circuit match22 infinityloop logicgrid"
need_checker

# known NAME OBJECTIVE: the optima we know from the papers or by hand
known() {
    case "$1" in
    match22-hartmann2018) echo 28 ;;   # Hartmann 2018, Appendix C
    circuit-formats) echo 1 ;;
    circuit-adder) echo 2 ;;
    circuit-lit) echo 0 ;;
    circuit-parity16) echo 1 ;;
    infinityloop-corners) echo 6 ;;
    *) echo "" ;;
    esac
}

for kind in $KINDS; do
    for f in data/$kind-*.txt; do
        [ -e "$f" ] || continue
        name=$(basename "$f" .txt)
        want=0
        case "$name" in *infeasible*) want=1 ;; esac
        "$BNB" "$f" >"$tmp/out" 2>"$tmp/err"
        rc=$?
        if [ $rc -ne $want ]; then
            echo "FAIL $name: exit $rc, expected $want: $(head -n 2 "$tmp/err")"
            continue
        fi
        if [ $rc -eq 0 ] && ! "$tmp/check" "$f" "$tmp/out" >"$tmp/why"; then
            echo "FAIL $name: checker: $(cat "$tmp/why")"
            continue
        fi
        obj=$(sed -n 's/^# optimal, objective \([^,]*\),.*/\1/p' "$tmp/out")
        k=$(known "$name")
        if [ -n "$k" ] && [ "$obj" != "$k" ]; then
            echo "FAIL $name: objective $obj, known optimum $k"
            continue
        fi
        echo "ok $name"
    done
done

# Chlond 2014, Appendix A (Figure A.1)
cat >"$tmp/appendix-a" <<'EOF'
Arthur Beasley Physics York
Michael Tompkins Mathematics Reading
Patricia Mason Business Manchester
Richard Lucas History Cardiff
Veronica Johnson Economics Oxford
EOF
for v in pairwise chlond; do
    "$BNB" --quiet --variant $v data/logicgrid-studies.txt >"$tmp/out" 2>&1
    if cmp -s "$tmp/out" "$tmp/appendix-a"; then
        echo "ok studies-appendix-a-$v"
    else
        echo "FAIL studies-appendix-a-$v: got $(head -n 2 "$tmp/out")"
    fi
done

# Einstein's riddle: the Japanese owns the zebra, the Norwegian drinks water
"$BNB" --quiet data/logicgrid-zebra.txt >"$tmp/out" 2>&1
if grep -q '^5 Green Japanese Zebra Coffee Parliament$' "$tmp/out" &&
    grep -q '^1 Yellow Norwegian Fox Water Kools$' "$tmp/out"; then
    echo "ok zebra-answer"
else
    echo "FAIL zebra-answer: $(head -n 1 "$tmp/out")"
fi

# the logic grids have one solution each
for name in studies zebra race; do
    "$BNB" --all data/logicgrid-$name.txt >"$tmp/out" 2>&1
    if grep -q '^# solutions: 1$' "$tmp/out"; then
        echo "ok unique-$name"
    else
        echo "FAIL unique-$name: $(grep '^# solutions' "$tmp/out")"
    fi
done

# the literal XOR rows (25) accept 1 xor 1 = 1: the rules check refuses
for name in formats parity16; do
    "$BNB" --variant paper data/circuit-$name.txt >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ $rc -eq 6 ] && ! grep -q '^inputs:' "$tmp/out" &&
        grep -q 'breaks the rules' "$tmp/err"
    then
        echo "ok circuit-paper-rejected-$name"
    else
        echo "FAIL circuit-paper-rejected-$name: $(cat "$tmp/out" "$tmp/err")"
    fi
done

# malformed files: exit 2, "file:LINE:" and the expected fragment
bad=tests/bad/puzzles
grep -v '^#' "$bad/expected.txt" | while IFS='|' read -r file line frag; do
    case "$file" in circuit-*|match22-*|infinityloop-*|logicgrid-*) ;; *) continue ;; esac
    "$BNB" "$bad/$file" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ $rc -ne 2 ]; then
        echo "FAIL bad-$file: exit $rc, expected 2"
    elif ! grep -qF "$file:$line:" "$tmp/err" || ! grep -qF "$frag" "$tmp/err"
    then
        echo "FAIL bad-$file: wanted line $line '$frag', got: $(head -n 1 "$tmp/err")"
    elif [ -s "$tmp/out" ]; then
        echo "FAIL bad-$file: printed something on stdout"
    else
        echo "ok bad-$file"
    fi
done

# glpsol on the model bnb writes: the same optimum
if command -v glpsol >/dev/null 2>&1; then
    for kind in circuit match22 infinityloop; do
        for f in data/$kind-*.txt; do
            name=$(basename "$f" .txt)
            case "$name" in *infeasible*) continue ;; esac
            "$BNB" --quiet --write-lp "$tmp/m.lp" "$f" >/dev/null 2>&1
            obj=$(known "$name")
            [ -n "$obj" ] || obj=$("$BNB" "$f" 2>/dev/null |
                sed -n 's/^# optimal, objective \([^,]*\),.*/\1/p')
            timeout 120 glpsol --lp "$tmp/m.lp" -o "$tmp/g.out" >/dev/null 2>&1
            g=$(sed -n 's/^Objective: .* = \([^ ]*\) .*/\1/p' "$tmp/g.out")
            if [ -n "$g" ] && awk -v a="$obj" -v b="$g" \
                'BEGIN { d = a - b; exit !(d < 1e-6 && d > -1e-6) }'; then
                echo "ok glpsol-$name"
            else
                echo "FAIL glpsol-$name: bnb $obj, glpsol ${g:-none}"
            fi
        done
    done
else
    echo "skip glpsol: not installed"
fi
exit 0
