#!/usr/bin/env python3
"""Models with interchangeable columns, in LP format, for the symmetry
handling (mip/sym/): bin packing (bins interchangeable) and graph
colouring (colours interchangeable), random but fixed by the seed.

    gen_symmetric.py binpack ITEMS [SEED] > file.lp
    gen_symmetric.py colour VERTICES COLOURS [DENSITY%] [SEED] > file.lp

Bin packing: x_i_b (item i in bin b), y_b (bin b used); every item in
one bin, sum_i w_i x_i_b <= C y_b, minimise the bins used; as many bins
as a first-fit packing needs. Colouring: x_v_c, w_c; every vertex one
colour, x_u_c + x_v_c <= w_c per edge, minimise the colours used."""
import random
import sys


def first_fit(weights, cap):
    bins = []
    for w in weights:
        for k, load in enumerate(bins):
            if load + w <= cap:
                bins[k] += w
                break
        else:
            bins.append(w)
    return len(bins)


def binpack(items, seed):
    rng = random.Random(seed)
    cap = 100
    w = [rng.randint(10, 60) for _ in range(items)]
    bins = first_fit(w, cap)
    out = ["\\ bin packing: %d items, %d bins of %d" % (items, bins, cap),
           "Minimize", " obj: " + " + ".join("y_%d" % b for b in range(bins)),
           "Subject To"]
    for i in range(items):
        out.append(" item_%d: " % i + " + ".join(
            "x_%d_%d" % (i, b) for b in range(bins)) + " = 1")
    for b in range(bins):
        out.append(" cap_%d: " % b + " + ".join(
            "%d x_%d_%d" % (w[i], i, b) for i in range(items)) +
            " - %d y_%d <= 0" % (cap, b))
    out.append("Binary")
    out += [" x_%d_%d" % (i, b) for i in range(items) for b in range(bins)]
    out += [" y_%d" % b for b in range(bins)]
    out.append("End")
    return out


def colouring(vertices, colours, density, seed):
    rng = random.Random(seed)
    edges = [(u, v) for u in range(vertices) for v in range(u + 1, vertices)
             if rng.random() < density / 100.0]
    out = ["\\ graph colouring: %d vertices, %d edges, %d colours"
           % (vertices, len(edges), colours),
           "Minimize", " obj: " + " + ".join(
               "w_%d" % c for c in range(colours)), "Subject To"]
    for v in range(vertices):
        out.append(" vertex_%d: " % v + " + ".join(
            "x_%d_%d" % (v, c) for c in range(colours)) + " = 1")
    for (u, v) in edges:
        for c in range(colours):
            out.append(" edge_%d_%d_%d: x_%d_%d + x_%d_%d - w_%d <= 0"
                       % (u, v, c, u, c, v, c, c))
    out.append("Binary")
    out += [" x_%d_%d" % (v, c) for v in range(vertices)
            for c in range(colours)]
    out += [" w_%d" % c for c in range(colours)]
    out.append("End")
    return out


def main(argv):
    if len(argv) >= 2 and argv[0] == "binpack":
        lines = binpack(int(argv[1]), int(argv[2]) if len(argv) > 2 else 1)
    elif len(argv) >= 3 and argv[0] == "colour":
        lines = colouring(int(argv[1]), int(argv[2]),
                          float(argv[3]) if len(argv) > 3 else 30.0,
                          int(argv[4]) if len(argv) > 4 else 1)
    else:
        sys.stderr.write(__doc__)
        return 2
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
