#!/bin/sh
# t_events.sh -- --events FILE.jsonl: every line validates against
# docs/events.schema.json (tests/events_check.py, skipped without
# python3), the stream's node count is the summary's, and --replay
# of the stream prints the --trace text of the solve byte for byte, at
# every trace level, on a model with an objective, cuts and pivots, and
# on puzzles.
: "${BNB:=./bnb}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0

fail() { echo "FAIL $1: $2"; failed=1; }

# replay NAME INPUT TRACE-OPTION [EXTRA...]
replay() {
    name=$1 input=$2 level=$3
    shift 3
    "$BNB" "$level" "$@" --trace-file "$tmp/a.txt" \
        --events "$tmp/$name.jsonl" "$input" >"$tmp/out.txt" 2>&1
    case $? in 0|1|3) ;; *) fail "$name" "the solve failed"; return ;; esac
    if ! "$BNB" "$level" --replay "$tmp/$name.jsonl" "$input" \
            >"$tmp/b.txt" 2>"$tmp/err.txt"; then
        fail "$name" "--replay failed: $(head -1 "$tmp/err.txt")"
        return
    fi
    if cmp -s "$tmp/a.txt" "$tmp/b.txt"; then
        echo "ok $name"
    else
        fail "$name" "the replay differs from the trace: $(diff "$tmp/a.txt" "$tmp/b.txt" | head -3)"
    fi
    nodes=$(sed -n 's/.*"ev":"result".*"nodes":\([0-9]*\),.*/\1/p' "$tmp/$name.jsonl")
    said=$(sed -n 's/.*, \([0-9]*\) nodes\{0,1\}, .*/\1/p' "$tmp/out.txt" | tail -1)
    [ "$nodes" = "$said" ] || fail "$name-nodes" "the stream says $nodes nodes, the summary $said"
}

replay replay-teach tests/models/teach.lp --trace
replay replay-teach-lp tests/models/teach.lp --trace=lp --events-pivots
replay replay-knap tests/models/knap.mps --trace
replay replay-knap-lp tests/models/knap.mps --trace=lp --events-pivots
replay replay-knap-cuts tests/models/knap.mps --trace=cuts
replay replay-harplike tests/models/harplike.lp --trace
replay replay-starbattle data/starbattle-10x10-2star.txt --trace
replay replay-starbattle-grid data/starbattle-10x10-2star.txt --trace=grid
replay replay-kakuro data/kakuro-hartmann2018.txt --trace
replay replay-unicode tests/models/utf8/unicode.lp --trace

# The same stream re-saved by Python's json (names beyond ASCII as \u
# escapes, an emoji as a surrogate pair) replays the same trace: the
# trace and the stream of one solve (another solve's clock may differ).
if command -v python3 >/dev/null 2>&1; then
    "$BNB" --trace --trace-file "$tmp/a.txt" --events "$tmp/unicode.jsonl" \
        tests/models/utf8/unicode.lp >/dev/null 2>&1
    python3 -c 'import json, sys
for line in open(sys.argv[1], encoding="utf-8"):
    print(json.dumps(json.loads(line)))' "$tmp/unicode.jsonl" >"$tmp/resaved.jsonl"
    if grep -q 'u00e9' "$tmp/resaved.jsonl" &&
        "$BNB" --trace --replay "$tmp/resaved.jsonl" tests/models/utf8/unicode.lp >"$tmp/b.txt" 2>&1 &&
        cmp -s "$tmp/a.txt" "$tmp/b.txt"; then
        echo "ok replay-json-escapes"
    else
        fail replay-json-escapes "$(head -n 2 "$tmp/b.txt")"
    fi
fi

# Every status the engine can end with is read back by its name, the
# last of the list ("memory limit") as well as the first.
sed '/"ev":"result"/s/"status":"optimal"/"status":"memory limit"/' "$tmp/replay-knap.jsonl" >"$tmp/memlimit.jsonl"
if "$BNB" --trace --replay "$tmp/memlimit.jsonl" tests/models/knap.mps 2>&1 |
        grep -q '^# ---- search finished: memory limit'; then
    echo "ok replay-memory-limit"
else
    fail replay-memory-limit "the replay does not say the memory limit ended it"
fi
replay replay-infeasible data/kakuro-infeasible.txt --trace
replay replay-limit data/kakuro-10x10.txt --trace --node-limit 5

# a stream of another model is refused
if "$BNB" --trace --replay "$tmp/replay-knap.jsonl" tests/models/teach.lp \
        >/dev/null 2>&1; then
    fail replay-wrong-model "accepted the stream of another model"
else
    echo "ok replay-wrong-model"
fi

# lines that are not events of the model's stream are refused (exit 2)
bad=0
for line in '{"ev":"cut","terms":[[1,2]],"rhs":1}' '{"ev":"branch","node":0}' \
        '{"ev":"pivot","entering_index":-7,"leaving_index":-9}' \
        '{"ev":"node_start","node":3,"parent":1}' '{"ev":"node",' \
        '{"ev":"node","x":[["NOPE",1]]}' '[1,2]'; do
    printf '%s\n' "$line" >"$tmp/bad-line.txt"
    "$BNB" --trace=lp --replay "$tmp/bad-line.txt" tests/models/knap.mps \
        >/dev/null 2>&1
    [ $? = 2 ] || { bad=1; fail replay-bad-line "accepted: $line"; }
done
[ $bad = 0 ] && echo "ok replay-bad-lines"

if command -v python3 >/dev/null 2>&1; then
    for f in "$tmp"/*.jsonl; do
        name=schema-$(basename "$f" .jsonl)
        if why=$(python3 tests/events_check.py docs/events.schema.json "$f"); then
            echo "ok $name"
        else
            fail "$name" "$why"
        fi
    done
    "$BNB" --all --events "$tmp/all.jsonl" data/starbattle-8x8.txt >/dev/null
    if python3 tests/events_check.py docs/events.schema.json "$tmp/all.jsonl" \
            >/dev/null && grep -q '"ev":"solution"' "$tmp/all.jsonl"; then
        echo "ok schema-all"
    else
        fail schema-all "the --all stream does not validate"
    fi
    printf '{"ev":"node","node":1}\n' >"$tmp/bad.jsonl"
    if python3 tests/events_check.py docs/events.schema.json "$tmp/bad.jsonl" \
            >/dev/null; then
        fail schema-rejects "an incomplete event validated"
    else
        echo "ok schema-rejects"
    fi
else
    echo "skip schema: python3 is not installed"
fi
exit $failed
