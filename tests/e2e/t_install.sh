#!/bin/sh
# t_install.sh -- make install into a scratch root (DESTDIR, PREFIX and
# the directory variables), then a C and a C++ program build against the
# installed files with pkg-config, link the shared library and the
# archive, and run; the shared library exports bnb_ names only; make
# uninstall takes every file away again.
. tests/e2e/lib.sh
root=$tmp/root
if ! command -v pkg-config >/dev/null 2>&1; then
    echo "skip install: pkg-config is not installed"
    exit 0
fi
if ! plain_make -s install DESTDIR="$root" PREFIX=/opt/bnb MANDIR=/opt/man >"$tmp/make.log" 2>&1; then
    fail install "make install: $(tail -n 3 "$tmp/make.log")"
    exit 1
fi
ok install
missing=""
for f in opt/bnb/bin/bnb opt/bnb/lib/libbnb.a opt/bnb/lib/libbnb.so.0 \
         opt/bnb/lib/pkgconfig/bnb.pc opt/bnb/include/bnb.h \
         opt/bnb/include/bnb_puzzle.h opt/man/man1/bnb.1; do
    [ -e "$root/$f" ] || missing="$missing $f"
done
if [ -z "$missing" ]; then ok install-files; else fail install-files "missing:$missing"; fi

export PKG_CONFIG_PATH="$root/opt/bnb/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$root"
flags=$(pkg-config --cflags --libs bnb) || fail pkg-config "bnb.pc not found"
cc -std=c11 tests/install/example.c $flags -o "$tmp/ex-shared" 2>"$tmp/cc.log" &&
    LD_LIBRARY_PATH="$root/opt/bnb/lib" "$tmp/ex-shared" data/starbattle-8x8.txt >"$tmp/out" 2>&1
if [ $? -eq 0 ] && grep -q 'knapsack: optimal, objective 42' "$tmp/out" &&
    grep -q 'starbattle, 8x8.*: optimal' "$tmp/out"; then
    ok link-shared
else
    fail link-shared "$(cat "$tmp/cc.log" "$tmp/out" | head -n 5)"
fi
cc -std=c11 tests/install/example.c -I"$root/opt/bnb/include" \
    "$root/opt/bnb/lib/libbnb.a" -lm -o "$tmp/ex-static" 2>"$tmp/cc.log" &&
    "$tmp/ex-static" data/starbattle-8x8.txt >"$tmp/out" 2>&1
if [ $? -eq 0 ] && grep -q 'knapsack: optimal' "$tmp/out"; then
    ok link-static
else
    fail link-static "$(cat "$tmp/cc.log" "$tmp/out" | head -n 5)"
fi
if command -v c++ >/dev/null 2>&1; then
    if c++ tests/install/example.cpp $flags -o "$tmp/ex-cpp" 2>"$tmp/cc.log" &&
        LD_LIBRARY_PATH="$root/opt/bnb/lib" "$tmp/ex-cpp" | grep -q 'teach: optimal, objective 40'; then
        ok link-cpp
    else
        fail link-cpp "$(head -n 5 "$tmp/cc.log")"
    fi
else
    echo "skip link-cpp: no C++ compiler"
fi
others=$(nm -D --defined-only "$root/opt/bnb/lib/libbnb.so.0" | awk '{print $3}' | grep -v '^bnb_')
if [ -z "$others" ]; then ok exports; else fail exports "not bnb_: $(echo $others | head -c 200)"; fi

plain_make -s uninstall DESTDIR="$root" PREFIX=/opt/bnb MANDIR=/opt/man >/dev/null 2>&1
left=$(find "$root" -type f -o -type l)
if [ -z "$left" ]; then ok uninstall; else fail uninstall "left: $left"; fi
exit $failed
