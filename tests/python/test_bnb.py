"""Tests of python/bnb.py over the shared library (run by
tests/e2e/t_python.sh with pytest; BNB_LIBRARY names the library, BNB
the program whose output the puzzle test compares with)."""
import math
import os
import subprocess
import sys

import pytest

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, os.path.join(ROOT, "python"))
import bnb  # noqa: E402

BENCH = os.environ.get("BNB_SHARED", os.path.join(ROOT, "bench"))


def wyndor():
    """Hillier and Lieberman's Wyndor Glass Co. (sec. 3.1): max 36 at
    doors 2, windows 6."""
    m = bnb.Model("wyndor")
    d = m.add_col("doors", obj=3)
    w = m.add_col("windows", obj=5)
    m.add_row("plant1", {d: 1}, up=4)
    m.add_row("plant2", {"windows": 2}, up=12)
    m.add_row("plant3", {d: 3, w: 2}, up=18)
    m.maximize()
    return m


def knapsack():
    """max 5a + 4b + 3c over binaries, three knapsack rows (the test
    finds the optimum by enumeration)."""
    m = bnb.Model("knap")
    cols = [m.add_col(n, up=1, obj=c, integer=True)
            for n, c in (("a", 5), ("b", 4), ("c", 3))]
    m.add_row("r1", dict(zip(cols, (2, 3, 1))), up=5)
    m.add_row("r2", dict(zip(cols, (4, 1, 2))), up=11)
    m.add_row("r3", dict(zip(cols, (3, 4, 2))), up=8)
    m.maximize()
    return m


def test_version():
    assert bnb.version() == "0.1.0"


def test_build_and_solve_lp():
    r = wyndor().solve()
    assert r.status == "optimal"
    assert r.objective == pytest.approx(36)
    assert r.values == pytest.approx({"doors": 2, "windows": 6})
    assert r.row_activity == pytest.approx([2, 12, 18])


def test_duals_and_ranges_of_the_lp():
    r = wyndor().solve(lp_only=1, ranging=1)
    # the shadow prices of Hillier-Lieberman sec. 4.7: 0, 1.5, 1
    assert r.duals == pytest.approx([0, 1.5, 1])
    assert r.ranges["cost"]["doors"] == ("BS", pytest.approx(0),
                                         pytest.approx(7.5))
    assert r.ranges["cost"]["windows"][1:] == (pytest.approx(2), math.inf)
    assert r.ranges["rhs"]["plant2"] == ("NU", pytest.approx(6),
                                         pytest.approx(18))
    assert r.ranges["rhs"]["plant3"][1:] == (pytest.approx(12),
                                             pytest.approx(24))


def test_ranges_hold_when_resolved():
    """Inside a range the basis stays: the same point (cost ranging) or
    the same duals (right-side ranging); past its end it changes."""
    m = wyndor()
    r = m.solve(lp_only=1, ranging=1)
    _, lo, up = r.ranges["cost"]["doors"]          # [0, 7.5]
    for c, same in ((lo + 0.5, True), (up - 0.5, True), (up + 0.5, False)):
        m.set_obj("doors", c)
        x = m.solve().x
        assert (x == pytest.approx(r.x)) == same, c
    m.set_obj("doors", 3)
    _, lo, up = r.ranges["rhs"]["plant3"]          # [12, 24]
    for b, same in ((lo + 1, True), (up - 1, True), (up + 1, False)):
        m.set_row_bounds("plant3", -math.inf, b)
        d = m.solve(lp_only=1).duals
        assert (d == pytest.approx(r.duals)) == same, b
    assert m.row_bounds("plant3") == (-math.inf, up + 1)
    assert m.obj("doors") == 3


def test_integer_model_by_enumeration():
    m = knapsack()
    r = m.solve()
    best = max(5 * a + 4 * b + 3 * c
               for a in (0, 1) for b in (0, 1) for c in (0, 1)
               if 2 * a + 3 * b + c <= 5 and 4 * a + b + 2 * c <= 11
               and 3 * a + 4 * b + 2 * c <= 8)
    assert r.status == "optimal"
    assert r.objective == pytest.approx(best)
    assert all(v in (0, 1) for v in r.x)


def test_parameters_by_name():
    p = bnb.Params(node_limit=5)
    p["mip_gap"] = 0.25
    p["branch_rule"] = 0
    assert p["node_limit"] == 5
    assert p["mip_gap"] == 0.25
    with pytest.raises(KeyError):
        p["no_such_parameter"]
    with pytest.raises(bnb.Error):
        p["mip_gap"] = 2            # outside its range
    with pytest.raises(bnb.Error):
        p["no_such_parameter"] = 1


def test_events_observed_and_stop():
    seen = []
    r = knapsack().solve(observer=lambda ev: seen.append(
        (ev.type, ev.node, ev.lp_obj)))
    kinds = [k for k, _, _ in seen]
    assert kinds[-1] == "finish"
    assert "node" in kinds and "incumbent" in kinds
    node = [obj for k, _, obj in seen if k == "node"][0]
    assert node >= r.objective - 1e-9     # the root LP bounds a maximum
    stopped = knapsack().solve(observer=lambda ev: ev.type == "node")
    assert stopped.status == "stopped"


def test_observer_exception_is_raised():
    def boom(ev):
        raise ValueError("from the observer")
    with pytest.raises(ValueError):
        knapsack().solve(observer=boom)


def test_incumbent_event_carries_the_point():
    points = []
    m = knapsack()
    m.solve(observer=lambda ev: ev.type == "incumbent" and
            points.append(ev.x))
    assert points and len(points[-1]) == m.num_cols


def test_same_seed_same_events():
    path = os.path.join(ROOT, "data", "kakuro-6x6.txt")

    def stream(seed):
        out = []
        bnb.Puzzle(path).solve(seed=seed, observer=lambda ev: out.append(
            (ev.type, ev.node, ev.col, ev.lp_iters)))
        return out
    assert stream(5) == stream(5)


@pytest.mark.skipif(not os.path.exists(os.path.join(BENCH, "miplib")),
                    reason="bench/miplib not found")
def test_read_file_and_gap():
    m = bnb.Model.read(os.path.join(BENCH, "miplib", "p0033.mps"))
    assert m.solve().objective == pytest.approx(3089)
    lseu = bnb.Model.read(os.path.join(BENCH, "miplib", "lseu.mps"))
    r = lseu.solve(mip_gap=0.05)
    assert r.status in ("optimal within gap", "optimal")
    assert r.gap <= 0.05 + 1e-12
    assert r.objective >= 1120 - 1e-6


def test_bad_file():
    with pytest.raises(bnb.Error):
        bnb.Model.read(os.path.join(ROOT, "no-such-file.mps"))


def test_puzzle_as_the_program_prints_it():
    path = os.path.join(ROOT, "data", "kakuro-4x4.txt")
    p = bnb.Puzzle(path)
    assert p.describe().startswith("kakuro")
    r = p.solve()
    assert r.status == "optimal"
    text = p.solution_text(r)
    program = os.environ.get("BNB")
    if program:
        out = subprocess.run([program, "--quiet", path], capture_output=True,
                             text=True).stdout
        assert text == out
    else:
        assert text.strip()
