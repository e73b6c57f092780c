// page.js -- the browser page of bnb: choose or type a model or puzzle,
// solve it in a Web Worker with the WebAssembly build of the very program
// the command line runs, and show its trace, tableau and search viewer.
// BNB_JS and BNB_WASM (the WebAssembly build: its JavaScript and, in
// base64, its module), WORKER_JS, VIEWER_JS and VIEWER_CSS
// (the search viewer of --html) and EXAMPLES ({group, file, text}) are
// put in by web/make_page.py; nothing is fetched.
"use strict";

const $ = (id) => document.getElementById(id);
let worker = null;              // the worker of the running solve
let spare = null;               // the next one, started and waiting
let workerUrl = null;
let compiled = null;            // the module, compiled once: a promise
let lastFiles = {};
let eventsText = [];            // the event stream of the last solve
let started = 0;

// ---- examples -------------------------------------------------------
function fillExamples() {
  const sel = $("example");
  const groups = {};
  for (const [k, ex] of EXAMPLES.entries()) {
    if (!groups[ex.group]) {
      groups[ex.group] = document.createElement("optgroup");
      groups[ex.group].label = ex.group;
      sel.appendChild(groups[ex.group]);
    }
    const o = document.createElement("option");
    o.value = k;
    o.textContent = ex.file;
    groups[ex.group].appendChild(o);
  }
  sel.onchange = () => loadExample(+sel.value);
  loadExample(0);
}

function loadExample(k) {
  $("model").value = EXAMPLES[k].text;
  $("format").value = "auto";
}

// ---- the command line of a solve -----------------------------------
// The format the program should read: bnb tells it by the file name.
function formatOf(text) {
  const f = $("format").value;
  if (f !== "auto") return f;
  for (const line of text.split("\n")) {
    const t = line.trim();
    if (t === "" || t[0] === "*" || t[0] === "\\" || t[0] === "#") continue;
    if (/^puzzle\s*:/i.test(t)) return "txt";
    if (/^(NAME|ROWS|OBJSENSE)\b/.test(t)) return "mps";
    return "lp";
  }
  return "lp";
}

function commandLine(input) {
  const args = ["--no-progress"];
  const mode = $("mode").value;
  if (mode === "textbook") args.push("--textbook");
  if (mode === "lponly") args.push("--lp-only");
  if ($("branch").value) args.push("--branch", $("branch").value);
  if ($("nodesel").value) args.push("--node-select", $("nodesel").value);
  const limit = parseFloat($("timelimit").value);
  if (limit > 0) args.push("--time-limit", String(limit));
  if ($("trace").checked) args.push($("pivots").checked ? "--trace=lp" : "--trace");
  if ($("tableau").checked) args.push("--tableau");
  if ($("viewer").checked && mode !== "lponly") args.push("--html", "/out/viewer.html");
  args.push("--events", "/dev/events", "--write-lp", "/out/model.lp",
            "--write-mps", "/out/model.mps", input);
  return args;
}

// ---- the search viewer, live ------------------------------------------
// While the search runs, the page keeps the data the viewer reads (the
// BNB object that bnb --html writes) from the event stream, and shows it
// in the viewer's own page every half second; at the end the program's
// --html page, which also carries the LP points and the plane, takes its
// place.
const LP_STATUS = {optimal: 0, infeasible: 1, unbounded: 2, cutoff: 3, limit: 4, numeric: 5};
const OUTCOME = {infeasible: 3, bound: 2, integral: 4, unbounded: 6};
const INF = 1e308;
// The LP points the live page keeps (nonzeros, as bnb --html's budget).
const LIVE_POINT_BUDGET = 300000;

function num(v) {
  if (v === "inf") return INF;
  if (v === "-inf") return -INF;
  return v === null || v === undefined ? null : v;
}

class LiveTree {
  constructor() {
    this.names = [];
    this.index = new Map();
    this.data = {title: "", sense: "min", status: "running", nodes: 0, best: -1,
                 bestBy: "", objective: null, hasObjective: true, names: this.names,
                 xcol: [], xval: [], changes: [], grids: [], whys: [],
                 pointBudget: LIVE_POINT_BUDGET};
    for (const k of ["parent", "col", "dir", "bound", "lpStatus", "obj", "nodeBound",
                     "iters", "propagated", "nfrac", "out", "bcol", "value", "rule",
                     "score", "runner", "runnerScore", "penDown", "penUp", "incumbent",
                     "bestBound", "open", "xAt", "xLen", "chAt", "chLen", "chCount",
                     "grid", "why"])
      this.data[k] = [];
    this.changed = false;
  }

  col(name) {
    if (name === null || name === undefined) return -1;
    if (!this.index.has(name)) {
      this.index.set(name, this.names.length);
      this.names.push(name);
    }
    return this.index.get(name);
  }

  node(id) {
    const d = this.data;
    while (d.parent.length <= id) {
      const defaults = {parent: -1, col: -1, dir: 0, bound: null, lpStatus: -1, obj: null,
                        nodeBound: null, iters: 0, propagated: 0, nfrac: 0, out: 0, bcol: -1,
                        value: null, rule: 0, score: null, runner: -1, runnerScore: null,
                        penDown: 0, penUp: 0, incumbent: null, bestBound: null, open: 0,
                        xAt: -1, xLen: 0, chAt: -1, chLen: 0, chCount: 0, grid: -1, why: -1};
      for (const k in defaults) d[k].push(defaults[k]);
    }
    return id;
  }

  // Keeps node i's LP point (pairs [name, value]) while within budget.
  point(i, x) {
    const d = this.data;
    if (d.xcol.length + x.length > LIVE_POINT_BUDGET) return;
    d.xAt[i] = d.xcol.length;
    d.xLen[i] = x.length;
    for (const [name, v] of x) {
      d.xcol.push(this.col(name));
      d.xval.push(num(v));
    }
  }

  take(e) {
    const d = this.data;
    this.changed = true;
    switch (e.ev) {
    case "model":
      d.title = e.name;
      d.sense = e.sense;
      // a puzzle's stream names its columns in order and carries its
      // picture, which refers to columns by index
      for (const name of e.names || []) this.col(name);
      if (e.picture) d.picture = e.picture;
      break;
    case "node_start": {
      const i = this.node(e.node);
      d.parent[i] = e.parent;
      d.col[i] = this.col(e.col);
      d.dir[i] = e.dir;
      d.bound[i] = num(e.bound);
      d.nodeBound[i] = num(e.node_bound);
      d.nodes = Math.max(d.nodes, i + 1);
      break;
    }
    case "propagated":
      d.propagated[this.node(e.node)] = e.propagated;
      break;
    case "node": {
      const i = this.node(e.node);
      d.lpStatus[i] = LP_STATUS[e.status] ?? 5;
      d.obj[i] = num(e.obj);
      d.iters[i] = e.iters;
      d.propagated[i] = e.propagated;
      d.nfrac[i] = e.nfrac;
      if (e.status === "optimal") this.point(i, e.x || []);
      break;
    }
    case "branch": {
      const i = this.node(e.node);
      d.out[i] = 1;
      d.bcol[i] = this.col(e.col);
      d.value[i] = num(e.value);
      d.rule[i] = e.rule;
      d.score[i] = num(e.score);
      d.runner[i] = this.col(e.runner);
      d.runnerScore[i] = num(e.runner_score);
      [d.penDown[i], d.penUp[i]] = (e.penalty || [0, 0]).map(num);
      d.open[i] = e.open;
      d.bestBound[i] = num(e.best_bound);
      break;
    }
    case "pruned": {
      const i = this.node(e.node);
      d.out[i] = e.reason === "integral" && e.improved ? 5 : OUTCOME[e.reason] ?? 3;
      if (d.out[i] === 5) d.best = i;
      d.incumbent[i] = num(e.incumbent);
      d.open[i] = e.open;
      d.bestBound[i] = num(e.best_bound);
      break;
    }
    case "incumbent":
      d.objective = num(e.obj);
      break;
    default:
      this.changed = e.ev !== "pivot";
    }
  }
}

function viewerPage(data) {
  const json = JSON.stringify(data).replace(/\x3c/g, "\\u003c");
  return "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>" +
      "search viewer</title><style>" + VIEWER_CSS + "</style></head><body>" +
      "<script>var BNB = " + json + ";<\/script><script>" +
      VIEWER_JS.replace(/<\/script/gi, "<\\/script") + "<\/script></body></html>";
}

let liveUrl = null;
function showViewer(html) {
  if (liveUrl) URL.revokeObjectURL(liveUrl);
  liveUrl = URL.createObjectURL(new Blob([html], {type: "text/html"}));
  $("frame").src = liveUrl;
}

// ---- running it ------------------------------------------------------
function workerSource() {
  if (!workerUrl)
    workerUrl = URL.createObjectURL(new Blob([BNB_JS, "\n", WORKER_JS],
                                             {type: "text/javascript"}));
  return workerUrl;
}

// The module is compiled once for the page, off the main thread, and
// every solve's worker instantiates that compiled module: a solve does not
// wait for a compilation, and the code the browser optimizes while the
// module runs stays with the module from one solve to the next.
function compiledModule() {
  if (!compiled) {
    const bytes = Uint8Array.from(atob(BNB_WASM), (c) => c.charCodeAt(0));
    compiled = WebAssembly.compile(bytes);
  }
  return compiled;
}

// A worker with the program instantiated, waiting for its run: started
// while nothing runs (at load, after each solve), so that Solve starts the
// search at once.
function startWorker() {
  const w = new Worker(workerSource());
  compiledModule().then((module) => w.postMessage({module}),
                        (e) => w.postMessage({refused: String(e)}));
  return w;
}

function takeWorker() {
  const w = spare || startWorker();
  spare = null;
  return w;
}

function setRunning(running) {
  $("solve").disabled = running;
  $("stop").disabled = !running;
}

function status(text, bad) {
  $("status").textContent = text;
  $("status").className = bad ? "bad" : "";
}

// bnb names the file in its messages; the page's reader knows no file,
// so "/in/model.lp:3:7: ..." is shown as "line 3, column 7: ...".
function errorText(line) {
  const m = /^\/in\/model\.\w+:(\d+):(\d+): (.*)$/.exec(line);
  return m ? `line ${m[1]}, column ${m[2]}: ${m[3]}` : line;
}

function solve() {
  const text = $("model").value;
  const input = "/in/model." + formatOf(text);
  const out = [];
  eventsText = [];
  $("out").textContent = "";
  $("errors").textContent = "";
  lastFiles = {};
  for (const id of ["dl-lp", "dl-mps", "dl-events"]) $(id).disabled = true;
  worker = takeWorker();
  started = performance.now();
  setRunning(true);
  status("solving...");
  let pending = "";
  const live = new LiveTree();
  let shownNodes = 0, ticks = 0;
  const flush = () => {
    if (pending) { $("out").textContent += pending; pending = ""; }
    // the viewer every half second, when the tree grew
    if (++ticks % 5 === 0 && $("viewer").checked && live.data.nodes > shownNodes) {
      shownNodes = live.data.nodes;
      showViewer(viewerPage(live.data));
    }
  };
  const timer = setInterval(flush, 100);
  worker.onmessage = (msg) => {
    const m = msg.data;
    if (m.type === "out") {
      pending += m.line + "\n";
      out.push(m.line);
    } else if (m.type === "events") {
      eventsText.push(m.text);
      for (const line of m.text.split("\n"))
        if (line) live.take(JSON.parse(line));
    } else if (m.type === "err") {
      $("errors").textContent += errorText(m.line) + "\n";
    } else if (m.type === "done") {
      clearInterval(timer);
      flush();
      finish(m.code, m.files, out);
    }
  };
  worker.onerror = (e) => {
    clearInterval(timer);
    flush();
    finish(4, {}, out, "the page's worker failed: " + e.message);
  };
  worker.postMessage({args: commandLine(input), files: {[input]: text},
                      outputs: ["/out/viewer.html", "/out/events.jsonl",
                                "/out/model.lp", "/out/model.mps"]});
}

const EXIT_WORDS = ["solved", "no solution", "bad input", "stopped at a limit",
                    "numerical failure", "unbounded", "breaks the puzzle's rules",
                    "out of memory"];

function finish(code, files, out, why) {
  if (worker) worker.terminate();
  worker = null;
  if (!spare) spare = startWorker();
  setRunning(false);
  lastFiles = files;
  if (eventsText.length) lastFiles["/out/events.jsonl"] = eventsText.join("");
  const secs = ((performance.now() - started) / 1000).toFixed(2);
  const summary = out.filter((l) => l.startsWith("# ")).pop() || "";
  status(`exit ${code}: ${why || EXIT_WORDS[code] || "?"} (${secs} s) ${summary}`,
         code !== 0 && code !== 1);
  document.body.dataset.exit = code;
  document.body.dataset.summary = summary;
  $("dl-lp").disabled = !files["/out/model.lp"];
  $("dl-mps").disabled = !files["/out/model.mps"];
  $("dl-events").disabled = !lastFiles["/out/events.jsonl"];
  if (files["/out/viewer.html"]) showViewer(files["/out/viewer.html"]);
  document.dispatchEvent(new CustomEvent("bnb-done", {
    detail: {code, summary, ms: performance.now() - started}}));
}

function stop() {
  if (!worker) return;
  worker.terminate();
  worker = null;
  finish(3, {}, [], "stopped from the page");
}

function download(path, name) {
  if (!lastFiles[path]) return;
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([lastFiles[path]], {type: "text/plain"}));
  a.download = name;
  a.click();
}

function tabs() {
  for (const b of document.querySelectorAll(".tabs button"))
    b.onclick = () => {
      for (const c of document.querySelectorAll(".tabs button")) {
        c.classList.toggle("on", c === b);
        $(c.dataset.tab).hidden = c !== b;
      }
    };
}

// ---- #selftest: solve examples one after another and write the results
// into the page (the test suite reads them from headless Chromium).
// #selftest=NAME,NAME... picks examples by file name; #stoptest=NAME
// starts one and stops it from the page after 1.5 s.
function selftest(spec) {
  const names = spec ? spec.split(",") : [];
  const results = [];
  const report = document.createElement("pre");
  report.id = "selftest";
  document.body.appendChild(report);
  const next = () => {
    const name = names.shift();
    if (name === undefined) {
      report.textContent = results.join("\n") + "\nselftest done";
      return;
    }
    const k = EXAMPLES.findIndex((e) => e.file === name);
    if (k < 0) { results.push(`${name}: no such example`); next(); return; }
    loadExample(k);
    $("mode").value = "default";
    $("viewer").checked = false;
    $("trace").checked = false;
    document.addEventListener("bnb-done", (e) => {
      results.push(`${name}\t${e.detail.code}\t${e.detail.summary}`);
      setTimeout(next, 0);
    }, {once: true});
    solve();
  };
  next();
}

function selftestStop(name) {
  const report = document.createElement("pre");
  report.id = "selftest";
  document.body.appendChild(report);
  const k = EXAMPLES.findIndex((e) => e.file === name);
  loadExample(k);
  $("mode").value = "default";
  solve();
  setTimeout(() => {
    const t0 = performance.now();
    stop();
    const ms = performance.now() - t0;
    report.textContent = `stopped in ${ms.toFixed(1)} ms, solve button ${$("solve").disabled ? "disabled" : "enabled"}\nselftest done`;
  }, 1500);
}

fillExamples();
tabs();
spare = startWorker();
$("solve").onclick = solve;
$("stop").onclick = stop;
$("dl-lp").onclick = () => download("/out/model.lp", "model.lp");
$("dl-mps").onclick = () => download("/out/model.mps", "model.mps");
$("dl-events").onclick = () => download("/out/events.jsonl", "events.jsonl");
{
  const m = /#selftest(?:=([^&]*))?/.exec(location.hash);
  const s = /#stoptest=(.*)/.exec(location.hash);
  if (s) selftestStop(decodeURIComponent(s[1]));
  else if (m) selftest(decodeURIComponent(m[1] || ""));
}
