# lib.sh -- what the e2e scripts share; a script sources it first:
#
#   . tests/e2e/lib.sh
#
# It sets BNB (default ./bnb), a temporary folder $tmp removed at exit,
# failed=0, and defines
#   ok NAME / fail NAME WHY / skip NAME WHY   one result line each
#   have PROGRAM                              whether it is installed
#   limit CMD...                              CMD under timeout PZ_TIMEOUT
#   need_checker                              $tmp/check: the rules checker
#   run NAME EXIT FILE [OPTIONS...]           bnb on FILE, wants EXIT
#   solved NAME FILE [OPTIONS...]             exit 0 and the checker agrees
# A script may define its own versions after sourcing; these are the
# names the scripts have always used.
: "${BNB:=./bnb}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
failed=0

ok() { echo "ok $1"; }
fail() { echo "FAIL $1: $2"; failed=1; }
skip() { echo "skip $1: $2"; }
have() { command -v "$1" >/dev/null 2>&1; }
limit() {
    if have timeout; then timeout "${PZ_TIMEOUT:-60}" "$@"; else "$@"; fi
}

# The tests' rules checker as $tmp/check: $CHECK when make built it, else
# built here from tests/checkers against the library next to $BNB (its
# kinds and keys come from the registry). Exits the script if it cannot.
need_checker() {
    if [ -n "$CHECK" ] && [ -x "$CHECK" ]; then
        cp "$CHECK" "$tmp/check" && return 0
    fi
    lib=$(dirname "$BNB")/libbnb.a
    [ -f "$lib" ] || lib=build/libbnb.a
    if ! ${CC:-cc} -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -Iinclude \
            -Imodel -Ipuzzles -o "$tmp/check" tests/checkers/*.c "$lib" \
            -lm 2>"$tmp/cc.log"; then
        echo "FAIL checker: does not build: $(head -n 3 "$tmp/cc.log")"
        exit 1
    fi
}

# run NAME EXIT FILE [OPTIONS...]: runs bnb, wants exit status EXIT; the
# output in $tmp/out and $tmp/err.
run() {
    name=$1 want=$2 file=$3
    shift 3
    limit "$BNB" "$@" "$file" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc -eq "$want" ] && return 0
    fail "$name" "exit $rc, expected $want: $(head -c 200 "$tmp/err")"
    return 1
}

# solved NAME FILE [OPTIONS...]: exit 0 and the tests' checker agrees.
solved() {
    name=$1 file=$2
    shift 2
    run "$name" 0 "$file" "$@" || return 1
    if why=$("$tmp/check" "$file" "$tmp/out"); then
        ok "$name"
    else
        fail "$name" "rules check: $why"
        return 1
    fi
}

# plain_make ARGS...: make with the project's default flags, whatever the
# make that runs the tests was given (make check's BUILD, OPT,
# EXTRA_CFLAGS and LDFLAGS reach its recipes' environment): for the
# tests that install, link or build the program another way.
plain_make() {
    env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u BUILD -u OPT -u EXTRA_CFLAGS \
        -u LDFLAGS -u WERROR "${MAKE:-make}" "$@"
}

# expect NAME FILE RC OBJECTIVE [ARGS...]: bnb ARGS FILE exits RC with
# that objective (1e-6 relative; OBJECTIVE empty: any)
expect() {
    name=$1 f=$2 want_rc=$3 want=$4
    shift 4
    out=$("$BNB" "$@" "$f" 2>&1)
    rc=$?
    got=$(echo "$out" | tail -n 1 | sed -n 's/.*objective \([^,]*\),.*/\1/p')
    if [ $rc -ne "$want_rc" ]; then
        fail "$name" "exit $rc, expected $want_rc: $(echo "$out" | tail -n 1)"
    elif [ -n "$want" ] && ! awk -v a="$got" -v b="$want" 'BEGIN { d = a - b;
            if (d < 0) d = -d; s = b < 0 ? -b : b;
            exit !(a != "" && d <= 1e-6 * (s > 1 ? s : 1)) }'; then
        fail "$name" "objective '$got', expected $want"
    else ok "$name"; fi
}
