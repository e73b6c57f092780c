/*
 * viewer.js -- the search viewer of bnb --html: the branch-and-bound tree
 * drawn top-down on a canvas (only what is in view, so large trees stay
 * fast), zoom with the wheel, pan by dragging, click a node for its
 * story. The search can be stepped node by node (buttons, arrow keys) or
 * played: a node appears, waiting in grey, when its parent branches, and
 * takes its colour when it is solved; the plot below follows. Each edge
 * carries its bound change, the down branch on the left. A model of two
 * columns is drawn in the plane at every node. Reads the global BNB
 * written by cli/html.c. No library, no network.
 */
"use strict";

var OUT_FILL = ["#ffffff", "#dbe9f6", "#d9d9d9", "#f4b6b6", "#fff2a8",
                "#c8ecc8", "#f4b6b6"];
var OUT_NAME = ["left open", "branched", "pruned by bound", "infeasible",
                "integral, not better", "an incumbent, later beaten",
                "LP unbounded"];
var BEST_FILL = "#3caa3c", WAIT_FILL = "#eeeeee";
var LP_STATUS = ["optimal", "infeasible", "unbounded", "stopped early",
                 "limit", "numerical failure"];
var RULES = ["most fractional", "first fractional", "pseudocost", "auto",
             "least fractional", "strong branching"];
/* Values this close to 0 are the simplex's rounding noise, not shown. */
var TOL_ZERO = 1e-9;
var BOX_W = 80, BOX_H = 30, STEP_X = 92, STEP_Y = 60;
var MAX_SCALE = 1.5, MIN_SCALE = 1e-4;
/* The plot draws at most this many points of each line. */
var PLOT_POINTS = 1500;

var N = BNB.parent.length;
var view = {kx: 1, ky: 1, tx: 20, ty: 20};   /* x and y scale apart     */
var shown = N;                 /* nodes solved so far, as stepped          */
var selected = -1;
var focus = 0;                 /* the subtree drawn (0: the whole tree)   */
var digits = 6;                /* significant digits of every number      */
var valuesInBoxes = true;
var speed = 25;                /* nodes per second when playing           */
var collapsed = new Uint8Array(N), outside = new Uint8Array(N);
var anyCollapsed = false;      /* some subtree is folded away             */
var X = new Float64Array(N), DEPTH = new Int32Array(N);
var FIRST = new Int32Array(N), NEXT = new Int32Array(N);
var canvas, ctx, details, playTimer = null;

function el(tag, attrs, text) {
  var e = document.createElement(tag);
  for (var k in attrs || {}) e.setAttribute(k, attrs[k]);
  if (text !== undefined) e.textContent = text;
  return e;
}

/* A number rounded to `digits` significant digits, exactly as it is
 * when it is an integer or a short decimal. */
function fmt(v) {
  if (v === null || v === undefined) return "none";
  if (Math.abs(v) >= 1e300) return v < 0 ? "-inf" : "inf";
  return String(+(+v).toPrecision(digits));
}

function plural(n, one, many) { return n + " " + (n === 1 ? one : many); }

function name(j) { return j >= 0 ? BNB.names[j] : "?"; }

function change(id) {
  return name(BNB.col[id]) + (BNB.dir[id] < 0 ? " <= " : " >= ") +
      fmt(BNB.bound[id]);
}

/* ---- layout: leaves side by side depth first, parents centred ------- */

/* Children in the order drawn: the down branch (col <= bound) left of
 * the up branch, as textbooks draw them; then by id. */
function buildChildren() {
  var kids = [];
  for (var id = 0; id < N; id++) kids.push([]);
  for (var c = 1; c < N; c++)
    if (BNB.parent[c] >= 0) kids[BNB.parent[c]].push(c);
  FIRST.fill(-1);
  NEXT.fill(-1);
  for (var p = 0; p < N; p++) {
    var k = kids[p];
    if (!k.length) continue;
    k.sort(function (a, b) { return (BNB.dir[a] - BNB.dir[b]) || (a - b); });
    FIRST[p] = k[0];
    for (var i = 0; i + 1 < k.length; i++) NEXT[k[i]] = k[i + 1];
  }
}

function layout() {
  var stack = [focus], leaves = 0;
  outside.fill(1);
  DEPTH[focus] = 0;
  while (stack.length) {
    var id = stack.pop();
    outside[id] = 0;
    if (FIRST[id] < 0 || collapsed[id]) { X[id] = leaves++; continue; }
    var kids = [];
    for (var c = FIRST[id]; c >= 0; c = NEXT[c]) {
      DEPTH[c] = DEPTH[id] + 1;
      kids.push(c);
    }
    for (var k = kids.length - 1; k >= 0; k--) stack.push(kids[k]);
  }
  for (var i = N - 1; i >= 0; i--) {
    if (FIRST[i] < 0 || collapsed[i] || outside[i] || hidden(i)) continue;
    var lo = X[FIRST[i]], hi = lo;
    for (var c2 = FIRST[i]; c2 >= 0; c2 = NEXT[c2]) hi = X[c2];
    X[i] = (lo + hi) / 2;
  }
}

/* Inside a collapsed subtree (not its root). */
function hidden(id) {
  for (var p = BNB.parent[id]; p >= 0; p = BNB.parent[p])
    if (collapsed[p]) return true;
  return false;
}

/* Where node id stands at the current step: "done" (solved), "waiting"
 * (its parent branched, it is not solved yet) or null (not yet made). */
function stateAt(id) {
  if (id < shown) return "done";
  var p = BNB.parent[id];
  return p >= 0 && p < shown ? "waiting" : null;
}

/* ---- drawing -------------------------------------------------------- */

function boxScale() { return Math.min(view.kx, view.ky); }
function sx(id) { return X[id] * STEP_X * view.kx + view.tx; }
function sy(id) { return DEPTH[id] * STEP_Y * view.ky + view.ty; }
/* Screen positions of every node, made once per drawing. */
var SX = new Float64Array(N), SY = new Float64Array(N);
function place() {
  var ax = STEP_X * view.kx, ay = STEP_Y * view.ky;
  for (var id = 0; id < N; id++) {
    SX[id] = X[id] * ax + view.tx;
    SY[id] = DEPTH[id] * ay + view.ty;
  }
}

function label(id) {
  if (stateAt(id) === "waiting") return ["waiting", change(id)];
  var lines = [String(id)];
  var st = BNB.lpStatus[id];
  if (st === 3 && BNB.iters[id] === 0) lines.push("not solved");
  else if (st === 1 || BNB.propagated[id] < 0) lines.push("infeasible");
  else if (valuesInBoxes && (st === 0 || st === 3))
    lines.push("z = " + fmt(BNB.obj[id]));
  if (id === BNB.best && BNB.bestBy) lines.push("best solution here");
  else if (BNB.out[id] === 1) lines.push(name(BNB.bcol[id]));
  else if (id === BNB.best) lines.push("best solution");
  return lines;
}

function drawable(id) {
  return !outside[id] && stateAt(id) !== null && !(anyCollapsed && hidden(id));
}

function drawEdge(id, bh, text) {
  var p = BNB.parent[id];
  ctx.beginPath();
  ctx.strokeStyle = "#888";
  ctx.moveTo(sx(p), sy(p) + bh / 2);
  ctx.lineTo(sx(id), sy(id) - bh / 2);
  ctx.stroke();
  if (!text) return;
  var mx = (sx(p) + sx(id)) / 2, my = (sy(p) + bh / 2 + sy(id) - bh / 2) / 2;
  ctx.fillStyle = "#345";
  ctx.textAlign = BNB.dir[id] < 0 ? "right" : "left";
  ctx.fillText(change(id), mx + (BNB.dir[id] < 0 ? -4 : 4), my + 3);
}

function drawBox(i, bw, bh, text) {
  var cx = sx(i), cy = sy(i), waiting = stateAt(i) === "waiting";
  var best = i === BNB.best && !waiting;
  ctx.fillStyle = waiting ? WAIT_FILL : best ? BEST_FILL : OUT_FILL[BNB.out[i]];
  ctx.strokeStyle = i === selected ? "#d40" : waiting ? "#999" : "#333";
  ctx.lineWidth = i === selected || best ? 3 : 1;
  ctx.setLineDash(waiting || BNB.out[i] === 0 ? [4, 3] : []);
  ctx.fillRect(cx - bw / 2, cy - bh / 2, bw, bh);
  if (bw > 3) ctx.strokeRect(cx - bw / 2, cy - bh / 2, bw, bh);
  ctx.setLineDash([]);
  ctx.lineWidth = 1;
  if (collapsed[i]) {
    ctx.fillStyle = "#333";
    ctx.textAlign = "center";
    ctx.fillText("+", cx, cy + bh / 2 + 10);
  }
  if (!text) return;
  var lines = label(i);
  ctx.fillStyle = best ? "white" : waiting ? "#666" : "#111";
  ctx.textAlign = "center";
  for (var l = 0; l < lines.length; l++)
    ctx.fillText(lines[l].slice(0, 16), cx, cy - bh / 2 + 10 + l * 10);
}

function draw() {
  var w = canvas.width, h = canvas.height, s = boxScale();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, w, h);
  var bw = BOX_W * s, bh = BOX_H * s, text = bw > 50;
  ctx.font = "10px Helvetica, Arial, sans-serif";
  place();
  var visible = [], edgeIds = [];
  for (var id = 0; id < N; id++) {
    if (!drawable(id)) continue;
    var x = SX[id], y = SY[id], p = BNB.parent[id];
    var inView = x > -bw && x < w + bw && y > -bh && y < h + bh;
    var pIn = p >= 0 && !outside[p] && SX[p] > -bw && SX[p] < w + bw &&
        SY[p] > -bh && SY[p] < h + bh;
    if (id !== focus && p >= 0 && (inView || pIn)) edgeIds.push(id);
    if (inView) visible.push(id);
  }
  if (text) {
    edgeIds.forEach(function (i) { drawEdge(i, bh, true); });
    visible.forEach(function (i) { drawBox(i, bw, bh, true); });
  } else {
    drawSmall(edgeIds, visible, bw, bh);
  }
}

/* A zoomed-out tree: the edges in one path, the boxes in one pass per
 * colour, so that tens of thousands of nodes draw in a few milliseconds. */
function drawSmall(edgeIds, visible, bw, bh) {
  ctx.beginPath();
  ctx.strokeStyle = "#888";
  for (var k = 0; k < edgeIds.length; k++) {
    var i = edgeIds[k], p = BNB.parent[i];
    ctx.moveTo(SX[p], SY[p] + bh / 2);
    ctx.lineTo(SX[i], SY[i] - bh / 2);
  }
  ctx.stroke();
  var groups = {}, v, id;
  for (v = 0; v < visible.length; v++) {
    id = visible[v];
    var fill = id >= shown ? WAIT_FILL : id === BNB.best ? BEST_FILL : OUT_FILL[BNB.out[id]];
    (groups[fill] = groups[fill] || []).push(id);
  }
  var wide = Math.max(bw, 1), high = Math.max(bh, 1);
  for (var f in groups) {
    var g = groups[f];
    ctx.fillStyle = f;
    for (v = 0; v < g.length; v++)
      ctx.fillRect(SX[g[v]] - wide / 2, SY[g[v]] - high / 2, wide, high);
  }
  for (v = 0; v < visible.length; v++) {
    id = visible[v];
    if (bw > 3 ? id === selected || id === BNB.best || id >= shown ||
                 BNB.out[id] === 0 || collapsed[id] : id === selected)
      drawBox(id, Math.max(bw, 6), Math.max(bh, 6), false);
  }
  if (bw > 3) {
    ctx.beginPath();
    ctx.strokeStyle = "#333";
    for (v = 0; v < visible.length; v++)
      ctx.rect(SX[visible[v]] - bw / 2, SY[visible[v]] - bh / 2, bw, bh);
    ctx.stroke();
  }
}

/* The edges as drawn: child, its label, and the x of each end (for the
 * tests: every edge carries its bound, the down child on the left). */
function edges() {
  var out = [];
  for (var id = 0; id < N; id++)
    if (id !== focus && BNB.parent[id] >= 0 && drawable(id))
      out.push({child: id, parent: BNB.parent[id], dir: BNB.dir[id],
                label: change(id), x: sx(id)});
  return out;
}

/* Scales width and height apart, so that a wide tree keeps its depth
 * legible instead of shrinking into a hairline. */
function fit() {
  var maxX = 0, maxD = 0;
  for (var id = 0; id < N; id++) {
    if (outside[id]) continue;
    if (X[id] > maxX) maxX = X[id];
    if (DEPTH[id] > maxD) maxD = DEPTH[id];
  }
  var clamp = function (v) { return Math.min(MAX_SCALE, Math.max(MIN_SCALE, v)); };
  view.kx = clamp((canvas.width - 40) / ((maxX + 1) * STEP_X));
  view.ky = clamp((canvas.height - 40) / ((maxD + 1) * STEP_Y));
  view.tx = 20 + BOX_W * boxScale() / 2;
  view.ty = 20 + BOX_H * boxScale() / 2;
  draw();
}

function centreOn(id) {
  view.kx = Math.max(view.kx, 1);
  view.ky = Math.max(view.ky, 1);
  view.tx = canvas.width / 2 - X[id] * STEP_X * view.kx;
  view.ty = canvas.height / 3 - DEPTH[id] * STEP_Y * view.ky;
  draw();
}

function inView(id) {
  return sx(id) > 0 && sx(id) < canvas.width && sy(id) > 0 &&
      sy(id) < canvas.height;
}

/* ---- a node's story -------------------------------------------------- */

function section(title, items) {
  details.appendChild(el("h4", {}, title));
  var ul = el("ul");
  items.forEach(function (t) {
    var li = typeof t === "string" ? el("li", {}, t) : t;
    ul.appendChild(li);
  });
  details.appendChild(ul);
}

function pathFromRoot(id) {
  var path = [];
  for (var p = id; p > 0; p = BNB.parent[p]) path.unshift(p);
  return path;
}

function prunedText(id) {
  var out = BNB.out[id], inc = fmt(BNB.incumbent[id]);
  if (out === 2) {
    if (BNB.lpStatus[id] === 3 && BNB.iters[id] === 0)
      return "pruned by bound: child bound " + fmt(BNB.nodeBound[id]) +
          " (from its parent and the penalty) cannot beat " + inc;
    return "pruned by bound: z = " + fmt(BNB.obj[id]) +
        " cannot beat incumbent " + inc;
  }
  if (out === 3) return "pruned: infeasible" +
      (BNB.why && BNB.why[id] >= 0 ? "; " + BNB.whys[BNB.why[id]] : "");
  if (out === 4) return "integral, z = " + fmt(BNB.obj[id]) +
      ": not better than incumbent " + inc;
  if (out === 5) return "integral: the new incumbent, z = " +
      fmt(BNB.obj[id]);
  if (out === 6) return "LP unbounded: the search stops";
  return "left open: a limit stopped the search";
}

function propagationItems(id) {
  var items = [], at = BNB.chLen[id] ? BNB.chAt[id] : -1;
  if (BNB.propagated[id] < 0)
    items.push("the rows cannot all hold with these bounds: LP not needed");
  for (var k = 0; at >= 0 && k < BNB.chLen[id]; k++) {
    var c = BNB.changes.slice(5 * (at + k), 5 * (at + k) + 5);
    items.push(name(c[0]) + ": [" + fmt(c[1]) + ", " + fmt(c[2]) +
               "] -> [" + fmt(c[3]) + ", " + fmt(c[4]) + "]");
  }
  if (BNB.chCount[id] > BNB.chLen[id])
    items.push((BNB.chLen[id] ? "... and " : "") +
               (BNB.chCount[id] - BNB.chLen[id]) + " more" +
               (BNB.chLen[id] ? "" : " columns tightened (past the page's " +
                "budget of bound changes)"));
  return items;
}

function branchItems(id) {
  var items = ["branch on " + name(BNB.bcol[id]) + " = " +
               fmt(BNB.value[id])];
  var why = RULES[BNB.rule[id]] || "";
  if (BNB.rule[id] !== 1)
    why += ", score " + fmt(BNB.score[id]) + (BNB.runner[id] >= 0
        ? "; runner-up " + name(BNB.runner[id]) + ", " +
          fmt(BNB.runnerScore[id]) : "; the only candidate");
  items.push("why: " + why);
  if (BNB.penDown[id] > 0 || BNB.penUp[id] > 0)
    items.push("penalties (the bound lost): down " + fmt(BNB.penDown[id]) +
               ", up " + fmt(BNB.penUp[id]));
  return items;
}

/* The node's LP point as [column, value] pairs, or null if not kept. */
function point(id) {
  if (BNB.xAt[id] < 0) return null;
  var pts = [];
  for (var k = 0; k < BNB.xLen[id]; k++)
    pts.push([BNB.xcol[BNB.xAt[id] + k], BNB.xval[BNB.xAt[id] + k]]);
  return pts;
}

function pointText(id) {
  var pts = point(id);
  if (!pts)
    return BNB.lpStatus[id] === 0
        ? "(not kept: the page stores points up to its budget)" : "none";
  var parts = [], more = 0;
  pts.forEach(function (p) {
    if (Math.abs(p[1]) <= TOL_ZERO) return;   /* rounding noise */
    if (parts.length < 400) parts.push(name(p[0]) + "=" + fmt(p[1]));
    else more++;
  });
  if (more) parts.push("... " + more + " more");
  return parts.length ? parts.join("  ") : "every column 0";
}

function subtreeButtons(id) {
  if (FIRST[id] >= 0) {
    var b = el("button", {}, collapsed[id] ? "expand subtree"
                                           : "collapse subtree");
    b.onclick = function () {
      collapsed[id] = collapsed[id] ? 0 : 1;
      anyCollapsed = collapsed.some(Boolean);
      layout();
      showNode(id);
    };
    details.appendChild(b);
  }
  var alone = el("button", {}, focus === id ? "show the whole tree"
                                            : "show this subtree alone");
  alone.onclick = function () {
    focus = focus === id ? 0 : id;
    layout();
    fit();
    showNode(id);
  };
  if (FIRST[id] >= 0 || focus === id) details.appendChild(alone);
}

function showNode(id) {
  selected = id;
  details.textContent = "";
  details.appendChild(el("h3", {id: "node-title"}, "node " + id +
      (BNB.parent[id] >= 0 ? " (parent " + BNB.parent[id] + ", depth " +
       pathFromRoot(id).length + ")" : " (root)")));
  var changes = pathFromRoot(id).map(function (p) {
    return el("li", {"class": "bc"}, change(p));
  });
  section("bound changes from the root", changes.length ? changes
      : ["none: the LP relaxation of the model"]);
  section("propagation", BNB.chAt[id] >= 0 || BNB.propagated[id] < 0
      ? propagationItems(id) : ["no bound tightened"]);
  var st = BNB.lpStatus[id], lp = [];
  if (st >= 0 && BNB.propagated[id] >= 0)
    lp.push("LP " + LP_STATUS[st] + (st === 0 || st === 3
        ? ": z = " + fmt(BNB.obj[id]) : "") + ", " +
        plural(BNB.iters[id], "iteration", "iterations"));
  if (BNB.nfrac[id] > 0)
    lp.push(plural(BNB.nfrac[id], "fractional column", "fractional columns"));
  section("LP relaxation", lp.length ? lp : ["not solved"]);
  if (BNB.geom) details.appendChild(geometry(id));
  if (BNB.grid[id] >= 0) {
    details.appendChild(el("h4", {}, "the LP point on the grid (* 1, . 0, " +
                           "a digit: tenths; {19}: digits kept above 0)"));
    details.appendChild(el("pre", {"class": "grid"},
                           BNB.grids[BNB.grid[id]]));
  }
  details.appendChild(el("h4", {}, "nonzero column values"));
  details.appendChild(el("div", {"class": "point"}, pointText(id)));
  section(BNB.out[id] === 1 ? "branching" : "outcome",
          BNB.out[id] === 1 ? branchItems(id) : [prunedText(id)]);
  if (id === BNB.best && BNB.bestBy)
    section("the solution", [BNB.bestBy + " found the best solution here, " +
                             "z = " + fmt(BNB.objective)]);
  section("after the node", ["open nodes " + BNB.open[id] +
      ", best bound " + fmt(BNB.bestBound[id])]);
  subtreeButtons(id);
  draw();
}

/* The node under screen point (x, y), or -1. */
function nodeAt(x, y) {
  var s = boxScale();
  var bw = BOX_W * s / 2 + 2, bh = BOX_H * s / 2 + 2;
  for (var id = 0; id < shown; id++)
    if (drawable(id) && Math.abs(sx(id) - x) <= bw &&
        Math.abs(sy(id) - y) <= bh)
      return id;
  return -1;
}

/* ---- two columns: the node's LP drawn in the plane -------------------- */

/* The columns' bounds at node id: the model's, then each bound change
 * and each propagation from the root down to the node. */
function nodeBox(id) {
  var g = BNB.geom, lo = g.lo.slice(), up = g.up.slice();
  [0].concat(pathFromRoot(id)).forEach(function (q) {
    var j = BNB.col[q];
    if (q > 0 && j >= 0 && j < 2) {
      if (BNB.dir[q] < 0) up[j] = Math.min(up[j], BNB.bound[q]);
      else lo[j] = Math.max(lo[j], BNB.bound[q]);
    }
    for (var k = 0; BNB.chAt[q] >= 0 && k < BNB.chLen[q]; k++) {
      var c = BNB.changes.slice(5 * (BNB.chAt[q] + k), 5 * (BNB.chAt[q] + k) + 5);
      if (c[0] < 2) { lo[c[0]] = Math.max(lo[c[0]], c[3]); up[c[0]] = Math.min(up[c[0]], c[4]); }
    }
  });
  return {lo: lo, up: up};
}

function finite(v) { return v !== null && Math.abs(v) < 1e300; }

/* The part of polygon poly where a0 x + a1 y <= b (Sutherland-Hodgman). */
function clip(poly, a0, a1, b) {
  var out = [], n = poly.length;
  var f = function (p) { return a0 * p[0] + a1 * p[1] - b; };
  for (var i = 0; i < n; i++) {
    var p = poly[i], q = poly[(i + 1) % n], fp = f(p), fq = f(q);
    if (fp <= 1e-9) out.push(p);
    if ((fp < -1e-9 && fq > 1e-9) || (fp > 1e-9 && fq < -1e-9)) {
      var t = fp / (fp - fq);
      out.push([p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])]);
    }
  }
  return out;
}

/* The drawing window: the finite bounds, the rows' intercepts and every
 * node's LP point, with a margin. */
function geomWindow() {
  if (geomWindow.w) return geomWindow.w;
  var g = BNB.geom, xs = [0], ys = [0];
  for (var j = 0; j < 2; j++)
    [g.lo[j], g.up[j]].forEach(function (v) { if (finite(v)) (j ? ys : xs).push(v); });
  g.rows.forEach(function (r) {
    [r[2], r[3]].forEach(function (b) {
      if (!finite(b)) return;
      if (Math.abs(r[0]) > 1e-12) xs.push(b / r[0]);
      if (Math.abs(r[1]) > 1e-12) ys.push(b / r[1]);
    });
  });
  for (var id = 0; id < N; id++) {
    var pts = point(id);
    if (!pts) continue;
    var v = [0, 0];
    pts.forEach(function (p) { if (p[0] < 2) v[p[0]] = p[1]; });
    xs.push(v[0]); ys.push(v[1]);
  }
  var box = function (a) {
    var lo = Math.min.apply(null, a), hi = Math.max.apply(null, a);
    var pad = Math.max(1, 0.15 * (hi - lo));
    return [lo - pad, hi + pad];
  };
  geomWindow.w = {x: box(xs), y: box(ys)};
  return geomWindow.w;
}

/* The polygon of the LP at bounds b, within the window. */
function region(b) {
  var w = geomWindow();
  var poly = [[w.x[0], w.y[0]], [w.x[1], w.y[0]], [w.x[1], w.y[1]], [w.x[0], w.y[1]]];
  for (var j = 0; j < 2; j++) {
    var e0 = j === 0 ? 1 : 0, e1 = j === 1 ? 1 : 0;
    if (finite(b.up[j])) poly = clip(poly, e0, e1, b.up[j]);
    if (finite(b.lo[j])) poly = clip(poly, -e0, -e1, -b.lo[j]);
  }
  BNB.geom.rows.forEach(function (r) {
    if (finite(r[3])) poly = clip(poly, r[0], r[1], r[3]);
    if (finite(r[2])) poly = clip(poly, -r[0], -r[1], -r[2]);
  });
  return poly;
}

function geometry(id) {
  var g = BNB.geom, w = geomWindow(), W = 340, H = 280, M = 28;
  var px = function (x) { return M + (W - M - 8) * (x - w.x[0]) / (w.x[1] - w.x[0]); };
  var py = function (y) { return H - M - (H - M - 8) * (y - w.y[0]) / (w.y[1] - w.y[0]); };
  var pts = function (poly) {
    return poly.map(function (p) { return px(p[0]).toFixed(1) + "," + py(p[1]).toFixed(1); }).join(" ");
  };
  var root = region({lo: g.lo, up: g.up}), b = nodeBox(id), node = region(b);
  var svg = ['<svg xmlns="http://www.w3.org/2000/svg" width="' + W + '" height="' + H + '">'];
  svg.push(axes(w, px, py, W, H, M));
  svg.push('<polygon points="' + pts(root) + '" fill="#eef2f8" stroke="#99a"/>');
  svg.push('<polygon id="geom-node" points="' + pts(node) + '" fill="#9cc3e6" ' +
           'fill-opacity="0.8" stroke="#2a5db0" stroke-width="1.5"/>');
  svg.push(integerPoints(w, px, py));
  pathFromRoot(id).forEach(function (q) {
    var j = BNB.col[q];
    if (j < 0 || j > 1) return;
    var v = BNB.bound[q];
    var l = j === 0 ? [px(v), py(w.y[0]), px(v), py(w.y[1])]
                    : [px(w.x[0]), py(v), px(w.x[1]), py(v)];
    svg.push('<line class="branch" x1="' + l[0] + '" y1="' + l[1] + '" x2="' + l[2] +
             '" y2="' + l[3] + '" stroke="#d40" stroke-dasharray="5,3"/>');
  });
  var x = point(id);
  if (x && BNB.lpStatus[id] === 0) {
    var v = [0, 0];
    x.forEach(function (p) { if (p[0] < 2) v[p[0]] = p[1]; });
    var s = BNB.sense === "max" ? 1 : -1, len = Math.hypot(g.c[0], g.c[1]);
    if (len > 0) {
      var k = 0.15 * (w.x[1] - w.x[0]) / len;
      svg.push('<line x1="' + px(v[0]) + '" y1="' + py(v[1]) + '" x2="' +
               px(v[0] + s * k * g.c[0]) + '" y2="' + py(v[1] + s * k * g.c[1]) +
               '" stroke="#2a8a2a" stroke-width="2"/>');
    }
    svg.push('<circle id="geom-lp" cx="' + px(v[0]) + '" cy="' + py(v[1]) +
             '" r="4" fill="#d40"/>');
  }
  svg.push("</svg>");
  var div = el("div", {"class": "geom"});
  div.appendChild(el("h4", {}, "the node's LP in the plane (" + name(0) + " across, " +
                     name(1) + " up): blue its feasible region, grey the root's, " +
                     "red its optimum, green the objective's direction, dashed the branching bounds"));
  var holder = el("div");
  holder.innerHTML = svg.join("");
  div.appendChild(holder);
  div.dataset.vertices = JSON.stringify(node);
  return div;
}

function ticks(lo, hi, count) {
  var span = hi - lo, step = Math.pow(10, Math.floor(Math.log10(span / count)));
  [1, 2, 5, 10].some(function (m) {
    if (span / (step * m) <= count) { step *= m; return true; }
    return false;
  });
  var out = [];
  for (var t = Math.ceil(lo / step) * step; t <= hi + 1e-9 * span; t += step)
    out.push(+t.toPrecision(12));
  return out;
}

function axes(w, px, py, W, H, M) {
  var s = ['<line x1="' + M + '" y1="' + (H - M) + '" x2="' + (W - 8) + '" y2="' +
           (H - M) + '" stroke="#555"/>', '<line x1="' + M + '" y1="8" x2="' + M +
           '" y2="' + (H - M) + '" stroke="#555"/>'];
  ticks(w.x[0], w.x[1], 8).forEach(function (t) {
    s.push('<text x="' + px(t) + '" y="' + (H - M + 12) + '" font-size="9" ' +
           'text-anchor="middle">' + fmt(t) + "</text>");
  });
  ticks(w.y[0], w.y[1], 8).forEach(function (t) {
    s.push('<text x="' + (M - 3) + '" y="' + (py(t) + 3) + '" font-size="9" ' +
           'text-anchor="end">' + fmt(t) + "</text>");
  });
  return s.join("");
}

/* The integer points of the window (when there are not too many). */
function integerPoints(w, px, py) {
  var g = BNB.geom, s = [];
  if (!g.int[0] || !g.int[1]) return "";
  var x0 = Math.ceil(w.x[0]), x1 = Math.floor(w.x[1]);
  var y0 = Math.ceil(w.y[0]), y1 = Math.floor(w.y[1]);
  if ((x1 - x0 + 1) * (y1 - y0 + 1) > 2500) return "";
  for (var x = x0; x <= x1; x++)
    for (var y = y0; y <= y1; y++)
      s.push('<circle cx="' + px(x) + '" cy="' + py(y) + '" r="1.6" fill="#333"/>');
  return s.join("");
}

/* ---- the plot ---------------------------------------------------------- */

/* Incumbent and best bound after each node, as steps (a value holds
 * until the next node changes it), the gap between them shaded; for a
 * model without objective, open nodes and depth instead. Drawn up to the
 * current step. */
function plotSeries() {
  if (plotSeries.cache) return plotSeries.cache;
  var a = [], b = [];
  if (BNB.hasObjective === false) {
    var depth = new Int32Array(N);
    for (var i = 0; i < N; i++) {
      if (BNB.parent[i] >= 0) depth[i] = depth[BNB.parent[i]] + 1;
      a.push(BNB.open[i]);
      b.push(depth[i]);
    }
    return (plotSeries.cache = {a: a, b: b, names: ["open nodes", "depth"], shade: false});
  }
  var cur = null;
  for (var k = 0; k < N; k++) {
    if (BNB.out[k] === 5 || k === BNB.best) cur = BNB.obj[k];
    var v = BNB.bestBound[k];
    a.push(cur);
    b.push(v !== null && Math.abs(v) < 1e300 ? v : null);
  }
  return (plotSeries.cache = {a: a, b: b, names: ["incumbent", "best bound"], shade: true});
}

function plot() {
  var box = document.getElementById("plot");
  var W = box.clientWidth || 800, H = box.clientHeight || 160;
  var ser = plotSeries(), lo = Infinity, hi = -Infinity;
  [ser.a, ser.b].forEach(function (vals) {
    vals.forEach(function (v) {
      if (v !== null) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
    });
  });
  if (!(lo <= hi)) { lo = 0; hi = 1; }
  if (hi - lo < 1e-9) { lo -= 1; hi += 1; }
  var L = 56, R = 12, T = 16, B = 22;
  var px = function (i) { return L + (W - L - R) * i / Math.max(1, N - 1); };
  var py = function (v) { return H - B - (H - T - B) * (v - lo) / (hi - lo); };
  var every = Math.max(1, Math.floor(N / PLOT_POINTS));
  var upto = shown;
  function steps(vals) {
    var d = "", last = null;
    for (var i = 0; i < upto; i += every) {
      if (vals[i] === null) { last = null; continue; }
      d += last === null ? "M" + px(i).toFixed(1) + " " + py(vals[i]).toFixed(1)
                         : " H" + px(i).toFixed(1) + " V" + py(vals[i]).toFixed(1);
      last = vals[i];
    }
    if (last !== null) d += " H" + px(upto - 1).toFixed(1);
    return d;
  }
  /* The corners of a step line over nodes [from, upto). */
  function corners(vals, from) {
    var out = [], last = null;
    for (var i = from; i < upto; i += every) {
      if (last !== null) out.push([px(i), py(last)]);
      out.push([px(i), py(vals[i])]);
      last = vals[i];
    }
    out.push([px(upto - 1), py(last)]);
    return out;
  }
  function shade() {
    var from = 0;
    while (from < upto && (ser.a[from] === null || ser.b[from] === null)) from++;
    if (from >= upto) return "";
    from -= from % every;
    while (from < upto && (ser.a[from] === null || ser.b[from] === null)) from += every;
    if (from >= upto) return "";
    var poly = corners(ser.a, from).concat(corners(ser.b, from).reverse());
    return '<path d="M' + poly.map(function (p) {
      return p[0].toFixed(1) + " " + p[1].toFixed(1); }).join(" L") +
        ' Z" fill="#f5d27a" fill-opacity="0.35" stroke="none"/>';
  }
  var s = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ' + W + " " + H + '">'];
  if (ser.shade) s.push(shade());
  ticks(lo, hi, 4).forEach(function (t) {
    s.push('<line x1="' + L + '" x2="' + (W - R) + '" y1="' + py(t) + '" y2="' + py(t) +
           '" stroke="#eee"/><text x="' + (L - 4) + '" y="' + (py(t) + 3) +
           '" font-size="10" text-anchor="end">' + fmt(t) + "</text>");
  });
  ticks(0, Math.max(1, N - 1), 8).forEach(function (t) {
    if (t !== Math.round(t)) return;
    s.push('<line x1="' + px(t) + '" x2="' + px(t) + '" y1="' + (H - B) + '" y2="' +
           (H - B + 4) + '" stroke="#555"/><text x="' + px(t) + '" y="' + (H - 6) +
           '" font-size="10" text-anchor="middle">' + t + "</text>");
  });
  s.push('<line x1="' + L + '" y1="' + (H - B) + '" x2="' + (W - R) + '" y2="' + (H - B) +
         '" stroke="#555"/><line x1="' + L + '" y1="' + T + '" x2="' + L + '" y2="' +
         (H - B) + '" stroke="#555"/>');
  s.push('<path id="plot-a" d="' + steps(ser.a) + '" fill="none" stroke="#2a8a2a" stroke-width="1.5"/>');
  s.push('<path id="plot-b" d="' + steps(ser.b) + '" fill="none" stroke="#2a5db0" stroke-width="1.5"/>');
  s.push('<line id="cursor" x1="' + px(shown - 1) + '" x2="' + px(shown - 1) +
         '" y1="' + T + '" y2="' + (H - B) + '" stroke="#d40"/>');
  s.push('<text x="' + L + '" y="11" font-size="11">' + ser.names[0] + " (green), " +
         ser.names[1] + " (blue)" + (ser.shade ? ", the gap shaded" : "") +
         "; node " + (shown - 1) + " of " + (N - 1) + "</text></svg>");
  box.innerHTML = s.join("");
}

/* ---- stepping and playing -------------------------------------------- */

function setShown(k, follow) {
  shown = Math.max(1, Math.min(N, k));
  document.getElementById("playpos").textContent = "node " + (shown - 1) +
      " of " + (N - 1);
  plot();
  if (follow) {
    var id = shown - 1;
    if (!outside[id] && !inView(id)) centreOn(id);
    showNode(id);
  } else {
    draw();
  }
}

function step(d) { stopPlay(); setShown(shown + d, true); }

function stopPlay() {
  if (playTimer) { clearInterval(playTimer); playTimer = null; }
}

function play() {
  if (playTimer) { stopPlay(); return; }
  if (shown >= N) setShown(1, true);
  var tick = Math.max(20, 1000 / speed), per = Math.max(1, Math.round(speed * tick / 1000));
  playTimer = setInterval(function () {
    setShown(shown + per, true);
    if (shown >= N) stopPlay();
  }, tick);
}

/* ---- the page -------------------------------------------------------- */

function button(text, title, fn) {
  var b = el("button", {title: title}, text);
  b.onclick = fn;
  return b;
}

function bar() {
  var b = el("div", {id: "bar"});
  b.appendChild(el("b", {}, BNB.title));
  var s = el("span", {}, BNB.status + (BNB.objective !== null
      ? ", objective " + fmt(BNB.objective) : "") + ", ");
  s.appendChild(el("span", {id: "nodecount"}, String(BNB.nodes)));
  s.appendChild(document.createTextNode(BNB.nodes === 1 ? " node" : " nodes"));
  b.appendChild(s);
  [button("|<", "the root (Home)", function () { step(-N); }),
   button("<", "one node back (left arrow)", function () { step(-1); }),
   button("play / pause", "play the search (space)", play),
   button(">", "one node on (right arrow)", function () { step(1); }),
   button(">|", "the whole search (End)", function () { step(N); })
  ].forEach(function (x) { b.appendChild(x); });
  b.appendChild(el("span", {id: "playpos"}, "node " + (N - 1) + " of " + (N - 1)));
  var sp = el("input", {id: "speed", type: "range", min: "0", max: "3", step: "0.1",
                        value: String(Math.log10(speed)), title: "nodes per second"});
  sp.oninput = function () {
    speed = Math.pow(10, +sp.value);
    if (playTimer) { stopPlay(); play(); }
  };
  b.appendChild(el("label", {}, "speed"));
  b.appendChild(sp);
  b.appendChild(button("fit", "the whole tree in the window", fit));
  b.appendChild(button("path to the optimum", "select the solution", function () {
    if (BNB.best >= 0) { centreOn(BNB.best); showNode(BNB.best); }
  }));
  var dg = el("select", {id: "digits", title: "significant digits"});
  [3, 4, 6, 8, 10, 12].forEach(function (d) {
    var o = el("option", {value: String(d)}, d + " digits");
    if (d === digits) o.selected = true;
    dg.appendChild(o);
  });
  dg.onchange = function () {
    digits = +dg.value;
    plot();
    if (selected >= 0) showNode(selected); else draw();
  };
  b.appendChild(dg);
  var vb = el("input", {type: "checkbox", id: "values"});
  vb.checked = valuesInBoxes;
  vb.onchange = function () { valuesInBoxes = vb.checked; draw(); };
  var lv = el("label", {}, "LP values in boxes");
  lv.insertBefore(vb, lv.firstChild);
  b.appendChild(lv);
  var jump = el("input", {id: "jump", placeholder: "node id"});
  jump.onchange = function () {
    var id = parseInt(jump.value, 10);
    if (id >= 0 && id < N) { centreOn(id); showNode(id); }
  };
  b.appendChild(jump);
  b.appendChild(legend());
  return b;
}

function legend() {
  var lg = el("span", {"class": "legend"});
  var add = function (colour, text) {
    var sw = el("span");
    sw.style.background = colour;
    lg.appendChild(sw);
    lg.appendChild(document.createTextNode(text));
  };
  OUT_NAME.forEach(function (t, k) { add(OUT_FILL[k], t); });
  add(WAIT_FILL, "waiting");
  add(BEST_FILL, "the solution");
  return lg;
}

function interact() {
  var drag = null;
  canvas.addEventListener("mousedown", function (e) {
    drag = {x: e.clientX, y: e.clientY, tx: view.tx, ty: view.ty,
            moved: false};
  });
  window.addEventListener("mousemove", function (e) {
    if (!drag) return;
    view.tx = drag.tx + e.clientX - drag.x;
    view.ty = drag.ty + e.clientY - drag.y;
    drag.moved = drag.moved || Math.abs(e.clientX - drag.x) +
        Math.abs(e.clientY - drag.y) > 3;
    draw();
  });
  window.addEventListener("mouseup", function () {
    setTimeout(function () { drag = null; }, 0);
  });
  canvas.addEventListener("click", function (e) {
    if (drag && drag.moved) return;
    var r = canvas.getBoundingClientRect();
    var id = nodeAt(e.clientX - r.left, e.clientY - r.top);
    if (id >= 0) showNode(id);
  });
  canvas.addEventListener("wheel", function (e) {
    e.preventDefault();
    var r = canvas.getBoundingClientRect();
    var mx = e.clientX - r.left, my = e.clientY - r.top;
    var f = e.deltaY < 0 ? 1.2 : 1 / 1.2;
    view.tx = mx - (mx - view.tx) * f;
    view.ty = my - (my - view.ty) * f;
    view.kx *= f;
    view.ky *= f;
    draw();
  }, {passive: false});
  window.addEventListener("keydown", function (e) {
    if (e.target && e.target.tagName === "INPUT" && e.target.type !== "range") return;
    var keys = {ArrowRight: 1, ArrowLeft: -1, Home: -N, End: N};
    if (e.key in keys) { e.preventDefault(); step(keys[e.key]); }
    else if (e.key === " ") { e.preventDefault(); play(); }
  });
}

function resize() {
  var box = document.getElementById("tree");
  canvas.width = box.clientWidth;
  canvas.height = box.clientHeight;
  draw();
}

/* #selftest: click node 1 (or the root) through a real mouse event and
 * check that the panel shows its bound change; the verdict goes into
 * the page for headless browsers (--dump-dom). */
function selftest() {
  var id = N > 1 ? 1 : 0;
  centreOn(id);
  var r = canvas.getBoundingClientRect();
  canvas.dispatchEvent(new MouseEvent("click", {
    clientX: r.left + sx(id), clientY: r.top + sy(id), bubbles: true}));
  var want = id > 0 ? change(id) : "the LP relaxation";
  var bcs = Array.prototype.map.call(details.querySelectorAll("li"),
                                     function (li) { return li.textContent; });
  var ok = selected === id && bcs.some(function (t) {
    return t.indexOf(want) >= 0; });
  document.getElementById("selftest").textContent =
      "selftest " + (ok ? "ok" : "FAILED") + ": nodes " + BNB.nodes +
      ", records " + N + ", clicked node " + id + ", shows '" + want +
      "', page ready " + Math.round(performance.now()) + " ms after the " +
      "navigation began";
}

function main() {
  window.onerror = function (msg) {
    var e = document.getElementById("errors");
    if (e) e.textContent += " error: " + msg;
  };
  document.body.appendChild(bar());
  var tree = el("div", {id: "tree"});
  canvas = el("canvas");
  tree.appendChild(canvas);
  document.body.appendChild(tree);
  details = el("div", {id: "details"}, "click a node, or step through " +
               "the search with the arrow keys");
  document.body.appendChild(details);
  var p = el("div", {id: "plot"});
  document.body.appendChild(p);
  var bar0 = document.getElementById("bar");
  bar0.appendChild(el("span", {id: "selftest"}));
  bar0.appendChild(el("span", {id: "errors"}));
  ctx = canvas.getContext("2d");
  buildChildren();
  layout();
  resize();
  fit();
  plot();
  interact();
  window.addEventListener("resize", resize);
  if (location.hash === "#selftest") selftest();
  var m = /^#node=(\d+)$/.exec(location.hash);   /* a link to a node */
  if (m && +m[1] < N) showNode(+m[1]);
}

if (N > 0) main();
else document.body.textContent = "no node was solved";
