#!/bin/sh
# t_textbook.sh -- --textbook shows the model as written, node by node:
# every node's LP relaxation is the file's LP relaxation plus the node's
# branching bounds, and nothing else (no row divided by a common factor
# and rounded, no coefficient tightened, no bound propagated).
#
#   textbook-tree-NAME    tests/textbook/NAME.lp solved with --textbook
#                         (and the options its .tree names, the book's
#                         branching choices) grows exactly the book's tree:
#                         the same nodes, by their branching bounds, with
#                         the same LP values (tests/textbook/NAME.tree; a
#                         NAME.VARIANT.tree is the tree of other options,
#                         checked as textbook-tree-NAME.VARIANT)
#   textbook-lp-NAME      every node of that search against a peer LP
#                         solver (glpsol --nomip, else cbc): the file plus
#                         the node's bounds, the same optimum (1e-6
#                         relative) or the same infeasibility
#   textbook-tableau-NAME --tableau: the root LP's first pivot takes out a
#                         variable of the starting basis it printed, and
#                         within a node each pivot's tableau is the one
#                         before with one variable exchanged
#   textbook-start-NAME   --tableau: the starting tableau is the file's
#                         rows as written (glpsol reads the file)
#   textbook-checker      the checks can fail: a stream with one node's LP
#                         value changed fails both the tree and the peer
#                         check
#   textbook-lp-MODEL     as textbook-lp, the first 200 nodes of three
#                         MIPLIB models and five puzzles' models, each
#                         written once with --write-lp and solved from
#                         that file (so that names match)
#
# tests/textbook_check.py does the comparing. Skipped without python3; the
# peer checks skipped without glpsol and cbc.
. tests/e2e/lib.sh
check=tests/textbook_check.py
corpus=tests/textbook
node_limit=200
miplib="p0033 lseu stein27"
puzzles="kakuro-4x4 binairo-6x6 knight-3x4 flowfree-7x7 match22-3x3"

if ! have python3; then
    skip textbook "python3 is not installed"
    exit 0
fi
peer=1
if ! have glpsol && ! have cbc; then
    peer=0
    skip textbook-lp "neither glpsol nor cbc is installed"
fi

# verdict NAME: ok when the last command's status ($rc) is 0, else FAIL
# with the check's summary (its last line) and its first complaint.
verdict() {
    if [ "$rc" -eq 0 ]; then
        ok "$1"
    elif [ "$(wc -l <"$tmp/why")" -le 1 ]; then
        fail "$1" "$(cat "$tmp/why")"
    else
        fail "$1" "$(tail -n 1 "$tmp/why"); first: $(head -n 1 "$tmp/why")"
    fi
}

# lp_check NAME MODEL.lp EVENTS: every node against the peer.
lp_check() {
    [ "$peer" -eq 1 ] || return 0
    python3 "$check" nodes "$2" "$3" >"$tmp/why" 2>&1
    rc=$?
    verdict "$1"
}

# tree NAME LP TREE: the search of LP under TREE's options grows TREE;
# its stream stays in $tmp/ev.jsonl.
tree() {
    # word splitting wanted: the .tree's options are bnb options
    opts=$(sed -n 's/^options: //p' "$3")
    # shellcheck disable=SC2086
    if ! limit "$BNB" --textbook $opts --events "$tmp/ev.jsonl" "$2" \
            >"$tmp/out" 2>&1; then
        fail "textbook-tree-$1" "bnb failed: $(head -c 200 "$tmp/out")"
        return 1
    fi
    python3 "$check" tree "$tmp/ev.jsonl" "$3" >"$tmp/why" 2>&1
    rc=$?
    verdict "textbook-tree-$1"
}

for lp in "$corpus"/*.lp; do
    name=$(basename "$lp" .lp)
    for variant in "$corpus/$name".*.tree; do
        [ -e "$variant" ] || continue
        tree "$(basename "$variant" .tree)" "$lp" "$variant"
    done
    tree "$name" "$lp" "$corpus/$name.tree" || continue
    lp_check "textbook-lp-$name" "$lp" "$tmp/ev.jsonl"
    # $opts: the options of NAME.tree, which tree set last
    # shellcheck disable=SC2086
    limit "$BNB" --textbook $opts --tableau "$lp" >"$tmp/tab" 2>&1
    python3 "$check" tableau "$tmp/tab" >"$tmp/why" 2>&1
    rc=$?
    verdict "textbook-tableau-$name"
    if have glpsol; then
        python3 "$check" start "$tmp/tab" "$lp" >"$tmp/why" 2>&1
        rc=$?
        verdict "textbook-start-$name"
    fi
done

# The checks themselves: Telfa's stream with its root LP value moved from
# 41.25 to 41.5 must fail the tree and (with a peer) the node check.
if limit "$BNB" --textbook --child up --events "$tmp/ev.jsonl" \
        "$corpus/winston-telfa.lp" >/dev/null 2>&1 &&
   grep -q '"ev":"node","node":0,.*"obj":41.25,' "$tmp/ev.jsonl"; then
    sed 's/\("ev":"node","node":0,.*"obj":\)41.25,/\141.5,/' \
        "$tmp/ev.jsonl" >"$tmp/bad.jsonl"
    if python3 "$check" tree "$tmp/bad.jsonl" "$corpus/winston-telfa.tree" \
            >/dev/null 2>&1; then
        fail textbook-checker "a wrong root value passes the tree check"
    elif [ "$peer" -eq 1 ] && python3 "$check" nodes \
            "$corpus/winston-telfa.lp" "$tmp/bad.jsonl" >/dev/null 2>&1; then
        fail textbook-checker "a wrong root value passes the peer check"
    else
        ok textbook-checker
    fi
else
    skip textbook-checker "Telfa's root LP is not 41.25 here"
fi

# model NAME FILE: FILE written as LP, its first nodes checked.
model() {
    # the write comes before the solve: one node is enough
    limit "$BNB" --textbook --node-limit 1 --write-lp "$tmp/m.lp" "$2" \
        >/dev/null 2>&1
    if [ ! -s "$tmp/m.lp" ]; then
        fail "textbook-lp-$1" "bnb --write-lp wrote nothing"
        return
    fi
    limit "$BNB" --textbook --node-limit $node_limit --events \
        "$tmp/ev.jsonl" "$tmp/m.lp" >/dev/null 2>&1
    lp_check "textbook-lp-$1" "$tmp/m.lp" "$tmp/ev.jsonl"
    rm -f "$tmp/m.lp"
}

if [ "$peer" -eq 1 ]; then
    for m in $miplib; do
        model "$m" "bench/miplib/$m.mps"
    done
    for p in $puzzles; do
        model "$p" "data/$p.txt"
    done
fi
exit $failed
