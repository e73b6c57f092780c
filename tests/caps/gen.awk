# gen.awk -- writes a large puzzle with a planted solution, for
# tests/e2e/t_puzzles_caps.sh:
#
#   awk -v kind=KIND -v n=N [-v m=M] [-v seed=S] -f tests/caps/gen.awk
#
#   infinityloop n m    n x n tiles (n x cols with -v cols=C), each link
#                       there with m% chance (m = 0: 50%), each tile turned
#   v3ck n              n nodes on a ring plus n chords, 3 colours
#   kenken n            an n x n Latin square cut into two-cell cages
#   logicgrid n m       n sets of m values, = != oneof clues of a matching
#   circuit n m         n inputs, m gates, output TRUE at a planted input
#
# Deterministic: its own generator (Park-Miller), not awk's rand(), so
# every awk writes the same file.

function rnd(k) { st = (st * 16807) % 2147483647; return st % k }

function infinityloop(   r, c, h, v, t, s, k, i, pct, w) {
    w = cols ? cols : n
    pct = m ? m : 50
    print "puzzle: infinityloop"
    print "grid:"
    for (r = 0; r < n; r++)
        for (c = 0; c < w; c++) {
            h[r, c] = c + 1 < w ? rnd(100) < pct : 0  # link to the right
            v[r, c] = r + 1 < n ? rnd(100) < pct : 0  # link down
        }
    for (r = 0; r < n; r++) {
        line = ""
        for (c = 0; c < w; c++) {
            s[0] = r > 0 && v[r - 1, c]          # U
            s[1] = c > 0 && h[r, c - 1]          # L
            s[2] = v[r, c]                       # D
            s[3] = h[r, c]                       # R
            k = rnd(4)                           # turned k quarters
            t = ""
            for (i = 0; i < 4; i++)
                if (s[(i + k) % 4])
                    t = t substr("ULDR", i + 1, 1)
            line = line (c ? " " : "") (t == "" ? "." : t)
        }
        print line
    }
}

function v3ck(   i, e, a, b, col, cnt, k, ne, line) {
    print "puzzle: v3ck"
    print "nodes: " n
    print "colors: 3"
    print "edges:"
    ne = 0
    for (i = 1; i <= n; i++) {               # a ring, then chords
        a[++ne] = i; b[ne] = i % n + 1
    }
    for (i = 1; i <= n; i++) {
        e = (i + 2 + rnd(n - 4)) % n + 1     # never i or its ring neighbours
        if (!((i, e) in seen) && !((e, i) in seen)) {
            a[++ne] = i; b[ne] = e
        }
        seen[i, e] = 1
    }
    for (e = 1; e <= ne; e++) {
        if (e > n && ((a[e], b[e]) in dup || (b[e], a[e]) in dup))
            continue
        dup[a[e], b[e]] = 1
        col = rnd(3)
        cnt[a[e], col]++; cnt[b[e], col]++
        print a[e], b[e]
    }
    print "demands:"
    for (i = 1; i <= n; i++)
        print i ": " cnt[i, 0] + 0, cnt[i, 1] + 0, cnt[i, 2] + 0
}

function kenken(   r, c, p, q, val, id, a, b, hi, lo, op, name) {
    print "puzzle: kenken"
    print "size: " n
    for (r = 0; r < n; r++) { p[r] = r; q[r] = r }
    for (r = n - 1; r > 0; r--) {            # shuffle rows and symbols
        c = rnd(r + 1); t = p[r]; p[r] = p[c]; p[c] = t
        c = rnd(r + 1); t = q[r]; q[r] = q[c]; q[c] = t
    }
    for (r = 0; r < n; r++)
        for (c = 0; c < n; c++)
            val[r, c] = q[(p[r] + c) % n] + 1
    print "cages:"                           # dominoes along each row
    for (r = 0; r < n; r++) {
        line = ""
        for (c = 0; c < n; c++) {
            id[r, c] = "c" r "_" int(c / 2)
            line = line (c ? " " : "") id[r, c]
        }
        print line
    }
    print "clues:"
    for (r = 0; r < n; r++)
        for (c = 0; c < n; c += 2) {
            a = val[r, c]; b = c + 1 < n ? val[r, c + 1] : 0
            if (!b) { print id[r, c], a; continue }
            hi = a > b ? a : b; lo = a + b - hi; op = rnd(4)
            if (op == 3 && hi % lo) op = 2
            if (op == 0) print id[r, c], a + b, "+"
            if (op == 1) print id[r, c], hi - lo, "-"
            if (op == 2) print id[r, c], a * b, "*"
            if (op == 3) print id[r, c], hi / lo, "/"
        }
}

function logicgrid(   s, i, j, t, perm, has, k, a, b, x, y) {
    print "puzzle: logicgrid"
    print "attributes:"
    for (s = 0; s < n; s++) {
        line = "set" s ":"
        for (j = 0; j < m; j++)
            line = line " s" s "v" j
        print line
        for (j = 0; j < m; j++) perm[j] = j
        for (j = m - 1; j > 0 && s > 0; j--) {
            k = rnd(j + 1); t = perm[j]; perm[j] = perm[k]; perm[k] = t
        }
        for (i = 0; i < m; i++) has[s, i] = perm[i]   # key i has value
    }
    print "clues:"
    for (k = 0; k < 4 * m; k++) {             # true of the matching
        i = rnd(m); a = 1 + rnd(n - 1); b = rnd(n)
        if (b == a) b = 0
        x = "s" a "v" has[a, i]; y = "s" b "v" has[b, i]
        j = (i + 1 + rnd(m - 1)) % m
        if (k % 3 == 0) print x, "=", y
        if (k % 3 == 1) print x, "!=", "s" b "v" has[b, j]
        if (k % 3 == 2)                        # key values on both sides
            print "oneof s0v" i, "s0v" j, ":", "s" a "v" has[a, j], x
    }
}

function circuit(   i, g, op, p, q, val, line, out) {
    line = "inputs:"
    for (i = 1; i <= n; i++) {
        val[i] = rnd(2)
        line = line " " rnd(2)               # initial state, not the plant
    }
    print "puzzle: circuit"
    print line
    print "gates:"
    for (g = n + 1; g <= n + m; g++) {
        op = rnd(4); p = 1 + rnd(g - 1); q = 1 + rnd(g - 1)
        if (op == 0) { print g, "and", p, q; val[g] = val[p] && val[q] }
        if (op == 1) { print g, "or", p, q; val[g] = val[p] || val[q] }
        if (op == 2) { print g, "xor", p, q; val[g] = (val[p] != val[q]) }
        if (op == 3) { print g, "not", p; val[g] = !val[p] }
    }
    out = n + m
    if (!val[out]) {                         # planted inputs make it TRUE
        out++
        print out, "not", n + m
    }
    print "output: " out
}

BEGIN {
    st = (seed ? seed : 1) % 2147483646 + 1
    if (kind == "infinityloop") infinityloop()
    else if (kind == "v3ck") v3ck()
    else if (kind == "kenken") kenken()
    else if (kind == "logicgrid") logicgrid()
    else if (kind == "circuit") circuit()
    else { print "gen.awk: unknown kind " kind > "/dev/stderr"; exit 2 }
}
