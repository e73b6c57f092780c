#!/bin/sh
# t_viewer.sh -- --html FILE.html, the search viewer, opened in headless
# Chromium (skipped where it is not installed): for a Star Battle, a
# Kakuro and knap.mps, no script error, the page's node count is the
# summary's, and the page's self-check (#selftest: a mouse click on node
# 1 must show its bound change from the root) passes; a screenshot is
# saved. Each distinct proof text is kept once. The page of the hard
# Monodot's first 200,000 nodes is ready in under 5 s (its solve takes a
# minute or two; BNB_VIEWER_BIG=0 skips it).
# tests/viewer_check.py steps through a textbook knapsack, checks every
# edge label and the two-column geometry of every node of Taha's example,
# draws each of the 14 puzzle kinds (screenshots, and a rule per kind of
# tests/picture_rules.py), and times a 50,000-node page.
: "${BNB:=./bnb}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0

fail() { echo "FAIL $1: $2"; failed=1; }

# parity_lp N (even): min x1 + ... + xN over binaries with 2 x1 + ... +
# 2 xN = N + 1, an odd right side no LP refutes: every leaf is infeasible.
parity_lp() {
    awk -v n="$1" 'BEGIN { printf "Minimize\n obj:"; for (i = 1; i <= n; i++) printf " + x%d", i
        printf "\nSubject To\n parity:"; for (i = 1; i <= n; i++) printf " + 2 x%d", i
        printf " = %d\nBinary\n", n + 1; for (i = 1; i <= n; i++) printf " x%d", i; printf "\nEnd\n" }'
}

# Every example's picture (what the viewer draws from): its kind, the
# model's columns, the sizes its geometry calls for; no browser needed.
if command -v python3 >/dev/null 2>&1; then
    python3 tests/picture_json_check.py "$BNB" data/*.txt || failed=1
else
    echo "skip picture-json: python3 is not installed"
fi

browser=""
for b in chromium chromium-browser google-chrome; do
    command -v "$b" >/dev/null 2>&1 && { browser=$b; break; }
done
if [ -z "$browser" ]; then
    echo "skip viewer: no chromium installed (apt-get install chromium)"
    exit $failed
fi

# open NAME HTML: the page's DOM after its scripts ran, in $tmp/NAME.dom
open_page() {
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu \
        --user-data-dir="$tmp/profile" --enable-logging=stderr --v=0 \
        --window-size=1400,900 --virtual-time-budget=5000 \
        --dump-dom "file://$2#selftest" >"$tmp/$1.dom" 2>"$tmp/$1.log"
}

check() {
    name=$1 input=$2
    shift 2
    "$BNB" "$@" --html "$tmp/$name.html" "$input" >"$tmp/$name.out"
    case $? in 0|1|3) ;; *) fail "$name" "the solve failed"; return ;; esac
    said=$(sed -n 's/.*, \([0-9]*\) nodes\{0,1\}, .*/\1/p' "$tmp/$name.out" | tail -1)
    open_page "$name" "$tmp/$name.html"
    shown=$(sed -n 's/.*<span id="nodecount">\([0-9]*\)<.*/\1/p' "$tmp/$name.dom")
    verdict=$(sed -n 's/.*<span id="selftest">\([^<]*\)<.*/\1/p' "$tmp/$name.dom")
    errors=$(sed -n 's/.*<span id="errors">\([^<]*\)<.*/\1/p' "$tmp/$name.dom")
    if grep -q 'Uncaught\|SyntaxError' "$tmp/$name.log" || [ -n "$errors" ]; then
        fail "$name-errors" "$errors $(grep -m1 'Uncaught\|SyntaxError' "$tmp/$name.log")"
    else
        echo "ok $name-errors"
    fi
    if [ -n "$said" ] && [ "$shown" = "$said" ]; then
        echo "ok $name-nodes"
    else
        fail "$name-nodes" "the page says '$shown' nodes, the summary '$said'"
    fi
    case $verdict in
    "selftest ok"*) echo "ok $name-click" ;;
    *) fail "$name-click" "self-check: '$verdict'" ;;
    esac
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu \
        --user-data-dir="$tmp/profile" --window-size=1400,900 \
        --virtual-time-budget=3000 --screenshot="$tmp/$name.png" \
        "file://$tmp/$name.html#selftest" >/dev/null 2>&1
    if [ -s "$tmp/$name.png" ] && head -c 8 "$tmp/$name.png" | grep -q PNG; then
        echo "ok $name-screenshot"
    else
        fail "$name-screenshot" "no screenshot"
    fi
}

# (without the dive, which solves it at the root: a tree with LP points)
check starbattle data/starbattle-10x10-2star.txt --set diving=0
check kakuro data/kakuro-hartmann2018.txt
check knap tests/models/knap.mps

# A puzzle's page carries the puzzle's picture (drawn by the viewer at
# each node); a model file whose columns form a grid x[r,c] gets the text
# grid of each node's LP point instead; knap.mps has neither.
"$BNB" --write-mps "$tmp/sb.mps" --node-limit 1 data/starbattle-8x8.txt >/dev/null
"$BNB" --textbook --html "$tmp/sbmps.html" "$tmp/sb.mps" >/dev/null
if grep -q '"picture":{"kind":"starbattle"' "$tmp/starbattle.html" &&
    grep -q '"grids":\["' "$tmp/sbmps.html" &&
    ! grep -q '"picture":' "$tmp/sbmps.html" &&
    ! grep -q '"grids":\["\|"picture":' "$tmp/knap.html"; then
    echo "ok viewer-grid"
else
    fail viewer-grid "no picture in the Star Battle's page, no grid in its MPS file's (or some in knap's)"
fi

# The page is one file: no address outside it.
if grep -q 'src="http\|href="http\|@import\|fetch(' "$tmp/knap.html"; then
    fail viewer-offline "the page reaches for the network"
else
    echo "ok viewer-offline"
fi

# The data is one JSON block (JSON.parse reads it faster than a browser
# compiles a script literal of the same size).
if python3 -c 'import json, re, sys
page = open(sys.argv[1]).read()
m = re.search(r"<script type=\"application/json\" id=\"bnb-data\">(.*?)</script>", page, re.S)
data = json.loads(m.group(1))
assert data["nodes"] == len(data["parent"])' "$tmp/kakuro.html" 2>/dev/null; then
    echo "ok viewer-json"
else
    fail viewer-json "the page's data is not one JSON block"
fi

# A text met again is kept once: the infeasible leaves of a parity row
# all break the same row the same way, and every one of them points to
# one of a few distinct proofs.
parity_lp 12 >"$tmp/parity12.lp"
"$BNB" --textbook --node-limit 3000 --html "$tmp/parity12.html" "$tmp/parity12.lp" >/dev/null
if python3 -c 'import json, re, sys
page = open(sys.argv[1]).read()
m = re.search(r"<script type=\"application/json\" id=\"bnb-data\">(.*?)</script>", page, re.S)
d = json.loads(m.group(1))
whys = d["whys"]
proved = [d["why"][i] for i in range(d["nodes"]) if d["out"][i] == 3]
assert len(whys) == len(set(whys)) and len(whys) < 10, len(whys)
assert len(proved) > 100 and min(proved) >= 0, len(proved)
print(f"ok viewer-texts ({len(proved)} proofs, {len(whys)} distinct)")' "$tmp/parity12.html"; then :
else
    fail viewer-texts "a proof is kept more than once, or a node lacks its proof"
fi

if [ "${BNB_VIEWER_BIG:-1}" = 1 ]; then
    # without learning, so that the search is still going at 200,000
    # nodes (with it, this puzzle is solved in about 1,200)
    "$BNB" --node-limit 200000 --set conflict_learning=0 \
        --html "$tmp/big.html" data/monodot-10x10.txt >/dev/null
    open_page big "$tmp/big.html"
    ms=$(sed -n 's/.*page ready \([0-9]*\) ms.*/\1/p' "$tmp/big.dom")
    if [ -n "$ms" ] && [ "$ms" -lt 5000 ] &&
        grep -q 'selftest ok: nodes 200000' "$tmp/big.dom"; then
        echo "ok viewer-big ($ms ms)"
    else
        fail viewer-big "not ready in 5 s: '$ms' ms"
    fi
else
    echo "skip viewer-big: BNB_VIEWER_BIG=0"
fi

# Stepping, edges, the two-column geometry and the speed of a 50,000-node
# page, driven through the DevTools protocol (tests/viewer_check.py). The
# large page is a parity row no LP can refute: 2 x1 + ... + 2 x30 = 31.
if command -v python3 >/dev/null 2>&1; then
    parity_lp 30 >"$tmp/parity.lp"
    # (BNB_VIEWER_SHOTS=DIR keeps the pages and the puzzles' screenshots)
    python3 tests/viewer_check.py "$BNB" tests/textbook/winston-stockco.lp \
        tests/textbook/taha-9.2-1.lp "$tmp/parity.lp" \
        "${BNB_VIEWER_SHOTS:-$tmp/check}" || failed=1
else
    echo "skip viewer-steps: python3 is not installed"
fi
exit $failed
