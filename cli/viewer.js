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
 * colour. When a pixel holds many nodes, what it shows is drawn once:
 * edges by their ends rounded to pixels, boxes thinner than a pixel by
 * the pixel they fall in (in the colour of its rarest outcome,
 * pixelRank). Tens of thousands of nodes thus cost about as much as the
 * pixels they cover; both are drawn on whole pixels, crisp. */
function drawSmall(edgeIds, visible, bw, bh) {
  drawEdgesOnce(edgeIds, bh);
  var snap = bw < 1 && bh < 1, dots = snap ? onePerPixel(visible) : visible;
  var groups = {}, v, id;
  for (v = 0; v < dots.length; v++) {
    id = dots[v];
    var fill = id >= shown ? WAIT_FILL : id === BNB.best ? BEST_FILL : OUT_FILL[BNB.out[id]];
    (groups[fill] = groups[fill] || []).push(id);
  }
  var wide = Math.max(bw, 1), high = Math.max(bh, 1);
  for (var f in groups) {
    var g = groups[f];
    ctx.fillStyle = f;
    for (v = 0; v < g.length; v++)
      if (snap) ctx.fillRect(Math.floor(SX[g[v]]), Math.floor(SY[g[v]]), 1, 1);
      else ctx.fillRect(SX[g[v]] - wide / 2, SY[g[v]] - high / 2, wide, high);
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

/* Pixel coordinates in this range pack four to an exact double key. */
var KEY_OFF = 2048, KEY_SPAN = 8192;

function drawEdgesOnce(edgeIds, bh) {
  var seen = new Set();
  ctx.beginPath();
  ctx.strokeStyle = "#888";
  for (var k = 0; k < edgeIds.length; k++) {
    var i = edgeIds[k], p = BNB.parent[i];
    var x1 = Math.floor(SX[p]), y1 = Math.floor(SY[p] + bh / 2);
    var x2 = Math.floor(SX[i]), y2 = Math.floor(SY[i] - bh / 2);
    if (Math.min(x1, y1, x2, y2) >= -KEY_OFF &&
        Math.max(x1, y1, x2, y2) < KEY_SPAN - KEY_OFF) {
      var key = (((x1 + KEY_OFF) * KEY_SPAN + y1 + KEY_OFF) * KEY_SPAN +
                 x2 + KEY_OFF) * KEY_SPAN + y2 + KEY_OFF;
      if (seen.has(key)) continue;
      seen.add(key);
    }
    ctx.moveTo(x1 + 0.5, y1 + 0.5);   /* pixel centres: crisp lines */
    ctx.lineTo(x2 + 0.5, y2 + 0.5);
  }
  ctx.stroke();
}

/* Which node a pixel of many shows: the rarer outcome first (by
 * OUT_NAME's index; the best node above all, waiting nodes below every
 * solved leaf), so that a lone incumbent or infeasible leaf is not
 * painted over by its pruned neighbours. */
var PIXEL_RANK = [3, 1, 4, 5, 6, 8, 7], PIXEL_RANK_WAIT = 2, PIXEL_RANK_BEST = 9;
function pixelRank(id) {
  return id >= shown ? PIXEL_RANK_WAIT : id === BNB.best ? PIXEL_RANK_BEST :
      PIXEL_RANK[BNB.out[id]];
}

/* One node of `ids` for each canvas pixel, the one of highest rank (the
 * later on a tie); nodes off the canvas are kept as they are. */
var pixelOwner = new Int32Array(0);
function onePerPixel(ids) {
  var w = canvas.width, h = canvas.height, out = [], cells = [], v, id, cell;
  if (pixelOwner.length !== w * h) pixelOwner = new Int32Array(w * h);
  pixelOwner.fill(-1);
  for (v = 0; v < ids.length; v++) {
    id = ids[v];
    var x = Math.floor(SX[id]), y = Math.floor(SY[id]);
    if (x < 0 || x >= w || y < 0 || y >= h) { out.push(id); continue; }
    cell = y * w + x;
    var was = pixelOwner[cell];
    if (was < 0) cells.push(cell);
    if (was < 0 || pixelRank(id) >= pixelRank(was)) pixelOwner[cell] = id;
  }
  for (v = 0; v < cells.length; v++) out.push(pixelOwner[cells[v]]);
  return out;
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
  if (BNB.picture) details.appendChild(picture(id));
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

/* ---- the puzzle as a picture ------------------------------------- */
/* A puzzle's page (BNB.picture, written by the puzzle layer) draws the
 * selected node's LP point on the puzzle as it is drawn on paper: one
 * drawer per kind in PICTURE_DRAWERS. A value strictly between 0 and 1
 * is shaded in orange (class "frac"), the cell (arc, tile, edge) the
 * node branches on has a red frame (class "branched"), the one whose
 * bound made the node a dashed blue one (class "made"). */
var PIC_WIDTH = 340;            /* the panel's drawing width in pixels   */
var PIC_MAX_CELL = 30;          /* a cell's largest size in pixels        */
var TOL_PIC = 1e-6;             /* a value this close to 0 or 1 is that   */
var FRAC_FILL = "#f39c33", ONE_FILL = "#2c5f9e", BRANCH_STROKE = "#d62728",
    MADE_STROKE = "#1f77b4";

function hue(k, n) {
  return "hsl(" + Math.round(360 * k / Math.max(n, 1)) + ",70%,50%)";
}

function isFrac(v) { return v > TOL_PIC && v < 1 - TOL_PIC; }

/* What every drawer gets: the node's column values and its marks. */
function pictureContext(id) {
  var pts = point(id), vals = new Float64Array(BNB.names.length);
  if (pts) pts.forEach(function (p) { vals[p[0]] = p[1]; });
  var found = id === BNB.best && BNB.bestBy !== "" &&   /* a heuristic's */
      BNB.solution && BNB.solution.length > 0;
  if (found) {
    vals.fill(0);
    for (var k = 0; k < BNB.solution.length; k += 2)
      vals[BNB.solution[k]] = BNB.solution[k + 1];
  }
  var s = [];
  var c = {
    known: pts !== null || found, found: found, s: s,
    v: function (j) { return j >= 0 ? vals[j] : 0; },
    branch: BNB.out[id] === 1 ? BNB.bcol[id] : -1,
    made: BNB.col[id],
    /* a frame round the item of column j when it is a marked column */
    mark: function (j, x, y, w, h) {
      if (j < 0) return;
      if (j === c.branch)
        s.push('<rect class="branched" x="' + (x - 1) + '" y="' + (y - 1) +
               '" width="' + (w + 2) + '" height="' + (h + 2) +
               '" fill="none" stroke="' + BRANCH_STROKE + '" stroke-width="3"/>');
      if (j === c.made)
        s.push('<rect class="made" x="' + (x + 2) + '" y="' + (y + 2) +
               '" width="' + (w - 4) + '" height="' + (h - 4) +
               '" fill="none" stroke="' + MADE_STROKE +
               '" stroke-width="2" stroke-dasharray="3,2"/>');
    },
    /* the same for an arc or an edge drawn as a line */
    markLine: function (j, x1, y1, x2, y2) {
      [[c.branch, "branched", BRANCH_STROKE, ""], [c.made, "made", MADE_STROKE,
        ' stroke-dasharray="4,3"']].forEach(function (m) {
        if (j >= 0 && j === m[0])
          s.push('<line class="' + m[1] + '" ' + seg(x1, y1, x2, y2) +
                 ' stroke="' + m[2] + '" stroke-width="5" opacity="0.7"' +
                 m[3] + '/>');
      });
    }
  };
  return c;
}

function seg(x1, y1, x2, y2) {
  return 'x1="' + x1.toFixed(1) + '" y1="' + y1.toFixed(1) + '" x2="' +
         x2.toFixed(1) + '" y2="' + y2.toFixed(1) + '"';
}

function text(x, y, t, size, attrs) {
  return '<text x="' + x.toFixed(1) + '" y="' + y.toFixed(1) +
         '" font-size="' + size.toFixed(1) + '" text-anchor="middle" ' +
         'dominant-baseline="central"' + (attrs || "") + '>' + esc(t) + '</text>';
}

function esc(t) {
  return String(t).replace(/&/g, "&amp;").replace(/</g, "&lt;");
}

function cellSize(rows, cols, extra) {
  return Math.min(PIC_MAX_CELL, PIC_WIDTH / (cols + (extra || 0)),
                  PIC_WIDTH / (rows + (extra || 0)));
}

/* A cell's value as its fill: dark blue for 1, orange for a fraction
 * (the stronger the larger), nothing for 0. */
function fillCell(c, j, x, y, z, shape) {
  var v = c.v(j);
  if (v <= TOL_PIC) return;
  var frac = isFrac(v);
  c.s.push(shape(x, y, z, frac ? FRAC_FILL : ONE_FILL, frac ? v : 1,
                 frac ? "frac" : "one"));
}

function square(x, y, z, fill, op, cls) {
  return '<rect class="' + cls + '" x="' + (x + 3) + '" y="' + (y + 3) +
         '" width="' + (z - 6) + '" height="' + (z - 6) + '" fill="' + fill +
         '" fill-opacity="' + op.toFixed(2) + '"/>';
}

function star(x, y, z, fill, op, cls) {
  var p = [], R = z * 0.42, r = R * 0.45;
  for (var k = 0; k < 10; k++) {
    var a = Math.PI / 5 * k - Math.PI / 2, q = k % 2 ? r : R;
    p.push((x + z / 2 + q * Math.cos(a)).toFixed(1) + "," +
           (y + z / 2 + q * Math.sin(a)).toFixed(1));
  }
  return '<polygon class="' + cls + '" points="' + p.join(" ") + '" fill="' +
         fill + '" fill-opacity="' + op.toFixed(2) + '"/>';
}

function disc(x, y, z, fill, op, cls) {
  return '<circle class="' + cls + '" cx="' + (x + z / 2) + '" cy="' +
         (y + z / 2) + '" r="' + (z * 0.35).toFixed(1) + '" fill="' + fill +
         '" fill-opacity="' + op.toFixed(2) + '"/>';
}

/* Thin lines between all cells of a rows x cols grid at (x0, y0). */
function gridLines(s, rows, cols, z, x0, y0) {
  for (var r = 0; r <= rows; r++)
    s.push('<line class="gl" ' + seg(x0, y0 + r * z, x0 + cols * z, y0 + r * z) +
           ' stroke="#bbb" stroke-width="0.7"/>');
  for (var k = 0; k <= cols; k++)
    s.push('<line class="gl" ' + seg(x0 + k * z, y0, x0 + k * z, y0 + rows * z) +
           ' stroke="#bbb" stroke-width="0.7"/>');
}

/* A thick line on every cell edge between two regions and round the
 * grid: one segment per unit edge (class "rb"). */
function regionBorders(s, rows, cols, region, z, x0, y0) {
  var line = function (xa, ya, xb, yb) {
    s.push('<line class="rb" ' + seg(x0 + xa * z, y0 + ya * z, x0 + xb * z,
           y0 + yb * z) + ' stroke="#111" stroke-width="3" stroke-linecap="square"/>');
  };
  for (var r = 0; r <= rows; r++)
    for (var k = 0; k < cols; k++)
      if (r === 0 || r === rows || region[(r - 1) * cols + k] !== region[r * cols + k])
        line(k, r, k + 1, r);
  for (r = 0; r < rows; r++)
    for (k = 0; k <= cols; k++)
      if (k === 0 || k === cols || region[r * cols + k - 1] !== region[r * cols + k])
        line(k, r, k, r + 1);
}

/* The digit a cell of a one-hot family x[r,c,d] holds: each digit with
 * a value above 0, the largest first; fractions shaded. */
function digitCell(c, P, cell, x, y, z) {
  var held = [];
  for (var d = 0; d < P.depth; d++) {
    var j = P.x[cell * P.depth + d], v = c.v(j);
    if (v > TOL_PIC) held.push([d + 1, v, j]);
  }
  held.sort(function (a, b) { return b[1] - a[1]; });
  if (held.length === 1 && !isFrac(held[0][1]))
    c.s.push(text(x + z / 2, y + z / 2, held[0][0], z * 0.55, ' class="digit"'));
  else if (held.length) {
    c.s.push(square(x, y, z, FRAC_FILL, Math.max(0.15, 1 - held[0][1]), "frac"));
    c.s.push(text(x + z / 2, y + z / 2, held.map(function (h) { return h[0]; })
                  .join("").slice(0, 4), z * (held.length > 2 ? 0.26 : 0.38),
                  ' class="digits"'));
  }
  for (d = 0; d < P.depth; d++) c.mark(P.x[cell * P.depth + d], x, y, z, z);
}

/* An arc (Flow Free, Slider, knight moves) from cell a to cell b. */
function centre(P, cell, z, x0, y0) {
  return [x0 + (cell % P.cols + 0.5) * z, y0 + (Math.floor(cell / P.cols) + 0.5) * z];
}

/* Follows, from cell `from`, the arcs of value above a half (arcs kept
 * by col(k)), as long as it can: the cells in order. */
function follow(c, P, from, col) {
  var out = {}, path = [from], seen = {};
  for (var k = 0; k < P.from.length; k++)
    if (c.v(col(k)) > 0.5) out[P.from[k]] = P.to[k];
  seen[from] = 1;
  while (out[path[path.length - 1]] !== undefined) {
    var next = out[path[path.length - 1]];
    path.push(next);
    if (seen[next]) break;
    seen[next] = 1;
  }
  return path;
}

/* Every arc of a fractional value, thin and orange, with its mark. */
function fractionalArcs(c, P, col, z, x0, y0) {
  for (var k = 0; k < P.from.length; k++) {
    var v = c.v(col(k)), a = centre(P, P.from[k], z, x0, y0),
        b = centre(P, P.to[k], z, x0, y0);
    if (isFrac(v))
      c.s.push('<line class="frac" ' + seg(a[0], a[1], b[0], b[1]) + ' stroke="' +
               FRAC_FILL + '" stroke-width="2" stroke-opacity="' + v.toFixed(2) + '"/>');
    c.markLine(col(k), a[0], a[1], b[0], b[1]);
  }
}

function polyline(pts, cls, stroke, width, extra) {
  return '<polyline class="' + cls + '" points="' + pts.map(function (p) {
    return p[0].toFixed(1) + "," + p[1].toFixed(1); }).join(" ") +
    '" fill="none" stroke="' + stroke + '" stroke-width="' + width +
    '" stroke-linejoin="round" stroke-linecap="round"' + (extra || "") + '/>';
}

var PICTURE_DRAWERS = {
  starbattle: function (P, c) {
    var z = cellSize(P.rows, P.cols);
    gridLines(c.s, P.rows, P.cols, z, 0, 0);
    for (var k = 0; k < P.rows * P.cols; k++) {
      var x = (k % P.cols) * z, y = Math.floor(k / P.cols) * z;
      fillCell(c, P.x[k], x, y, z, star);
      c.mark(P.x[k], x, y, z, z);
    }
    regionBorders(c.s, P.rows, P.cols, P.region, z, 0, 0);
    return [P.cols * z, P.rows * z];
  },

  thermometer: function (P, c) {
    var z = cellSize(P.rows, P.cols, 1), n = P.rows * P.cols, above = {};
    gridLines(c.s, P.rows, P.cols, z, 0, 0);
    var mid = function (cell) { return centre(P, cell, z, 0, 0); };
    for (var d = 0; d < P.dep.length; d += 2) {
      var a = mid(P.dep[d]), b = mid(P.dep[d + 1]);
      above[P.dep[d + 1]] = 1;
      c.s.push('<line class="tube" ' + seg(a[0], a[1], b[0], b[1]) +
               ' stroke="#ccc" stroke-width="' + (z * 0.4).toFixed(1) +
               '" stroke-linecap="round"/>');
    }
    for (var k = 0; k < n; k++) {
      var p = mid(k);
      if (P.therm[k] >= 0 && !above[k])
        c.s.push('<circle class="bulb" cx="' + p[0] + '" cy="' + p[1] + '" r="' +
                 (z * 0.4).toFixed(1) + '" fill="#ccc"/>');
    }
    for (k = 0; k < n; k++) {
      var x = (k % P.cols) * z, y = Math.floor(k / P.cols) * z;
      fillCell(c, P.x[k], x, y, z, disc);
      c.mark(P.x[k], x, y, z, z);
    }
    for (var r = 0; r < P.rows; r++)
      c.s.push(text(P.cols * z + z / 2, (r + 0.5) * z, P.rowSums[r], z * 0.45, ' class="sum"'));
    for (k = 0; k < P.cols; k++)
      c.s.push(text((k + 0.5) * z, P.rows * z + z / 2, P.colSums[k], z * 0.45, ' class="sum"'));
    return [(P.cols + 1) * z, (P.rows + 1) * z];
  },

  kakuro: function (P, c) {
    var z = cellSize(P.rows, P.cols, 1), o = z;   /* a margin for clues */
    for (var k = 0; k < P.rows * P.cols; k++) {
      var x = o + (k % P.cols) * z, y = o + Math.floor(k / P.cols) * z;
      if (!P.white[k]) {
        c.s.push('<rect class="black" x="' + x + '" y="' + y + '" width="' + z +
                 '" height="' + z + '" fill="#555"/>');
        c.s.push('<line ' + seg(x, y, x + z, y + z) + ' stroke="#ddd" stroke-width="0.8"/>');
      } else digitCell(c, P, k, x, y, z);
    }
    gridLines(c.s, P.rows, P.cols, z, o, o);
    for (var i = 0; i < P.runR.length; i++) {
      var down = P.runDown[i], r0 = P.runR[i] - down, c0 = P.runC[i] - !down;
      x = o + c0 * z;
      y = o + r0 * z;
      c.s.push(text(x + z * (down ? 0.3 : 0.72), y + z * (down ? 0.74 : 0.28),
                    P.runSum[i], z * 0.3, ' class="clue" fill="' +
                    (r0 < 0 || c0 < 0 ? "#222" : "#fff") + '"'));
    }
    return [o + P.cols * z, o + P.rows * z];
  },

  binairo: function (P, c) {
    var z = cellSize(P.rows, P.cols);
    for (var k = 0; k < P.rows * P.cols; k++) {
      var x = (k % P.cols) * z, y = Math.floor(k / P.cols) * z, v = c.v(P.x[k]);
      if (P.given[k] >= 0)
        c.s.push('<rect class="given" x="' + x + '" y="' + y + '" width="' + z +
                 '" height="' + z + '" fill="#e4e4e4"/>');
      if (isFrac(v)) c.s.push(square(x, y, z, FRAC_FILL, 0.3 + 0.7 * Math.abs(v - 0.5), "frac"));
      if (c.known || P.given[k] >= 0)
        c.s.push(text(x + z / 2, y + z / 2, P.given[k] >= 0 ? P.given[k]
                      : isFrac(v) ? fmtShort(v) : Math.round(v), z * (isFrac(v) ? 0.35 : 0.55),
                      P.given[k] >= 0 ? ' font-weight="bold"' : ' fill="' + ONE_FILL + '"'));
      c.mark(P.x[k], x, y, z, z);
    }
    gridLines(c.s, P.rows, P.cols, z, 0, 0);
    return [P.cols * z, P.rows * z];
  },

  kenken: function (P, c) {
    var z = cellSize(P.rows, P.cols), first = {};
    gridLines(c.s, P.rows, P.cols, z, 0, 0);
    for (var k = 0; k < P.rows * P.cols; k++) {
      var x = (k % P.cols) * z, y = Math.floor(k / P.cols) * z;
      digitCell(c, P, k, x, y, z);
      if (first[P.cage[k]] === undefined) {
        first[P.cage[k]] = k;
        c.s.push('<text class="clue" x="' + (x + 2) + '" y="' + (y + z * 0.27) +
                 '" font-size="' + (z * 0.26).toFixed(1) + '">' +
                 esc(P.clue[P.cage[k]].replace("*", "\u00d7").replace("/", "\u00f7")) + '</text>');
      }
    }
    regionBorders(c.s, P.rows, P.cols, P.cage, z, 0, 0);
    return [P.cols * z, P.rows * z];
  },

  monodot: function (P, c) {
    var z = cellSize(P.rows, P.cols);
    gridLines(c.s, P.rows, P.cols, z, 0, 0);
    for (var k = 0; k < P.rows * P.cols; k++) {
      var x = (k % P.cols) * z, y = Math.floor(k / P.cols) * z, sum = 0, best = 0, bv = 0;
      for (var t = 0; t < P.depth; t++) {
        var v = c.v(P.x[k * P.depth + t]);
        sum += v;
        if (v > bv) { bv = v; best = t + 1; }
        c.mark(P.x[k * P.depth + t], x, y, z, z);
      }
      if (sum <= TOL_PIC) continue;
      var frac = isFrac(sum) || isFrac(bv);
      c.s.push(disc(x, y, z, frac ? FRAC_FILL : ONE_FILL, Math.min(1, sum), frac ? "frac dot" : "one dot"));
      c.s.push(text(x + z / 2, y + z / 2, best, z * 0.4, ' fill="#fff" class="degree"'));
    }
    return [P.cols * z, P.rows * z];
  },

  match22: function (P, c) { return rotTiles(P, c, false); },
  infinityloop: function (P, c) { return rotTiles(P, c, true); },

  flowfree: function (P, c) {
    var z = cellSize(P.rows, P.cols), n = P.sym.length;
    gridLines(c.s, P.rows, P.cols, z, 0, 0);
    /* colorflow's arcs have no colour: each is drawn (and marked) once */
    if (P.stride === 1) fractionalArcs(c, P, function (k) { return P.x[k]; }, z, 0, 0);
    for (var q = 0; q < n; q++) {
      var col = P.stride > 1 ? function (k) { return P.x[k * P.stride + q]; }
                             : function (k) { return P.x[k]; };
      if (P.stride > 1) fractionalArcs(c, P, col, z, 0, 0);
      var path = follow(c, P, P.src[q], col);
      if (path.length > 1)
        c.s.push(polyline(path.map(function (cell) { return centre(P, cell, z, 0, 0); }),
                          "flow", hue(q, n), (z * 0.3).toFixed(1),
                          ' data-colour="' + q + '" data-cells="' + path.join(",") + '"'));
    }
    for (var k = 0; k < P.dot.length; k++)
      if (P.dot[k] >= 0) {
        var p = centre(P, k, z, 0, 0);
        c.s.push('<circle class="dot" cx="' + p[0] + '" cy="' + p[1] + '" r="' +
                 (z * 0.36).toFixed(1) + '" fill="' + hue(P.dot[k], n) + '"/>');
        c.s.push(text(p[0], p[1], P.sym[P.dot[k]], z * 0.4, ' fill="#fff"'));
      }
    return [P.cols * z, P.rows * z];
  },

  slider: function (P, c) {
    var z = cellSize(P.rows, P.cols), col = function (k) { return P.x[k]; };
    for (var k = 0; k < P.rows * P.cols; k++)
      if (!P.clear[k])
        c.s.push('<rect class="obstacle" x="' + (k % P.cols) * z + '" y="' +
                 Math.floor(k / P.cols) * z + '" width="' + z + '" height="' + z + '" fill="#555"/>');
    gridLines(c.s, P.rows, P.cols, z, 0, 0);
    [[P.start, "S"], [P.target, "T"]].forEach(function (e) {
      var p = centre(P, e[0], z, 0, 0);
      c.s.push(text(p[0], p[1], e[1], z * 0.6, ' font-weight="bold" class="end"'));
    });
    fractionalArcs(c, P, col, z, 0, 0);
    for (k = 0; k < P.from.length; k++)
      if (c.v(P.x[k]) > 1 - TOL_PIC) {
        var a = centre(P, P.from[k], z, 0, 0), b = centre(P, P.to[k], z, 0, 0);
        c.s.push('<line class="move" ' + seg(a[0], a[1], b[0], b[1]) + ' stroke="' +
                 ONE_FILL + '" stroke-width="2.5" marker-end="url(#arrow)"/>');
      }
    return [P.cols * z, P.rows * z];
  },

  knight: function (P, c) {
    var z = cellSize(P.rows, P.cols), col = function (k) { return P.x[k]; };
    for (var k = 0; k < P.rows * P.cols; k++) {
      var r = Math.floor(k / P.cols), x = (k % P.cols) * z, y = r * z;
      c.s.push('<rect class="square" x="' + x + '" y="' + y + '" width="' + z + '" height="' + z +
               '" fill="' + (!P.ok[k] ? "#555" : (r + k % P.cols) % 2 ? "#d8c3a5" : "#f6eee3") + '"/>');
    }
    fractionalArcs(c, P, col, z, 0, 0);
    var path = follow(c, P, P.start, col);
    c.s.push(polyline(path.map(function (cell) { return centre(P, cell, z, 0, 0); }),
                      "tour", ONE_FILL, 1.5, ' stroke-opacity="0.6" data-cells="' + path.join(",") + '"'));
    path.forEach(function (cell, i) {
      if (i && cell === P.start) return;   /* a closed tour's return */
      var p = centre(P, cell, z, 0, 0);
      c.s.push(text(p[0], p[1], i + 1, z * 0.42, ' class="step" font-weight="bold"'));
    });
    return [P.cols * z, P.rows * z];
  },

  v3ck: function (P, c) {
    var W = PIC_WIDTH, R = W / 2 - 20, n = P.nodes, C = P.colors, at = [];
    for (var i = 0; i < n; i++) {
      var a = 2 * Math.PI * i / n - Math.PI / 2;
      at.push([W / 2 + R * Math.cos(a), W / 2 + R * Math.sin(a)]);
    }
    for (var e = 0; e < P.edge.length / 2; e++) {
      var p = at[P.edge[2 * e]], q = at[P.edge[2 * e + 1]], best = -1, bv = 0;
      for (var k = 0; k < C; k++) {
        var v = c.v(P.x[e * C + k]);
        if (v > bv) { bv = v; best = k; }
        c.markLine(P.x[e * C + k], p[0], p[1], q[0], q[1]);
      }
      var frac = isFrac(bv);
      c.s.push('<line class="edge' + (frac ? " frac" : "") + '" data-colour="' + best + '" ' +
               seg(p[0], p[1], q[0], q[1]) + ' stroke="' + (best < 0 ? "#bbb" : hue(best, C)) +
               '" stroke-width="3"' + (frac ? ' stroke-dasharray="5,3"' : "") + '/>');
    }
    at.forEach(function (p, i) {
      c.s.push('<circle class="node" cx="' + p[0].toFixed(1) + '" cy="' + p[1].toFixed(1) +
               '" r="10" fill="#fff" stroke="#333"/>');
      c.s.push(text(p[0], p[1], i + 1, 10));
    });
    return [W, W];
  },

  circuit: function (P, c) {
    var n = P.op.length, level = [], rows = [], place = [];
    var lev = function (i) {
      if (level[i] !== undefined) return level[i];
      level[i] = 0;   /* a guard against a cycle while it is computed */
      level[i] = P.op[i] === "in" ? 0 : 1 + Math.max(lev(P.p[i]),
                                                     P.op[i] === "not" ? 0 : lev(P.q[i]));
      return level[i];
    };
    for (var i = 1; i < n; i++)
      if (P.op[i]) {
        var l = lev(i);
        rows[l] = (rows[l] || 0) + 1;
        place[i] = [l, rows[l] - 1];
      }
    var deep = rows.length, tall = Math.max.apply(null, rows);
    var bw = Math.min(44, PIC_WIDTH / deep - 12), bh = Math.min(24, 400 / tall - 6),
        gx = PIC_WIDTH / deep, gy = bh + 8;
    var box = function (i) { return [place[i][0] * gx + 4, place[i][1] * gy + 4]; };
    for (i = 1; i < n; i++)
      if (P.op[i] && P.op[i] !== "in")
        (P.op[i] === "not" ? [P.p[i]] : [P.p[i], P.q[i]]).forEach(function (u, k, all) {
          var a = box(u), b = box(i);
          c.s.push('<line class="wire" ' + seg(a[0] + bw, a[1] + bh / 2, b[0],
                   b[1] + bh * (k + 1) / (all.length + 1)) + ' stroke="#888"/>');
        });
    for (i = 1; i < n; i++) {
      if (!P.op[i]) continue;
      var b = box(i), v = c.v(P.x[i]), frac = isFrac(v);
      c.s.push('<rect class="gate" x="' + b[0] + '" y="' + b[1] + '" width="' + bw +
               '" height="' + bh + '" rx="4" fill="' + (frac ? FRAC_FILL : v > 0.5 ? "#8fd18f" : "#fff") +
               '" stroke="#333" stroke-width="' + (i === P.output ? 3 : 1) + '"/>');
      var label = P.op[i] === "in" ? i + (P.init[i] ? " on" : " off") : i + " " + P.op[i];
      c.s.push(text(b[0] + bw / 2, b[1] + bh / 2, label, Math.min(10, bh * 0.45)));
      c.mark(P.x[i], b[0], b[1], bw, bh);
    }
    return [PIC_WIDTH, tall * gy + 8];
  },

  /* One block per set against the key set, as many side by side as fit
   * with cells of at least LG_MIN_CELL pixels, then the next row. */
  logicgrid: function (P, c) {
    var m = P.size, S = P.sets, lab = 56, head = 60, LG_MIN_CELL = 11;
    var across = Math.max(1, Math.min(S - 1, Math.floor((PIC_WIDTH - lab) / ((m + 1) * LG_MIN_CELL))));
    var z = Math.min(16, (PIC_WIDTH - lab) / (across * (m + 1) - 1));
    var bandH = head + m * z + 8;
    for (var s = 1; s < S; s++) {
      var bx = lab + ((s - 1) % across) * (m + 1) * z,
          y0 = Math.floor((s - 1) / across) * bandH + head;
      c.s.push(text(bx + m * z / 2, y0 - head + 8, P.set[s], 9, ' class="set"'));
      for (var j = 0; j < m; j++)
        c.s.push('<text x="' + (bx + (j + 0.7) * z).toFixed(1) + '" y="' + (y0 - 3) +
                 '" font-size="8" transform="rotate(-60 ' + (bx + (j + 0.7) * z).toFixed(1) +
                 ' ' + (y0 - 3) + ')">' + esc(P.value[s * m + j].slice(0, 12)) + '</text>');
      for (var i = 0; i < m; i++)
        for (j = 0; j < m; j++) {
          var col = P.x[(s * m + i) * m + j], x = bx + j * z, y = y0 + i * z;
          c.s.push('<rect class="cell" x="' + x.toFixed(1) + '" y="' + y.toFixed(1) + '" width="' +
                   z.toFixed(1) + '" height="' + z.toFixed(1) + '" fill="#fff" stroke="#bbb" stroke-width="0.6"/>');
          fillCell(c, col, x, y, z, disc);
          c.mark(col, x, y, z, z);
        }
      c.s.push('<rect x="' + bx.toFixed(1) + '" y="' + y0 + '" width="' + (m * z).toFixed(1) +
               '" height="' + (m * z).toFixed(1) + '" fill="none" stroke="#111" stroke-width="1.5"/>');
      if ((s - 1) % across === 0)   /* the key values before each row of blocks */
        for (i = 0; i < m; i++)
          c.s.push('<text x="2" y="' + (y0 + (i + 0.7) * z).toFixed(1) + '" font-size="8">' +
                   esc(P.value[i].slice(0, 12)) + '</text>');
    }
    return [lab + (across * (m + 1) - 1) * z + 2, Math.ceil((S - 1) / across) * bandH];
  }
};

/* Match 22's disks and Infinity Loop's tiles: tile i turned left j
 * times shows on side h the value sides[4i + (h - j) mod 4]. A disk is
 * drawn turned as its largest x says (dashed when that is a fraction);
 * a loop tile draws each turning's arms with its value as opacity. */
function rotTiles(P, c, arms) {
  var z = cellSize(P.rows, P.cols), ends = [[0.5, 0], [0, 0.5], [0.5, 1], [1, 0.5]];
  gridLines(c.s, P.rows, P.cols, z, 0, 0);
  for (var i = 0; i < P.cell.length; i++) {
    var x = (P.cell[i] % P.cols) * z, y = Math.floor(P.cell[i] / P.cols) * z, best = 0, bv = -1;
    for (var j = 0; j < 4; j++) {
      var v = c.v(P.x[4 * i + j]);
      if (v > bv) { bv = v; best = j; }
      c.mark(P.x[4 * i + j], x, y, z, z);
      if (!arms || v <= TOL_PIC) continue;
      for (var h = 0; h < 4; h++)
        if (P.sides[4 * i + ((h - j) % 4 + 4) % 4])
          c.s.push('<line class="arm' + (isFrac(v) ? " frac" : "") + '" ' +
                   seg(x + z / 2, y + z / 2, x + ends[h][0] * z, y + ends[h][1] * z) +
                   ' stroke="' + (isFrac(v) ? FRAC_FILL : ONE_FILL) + '" stroke-opacity="' +
                   v.toFixed(2) + '" stroke-width="' + (z * 0.18).toFixed(1) + '" stroke-linecap="round"/>');
    }
    if (arms) continue;
    var cx = x + z / 2, cy = y + z / 2, r = z * 0.44;
    var corner = [[-1, -1], [-1, 1], [1, 1], [1, -1], [-1, -1]];   /* TL BL BR TR */
    for (h = 0; h < 4; h++) {   /* top: TR..TL, left: TL..BL, ... */
      var p = corner[h === 0 ? 3 : h - 1], q = corner[h === 0 ? 4 : h];
      var colour = P.sides[4 * i + ((h - best) % 4 + 4) % 4];
      c.s.push('<path class="sector" d="M' + cx + ',' + cy + ' L' + (cx + p[0] * r * 0.7071).toFixed(1) +
               ',' + (cy + p[1] * r * 0.7071).toFixed(1) + ' A' + r + ',' + r + ' 0 0,0 ' +
               (cx + q[0] * r * 0.7071).toFixed(1) + ',' + (cy + q[1] * r * 0.7071).toFixed(1) +
               ' Z" fill="' + hue(colour - 1, 9) + '"/>');
    }
    c.s.push('<circle class="disk' + (isFrac(bv) ? " frac" : "") + '" cx="' + cx + '" cy="' + cy +
             '" r="' + r.toFixed(1) + '" fill="none" stroke="' + (isFrac(bv) ? FRAC_FILL : "#333") +
             '" stroke-width="' + (isFrac(bv) ? 3 : 1) + '"' +
             (isFrac(bv) ? ' stroke-dasharray="4,2"' : "") + '/>');
  }
  return [P.cols * z, P.rows * z];
}

function fmtShort(v) { return (Math.round(v * 100) / 100).toString(); }

/* The puzzle panel of node id: an SVG drawn by the kind's drawer. */
function picture(id) {
  var P = BNB.picture, draw = PICTURE_DRAWERS[P.kind], c = pictureContext(id);
  var div = el("div", {"class": "picture", "data-kind": P.kind});
  div.appendChild(el("h4", {}, "the puzzle at this node (blue: 1, orange: a " +
      "fraction; red frame: branched on here, dashed: the bound that made " +
      "the node)" + (c.found ? "; the solution " + BNB.bestBy + " found here"
                     : c.known ? "" : "; no LP point kept")));
  if (!draw) return div;
  var size = draw(P, c);
  div.insertAdjacentHTML("beforeend", '<svg id="picture" xmlns="http://www.w3.org/2000/svg" ' +
      'width="' + Math.ceil(size[0] + 8) + '" height="' + Math.ceil(size[1] + 8) +
      '" viewBox="-4 -4 ' + Math.ceil(size[0] + 8) + ' ' + Math.ceil(size[1] + 8) + '">' +
      '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" ' +
      'markerHeight="5" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="' + ONE_FILL +
      '"/></marker></defs>' + c.s.join("") + '</svg>');
  return div;
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

/* The canvas takes its box's size (a resized canvas is blank). */
function sizeCanvas() {
  var box = document.getElementById("tree");
  canvas.width = box.clientWidth;
  canvas.height = box.clientHeight;
}

function resize() {
  sizeCanvas();
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
  sizeCanvas();
  fit();   /* the first drawing */
  plot();
  interact();
  window.addEventListener("resize", resize);
  if (location.hash === "#selftest") selftest();
  var m = /^#node=(\d+)$/.exec(location.hash);   /* a link to a node */
  if (m && +m[1] < N) showNode(+m[1]);
}

if (N > 0) main();
else document.body.textContent = "no node was solved";
