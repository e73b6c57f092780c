#!/bin/sh
# t_root.sh -- the root and infeasible nodes speak plainly: the root
# never speaks of a parent; a puzzle that probing and propagation decide
# before the LP says so and its root is the solution node (trace, events,
# DOT, viewer); a root whose LP is infeasible counts as a node; every
# infeasible node names the rows that prove it, with numbers; the event
# stream has no "bound":null; counts take the right plural.
: "${BNB:=./bnb}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0

fail() { echo "FAIL $1: $2"; failed=1; }

# Star Battle 8x8: probing and propagation fix every column before the
# root LP, whose point is the solution.
sb=data/starbattle-8x8.txt
"$BNB" --trace --events "$tmp/sb.jsonl" --tree "$tmp/sb.dot" \
    --html "$tmp/sb.html" "$sb" >"$tmp/sb.txt"
if grep -q '^#   every column is fixed before the LP (by its bounds, probing and propagation)' "$tmp/sb.txt" &&
    grep -q '^#   => integral: the new incumbent$' "$tmp/sb.txt" &&
    ! grep -q "parent\|penalty\|not solved\|inherits" "$tmp/sb.txt"; then
    echo "ok root-plain"
else
    fail root-plain "$(sed -n 3,8p "$tmp/sb.txt")"
fi
if grep -q 'n0 \[label="0\\nz = 0\\nbest solution"' "$tmp/sb.dot" &&
    grep -q '"best":0,' "$tmp/sb.html" &&
    grep -q '"ev":"pruned","node":0,"reason":"integral".*"improved":1' "$tmp/sb.jsonl"
then
    echo "ok root-solution-node"
else
    fail root-solution-node "no solution node in the DOT, viewer or events"
fi

# Binairo 12x12: the root's dive finds the solution; the trace says so,
# the DOT and SVG draw it as a node of its own below the root, the viewer
# marks the root as where it was found.
bi=data/binairo-12x12.txt
"$BNB" --trace --tree "$tmp/bi.dot" --html "$tmp/bi.html" "$bi" >"$tmp/bi.txt"
"$BNB" --tree "$tmp/bi.svg" "$bi" >/dev/null
if grep -A1 '^# dive at the root:$' "$tmp/bi.txt" | grep -q 'new incumbent' &&
    grep -q '^  solution \[label="solution\\nz = 0\\nfound by the dive"' "$tmp/bi.dot" &&
    grep -q '^  n0 -> solution \[style="dashed"\];$' "$tmp/bi.dot" &&
    grep -q 'found by the dive</tspan>' "$tmp/bi.svg" &&
    grep -q '"bestBy":"the dive"' "$tmp/bi.html"; then
    echo "ok heuristic-solution-node"
else
    fail heuristic-solution-node "the dive's solution is not drawn"
fi

# No number in the stream is null; a model without objective has no
# bound, an infeasible one no objective: both left out.
"$BNB" --events "$tmp/inf.jsonl" data/kakuro-infeasible.txt >"$tmp/inf.txt"
if ! grep -q '"bound":null\|"objective":null' "$tmp/sb.jsonl" "$tmp/inf.jsonl" &&
    grep '"ev":"result"' "$tmp/sb.jsonl" | grep -q '"objective":0,' &&
    ! grep '"ev":"result"' "$tmp/sb.jsonl" | grep -q '"bound"' &&
    ! grep '"ev":"result"' "$tmp/inf.jsonl" | grep -q '"objective"'; then
    echo "ok events-no-null"
else
    fail events-no-null "$(grep '"ev":"result"' "$tmp/sb.jsonl" | cut -c1-120)"
fi

# Kakuro with no solution: the root LP is infeasible, one node, and the
# rows of its Farkas certificate are named.
if tail -n 1 "$tmp/inf.txt" | grep -q '^# infeasible, 1 node, ' &&
    grep -q '"ev":"node","node":0,"status":"infeasible".*"why":{"rows":\[\["' "$tmp/inf.jsonl"
then
    echo "ok infeasible-root-node"
else
    fail infeasible-root-node "$(tail -n 1 "$tmp/inf.txt")"
fi
"$BNB" --trace data/kakuro-infeasible.txt >"$tmp/inf-trace.txt"
if grep -A1 '^#   LP infeasible: no point satisfies the rows, integer or not, [0-9]* dual iterations$' "$tmp/inf-trace.txt" |
        grep -q '^#     why: the rows .* add up to .*, which cannot hold: under the node.s bounds its left side is at '; then
    echo "ok infeasible-root-why"
else
    fail infeasible-root-why "$(grep -A1 'LP infeasible' "$tmp/inf-trace.txt")"
fi

# An LP without integer columns refuted by a gap below the usual digits:
# its why prints the side with the digits that tell it from the reach,
# and names no integer column.
"$BNB" --trace tests/models/badlp/thin_gap.lp >"$tmp/thin.txt"
if grep -q "^#     why: the rows -c1 + c2 add up to 0 >= 1e-10, which cannot hold: under the node's bounds its left side is at most 0$" "$tmp/thin.txt" &&
    ! grep -q "integer column" "$tmp/thin.txt"; then
    echo "ok infeasible-thin-gap-why"
else
    fail infeasible-thin-gap-why "$(grep why "$tmp/thin.txt")"
fi

# teach.lp by the textbook: node 6 (x2 >= 4, x1 >= 2) breaks c2.
"$BNB" --textbook --trace tests/models/teach.lp >"$tmp/tb.txt"
if grep -A2 '^# node 6 (parent 2, depth 2): x1 >= 2$' "$tmp/tb.txt" |
        grep -q "^#     why: row c2 says 5 x1 + 9 x2 <= 45, which cannot hold: under the node's bounds its left side is at least 46$"
then
    echo "ok infeasible-node-why"
else
    fail infeasible-node-why "$(grep -A2 '^# node 6 ' "$tmp/tb.txt")"
fi

# ... and the viewer's page carries the same proof for node 6, the
# tree's box its row.
"$BNB" --textbook --html "$tmp/tb.html" --tree "$tmp/tb.dot" \
    tests/models/teach.lp >/dev/null
if grep -q '^  n6 \[label="6\\ninfeasible: c2", ' "$tmp/tb.dot"; then
    echo "ok tree-why"
else
    fail tree-why "$(grep '^  n6 ' "$tmp/tb.dot")"
fi
if grep -q '"whys":\["why: row c2 says 5 x1 + 9 x2 \\u003c= 45, which cannot hold' "$tmp/tb.html" &&
    grep -q '"why":\[-1,-1,-1,-1,-1,-1,0\]' "$tmp/tb.html"; then
    echo "ok viewer-why"
else
    fail viewer-why "$(grep -o '"whys":[^]]*' "$tmp/tb.html")"
fi

# Propagation's failures name their row (kakuro: a sum it cannot make).
"$BNB" --trace data/kakuro-10x10.txt --node-limit 200 >"$tmp/prop.txt"
if grep -A1 'propagation: the rows cannot all hold' "$tmp/prop.txt" |
        grep -q '^#     why: row [^ ]* says '; then
    echo "ok propagation-why"
else
    fail propagation-why "no why line after a failed propagation"
fi

# One row, an LP without any point: one node, plurals right.
printf 'Minimize\n z: x\nSubject To\n c: x + y >= 3\nBounds\n x <= 1\n y <= 1\nEnd\n' >"$tmp/one.lp"
"$BNB" --trace "$tmp/one.lp" >"$tmp/one.txt"
if head -n 1 "$tmp/one.txt" | grep -q '^# model one, 1 row x 2 cols, 2 nonzeros,' &&
    grep -q "^#     why: row c says x + y >= 3, which cannot hold: under the node's bounds its left side is at most 2$" "$tmp/one.txt" &&
    tail -n 1 "$tmp/one.txt" | grep -q '^# infeasible, 1 node, '; then
    echo "ok one-row"
else
    fail one-row "$(head -n 4 "$tmp/one.txt")"
fi

# A puzzle's own counts too: a 1x1 KenKen has one cage.
printf 'puzzle: kenken\nsize: 1\ncages:\nA\nclues:\nA 1\n' >"$tmp/k1.in"
"$BNB" "$tmp/k1.in" >"$tmp/k1.txt"
if head -n 1 "$tmp/k1.txt" | grep -q '^# kenken, 1x1, 1 cage, '; then
    echo "ok puzzle-plural"
else
    fail puzzle-plural "$(head -n 1 "$tmp/k1.txt")"
fi

# Plurals: a count of 1 is singular, everywhere the program counts.
for f in "$tmp"/*.txt; do
    if grep -n '[^0-9.]1 \(rows\|columns\|iterations\|nodes\|cuts\|bounds\|rounds\|terms\|solutions\|restarts\|fractional columns\|binary columns\|cut rows\)\b' "$f" |
            grep -v 'row\[1\]' | head -3 | grep .; then
        fail "plural $(basename "$f")" "a count of 1 in the plural"
    fi
done
echo "ok plurals-checked"

exit $failed
