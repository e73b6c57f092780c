/*
 * viewer.js -- the search viewer of bnb --html: the branch-and-bound tree
 * drawn top-down on a canvas (only what is in view, so large trees stay
 * fast), zoom with the wheel, pan by dragging, click a node for its
 * story, play the search node by node with the incumbent and best bound
 * plotted against nodes. Reads the global BNB written by cli/html.c.
 * No library, no network.
 */
"use strict";

var OUT_FILL = ["#ffffff", "#dbe9f6", "#d9d9d9", "#f4b6b6", "#fff2a8",
                "#c8ecc8", "#f4b6b6"];
var OUT_NAME = ["left open", "branched", "pruned by bound", "infeasible",
                "integral, not better", "an incumbent, later beaten",
                "LP unbounded"];
var BEST_FILL = "#3caa3c";
var LP_STATUS = ["optimal", "infeasible", "unbounded", "stopped early",
                 "limit", "numerical failure"];
var RULES = ["most fractional", "first fractional", "pseudocost", "auto"];
/* Values this close to 0 are the simplex's rounding noise, not shown. */
var TOL_ZERO = 1e-9;
var BOX_W = 80, BOX_H = 30, STEP_X = 92, STEP_Y = 60;

var N = BNB.parent.length;
var view = {scale: 1, tx: 20, ty: 20};
var shown = N;                 /* nodes revealed (the play button)       */
var selected = -1;
var collapsed = new Uint8Array(N);
var X = new Float64Array(N), DEPTH = new Int32Array(N);
var FIRST = new Int32Array(N), NEXT = new Int32Array(N);
var canvas, ctx, details, playTimer = null;

function el(tag, attrs, text) {
  var e = document.createElement(tag);
  for (var k in attrs || {}) e.setAttribute(k, attrs[k]);
  if (text !== undefined) e.textContent = text;
  return e;
}

function fmt(v) {
  if (v === null || v === undefined) return "none";
  if (Math.abs(v) >= 1e300) return v < 0 ? "-inf" : "inf";
  return String(+v.toPrecision(10));
}

function name(j) { return j >= 0 ? BNB.names[j] : "?"; }

function change(id) {
  return name(BNB.col[id]) + (BNB.dir[id] < 0 ? " <= " : " >= ") +
      fmt(BNB.bound[id]);
}

/* ---- layout: leaves side by side depth first, parents centred ------- */

function buildChildren() {
  FIRST.fill(-1);
  for (var id = N - 1; id > 0; id--) {
    var p = BNB.parent[id];
    if (p < 0) continue;
    NEXT[id] = FIRST[p];
    FIRST[p] = id;
  }
}

function layout() {
  var stack = [0], leaves = 0;
  DEPTH[0] = 0;
  while (stack.length) {
    var id = stack.pop();
    if (FIRST[id] < 0 || collapsed[id]) { X[id] = leaves++; continue; }
    var kids = [];
    for (var c = FIRST[id]; c >= 0; c = NEXT[c]) {
      DEPTH[c] = DEPTH[id] + 1;
      kids.push(c);
    }
    for (var k = kids.length - 1; k >= 0; k--) stack.push(kids[k]);
  }
  for (var i = N - 1; i >= 0; i--) {
    if (FIRST[i] < 0 || collapsed[i] || hidden(i)) continue;
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

/* ---- drawing -------------------------------------------------------- */

function sx(id) { return X[id] * STEP_X * view.scale + view.tx; }
function sy(id) { return DEPTH[id] * STEP_Y * view.scale + view.ty; }

function label(id) {
  var lines = [String(id)];
  var st = BNB.lpStatus[id];
  if (st === 3 && BNB.iters[id] === 0) lines.push("not solved");
  else if (st === 1 || BNB.propagated[id] < 0) lines.push("infeasible");
  else if (st === 0 || st === 3) lines.push("z = " + fmt(BNB.obj[id]));
  if (id === BNB.best && BNB.bestBy) lines.push("best solution here");
  else if (BNB.out[id] === 1) lines.push(name(BNB.bcol[id]));
  else if (id === BNB.best) lines.push("best solution");
  return lines;
}

function draw() {
  var w = canvas.width, h = canvas.height, s = view.scale;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, w, h);
  var bw = BOX_W * s, bh = BOX_H * s, skipHidden = collapsed.some(Boolean);
  var visible = [];
  for (var id = 0; id < shown; id++) {
    var x = sx(id), y = sy(id);
    var p = BNB.parent[id];
    var inView = x > -bw && x < w + bw && y > -bh && y < h + bh;
    var pIn = p >= 0 && sx(p) > -bw && sx(p) < w + bw && sy(p) > -bh &&
        sy(p) < h + bh;
    if ((!inView && !pIn) || (skipHidden && hidden(id))) continue;
    if (p >= 0) {
      ctx.beginPath();
      ctx.strokeStyle = "#888";
      ctx.moveTo(sx(p), sy(p) + bh / 2);
      ctx.lineTo(x, y - bh / 2);
      ctx.stroke();
    }
    if (inView) visible.push(id);
  }
  var text = bw > 50;
  ctx.font = "10px Helvetica, Arial, sans-serif";
  ctx.textAlign = "center";
  for (var k = 0; k < visible.length; k++) {
    var i = visible[k], cx = sx(i), cy = sy(i);
    var best = i === BNB.best;
    ctx.fillStyle = best ? BEST_FILL : OUT_FILL[BNB.out[i]];
    ctx.strokeStyle = i === selected ? "#d40" : "#333";
    ctx.lineWidth = i === selected || best ? 3 : 1;
    ctx.setLineDash(BNB.out[i] === 0 ? [4, 3] : []);
    ctx.fillRect(cx - bw / 2, cy - bh / 2, bw, bh);
    if (bw > 3) ctx.strokeRect(cx - bw / 2, cy - bh / 2, bw, bh);
    ctx.setLineDash([]);
    ctx.lineWidth = 1;
    if (collapsed[i]) {
      ctx.fillStyle = "#333";
      ctx.fillText("+", cx, cy + bh / 2 + 10);
    }
    if (!text) continue;
    var lines = label(i);
    ctx.fillStyle = best ? "white" : "#111";
    for (var l = 0; l < lines.length; l++)
      ctx.fillText(lines[l].slice(0, 14), cx,
                   cy - bh / 2 + 10 + l * 10);
  }
}

function fit() {
  var maxX = 0, maxD = 0;
  for (var id = 0; id < N; id++) {
    if (X[id] > maxX) maxX = X[id];
    if (DEPTH[id] > maxD) maxD = DEPTH[id];
  }
  var sw = (canvas.width - 40) / ((maxX + 1) * STEP_X);
  var sh = (canvas.height - 40) / ((maxD + 1) * STEP_Y);
  view.scale = Math.min(1.5, Math.max(1e-4, Math.min(sw, sh)));
  view.tx = 20 + BOX_W * view.scale / 2;
  view.ty = 20 + BOX_H * view.scale / 2;
  draw();
}

function centreOn(id) {
  view.scale = Math.max(view.scale, 1);
  view.tx = canvas.width / 2 - X[id] * STEP_X * view.scale;
  view.ty = canvas.height / 3 - DEPTH[id] * STEP_Y * view.scale;
  draw();
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
      (BNB.why[id] >= 0 ? "; " + BNB.whys[BNB.why[id]] : "");
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

function showNode(id) {
  selected = id;
  details.textContent = "";
  details.appendChild(el("h3", {id: "node-title"}, "node " + id +
      (BNB.parent[id] >= 0 ? " (parent " + BNB.parent[id] + ", depth " +
       DEPTH[id] + ")" : " (root)")));
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
        ? ": z = " + fmt(BNB.obj[id]) : "") + ", " + BNB.iters[id] +
        (BNB.iters[id] === 1 ? " iteration" : " iterations"));
  if (BNB.nfrac[id] > 0)
    lp.push(BNB.nfrac[id] + (BNB.nfrac[id] === 1 ? " fractional column"
                                                   : " fractional columns"));
  section("LP relaxation", lp.length ? lp : ["not solved"]);
  var pt = el("div", {"class": "point"});
  if (BNB.xAt[id] >= 0) {
    var parts = [], more = 0;
    for (var k = 0; k < BNB.xLen[id]; k++) {
      var v = BNB.xval[BNB.xAt[id] + k];
      if (Math.abs(v) <= TOL_ZERO) continue;   /* rounding noise */
      if (parts.length < 400)
        parts.push(name(BNB.xcol[BNB.xAt[id] + k]) + "=" + fmt(v));
      else
        more++;
    }
    if (more) parts.push("... " + more + " more");
    pt.textContent = parts.length ? parts.join("  ") : "every column 0";
  } else
    pt.textContent = BNB.lpStatus[id] === 0
        ? "(not kept: the page stores points up to its budget)" : "none";
  if (BNB.grid[id] >= 0) {
    details.appendChild(el("h4", {}, "the LP point on the grid (* 1, . 0, " +
                           "a digit: tenths; {19}: digits kept above 0)"));
    details.appendChild(el("pre", {"class": "grid"},
                           BNB.grids[BNB.grid[id]]));
  }
  details.appendChild(el("h4", {}, "nonzero column values"));
  details.appendChild(pt);
  section(BNB.out[id] === 1 ? "branching" : "outcome",
          BNB.out[id] === 1 ? branchItems(id) : [prunedText(id)]);
  if (id === BNB.best && BNB.bestBy)
    section("the solution", [BNB.bestBy + " found the best solution here, " +
                             "z = " + fmt(BNB.objective)]);
  section("after the node", ["open nodes " + BNB.open[id] +
      ", best bound " + fmt(BNB.bestBound[id])]);
  var b = el("button", {}, collapsed[id] ? "expand subtree"
                                         : "collapse subtree");
  b.onclick = function () {
    collapsed[id] = collapsed[id] ? 0 : 1;
    layout();
    showNode(id);
  };
  if (FIRST[id] >= 0) details.appendChild(b);
  draw();
}

/* The node under screen point (x, y), or -1. */
function nodeAt(x, y) {
  var bw = BOX_W * view.scale / 2 + 2, bh = BOX_H * view.scale / 2 + 2;
  var any = collapsed.some(Boolean);
  for (var id = 0; id < shown; id++)
    if (Math.abs(sx(id) - x) <= bw && Math.abs(sy(id) - y) <= bh &&
        !(any && hidden(id)))
      return id;
  return -1;
}

/* ---- the plot: incumbent and best bound against nodes --------------- */

function plot() {
  var box = document.getElementById("plot");
  var W = box.clientWidth || 800, H = box.clientHeight || 160;
  var inc = [], bnd = [], cur = null, lo = Infinity, hi = -Infinity;
  for (var i = 0; i < N; i++) {
    if (BNB.out[i] === 5) cur = BNB.obj[i];
    var b = BNB.bestBound[i];
    b = b !== null && Math.abs(b) < 1e300 ? b : null;
    inc.push(cur);
    bnd.push(b);
    [cur, b].forEach(function (v) {
      if (v !== null) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
    });
  }
  if (!(lo <= hi)) { lo = 0; hi = 1; }
  if (hi - lo < 1e-9) { lo -= 1; hi += 1; }
  var px = function (i) { return 40 + (W - 50) * i / Math.max(1, N - 1); };
  var py = function (v) { return H - 20 - (H - 35) * (v - lo) / (hi - lo); };
  var step = Math.max(1, Math.floor(N / 1500));
  function line(vals, colour) {
    var d = "";
    for (var i = 0; i < N; i += step)
      if (vals[i] !== null) d += (d ? " L" : "M") + px(i).toFixed(1) + " " +
          py(vals[i]).toFixed(1);
    return '<path d="' + d + '" fill="none" stroke="' + colour +
        '" stroke-width="1.5"/>';
  }
  box.innerHTML = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ' +
      W + " " + H + '">' + line(inc, "#2a8a2a") + line(bnd, "#2a5db0") +
      '<line id="cursor" x1="' + px(shown - 1) + '" x2="' + px(shown - 1) +
      '" y1="10" y2="' + (H - 20) + '" stroke="#d40"/>' +
      '<text x="40" y="12" font-size="11">incumbent (green) and best bound ' +
      '(blue) after each node; ' + fmt(lo) + " .. " + fmt(hi) + "</text>" +
      '<text x="40" y="' + (H - 5) + '" font-size="11">node 0</text>' +
      '<text x="' + (W - 10) + '" y="' + (H - 5) +
      '" font-size="11" text-anchor="end">node ' + (N - 1) + "</text></svg>";
}

function setShown(k) {
  shown = Math.max(1, Math.min(N, k));
  document.getElementById("playpos").textContent = shown + " / " + N;
  var c = document.getElementById("cursor");
  if (c) {
    var W = document.getElementById("plot").clientWidth || 800;
    var x = 40 + (W - 50) * (shown - 1) / Math.max(1, N - 1);
    c.setAttribute("x1", x);
    c.setAttribute("x2", x);
  }
  draw();
}

function play() {
  if (playTimer) { clearInterval(playTimer); playTimer = null; return; }
  if (shown >= N) setShown(1);
  var step = Math.max(1, Math.round(N / 400));
  playTimer = setInterval(function () {
    setShown(shown + step);
    if (shown >= N) { clearInterval(playTimer); playTimer = null; }
  }, 40);
}

/* ---- the page -------------------------------------------------------- */

function bar() {
  var b = el("div", {id: "bar"});
  b.appendChild(el("b", {}, BNB.title));
  var s = el("span", {}, BNB.status + (BNB.objective !== null
      ? ", objective " + fmt(BNB.objective) : "") + ", ");
  s.appendChild(el("span", {id: "nodecount"}, String(BNB.nodes)));
  s.appendChild(document.createTextNode(BNB.nodes === 1 ? " node"
                                                        : " nodes"));
  b.appendChild(s);
  var buttons = [["play / pause", play], ["fit", fit],
                 ["path to the optimum", function () {
                   if (BNB.best >= 0) { centreOn(BNB.best);
                                        showNode(BNB.best); } }]];
  buttons.forEach(function (x) {
    var btn = el("button", {}, x[0]);
    btn.onclick = x[1];
    b.appendChild(btn);
  });
  b.appendChild(el("span", {id: "playpos"}, N + " / " + N));
  var jump = el("input", {id: "jump", placeholder: "node id"});
  jump.onchange = function () {
    var id = parseInt(jump.value, 10);
    if (id >= 0 && id < N) { centreOn(id); showNode(id); }
  };
  b.appendChild(jump);
  var lg = el("span", {"class": "legend"});
  OUT_NAME.forEach(function (t, k) {
    var sw = el("span");
    sw.style.background = OUT_FILL[k];
    lg.appendChild(sw);
    lg.appendChild(document.createTextNode(t));
  });
  var sw = el("span");
  sw.style.background = BEST_FILL;
  lg.appendChild(sw);
  lg.appendChild(document.createTextNode("the solution"));
  b.appendChild(lg);
  return b;
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
    view.scale *= f;
    draw();
  }, {passive: false});
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
  details = el("div", {id: "details"}, "click a node");
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
