#!/bin/sh
# docs_make.sh DIR: writes into DIR the pictures and viewer pages that
# docs/ shows, each made by $BNB from a shipped puzzle (make docs; the
# docs test writes them to a scratch folder and compares).
: "${BNB:?set BNB to the bnb binary}"
dir=${1:?usage: docs_make.sh DIR}
cd "$(dirname "$0")/.." || exit 2
{
"$BNB" --quiet --tree "$dir/kakuro.dot" data/kakuro-hartmann2018.txt &&
"$BNB" --quiet --tree "$dir/kakuro.svg" data/kakuro-hartmann2018.txt &&
"$BNB" --quiet --tree "$dir/thermometer.dot" data/thermometer-hartmann2018.txt &&
"$BNB" --quiet --tree "$dir/thermometer.svg" data/thermometer-hartmann2018.txt &&
"$BNB" --quiet --html "$dir/viewer-kakuro.html" data/kakuro-hartmann2018.txt &&
"$BNB" --quiet --html "$dir/viewer-starbattle.html" data/starbattle-10x10-2star.txt
} >/dev/null
