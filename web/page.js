// page.js -- the browser page of bnb: choose or type a model or puzzle,
// solve it in a Web Worker with the WebAssembly build of the very program
// the command line runs, and show its trace, tableau and search viewer.
// BNB_JS (the WebAssembly build), WORKER_JS and EXAMPLES ({name, file,
// text}) are put in by web/make_page.py; nothing is fetched.
"use strict";

const $ = (id) => document.getElementById(id);
let worker = null;
let workerUrl = null;
let lastFiles = {};
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
  const args = [];
  const mode = $("mode").value;
  if (mode === "textbook") args.push("--textbook");
  if (mode === "lponly") args.push("--lp-only");
  if ($("branch").value) args.push("--branch", $("branch").value);
  const limit = parseFloat($("timelimit").value);
  if (limit > 0) args.push("--time-limit", String(limit));
  if ($("trace").checked) args.push($("pivots").checked ? "--trace=lp" : "--trace");
  if ($("tableau").checked) args.push("--tableau");
  if ($("viewer").checked && mode !== "lponly") args.push("--html", "/out/viewer.html");
  args.push("--events", "/out/events.jsonl", "--write-lp", "/out/model.lp",
            "--write-mps", "/out/model.mps", input);
  return args;
}

// ---- running it ------------------------------------------------------
function workerSource() {
  if (!workerUrl)
    workerUrl = URL.createObjectURL(new Blob([BNB_JS, "\n", WORKER_JS],
                                             {type: "text/javascript"}));
  return workerUrl;
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
  $("out").textContent = "";
  $("errors").textContent = "";
  lastFiles = {};
  for (const id of ["dl-lp", "dl-mps", "dl-events"]) $(id).disabled = true;
  worker = new Worker(workerSource());
  started = performance.now();
  setRunning(true);
  status("solving...");
  let pending = "";
  const flush = () => {
    if (pending) { $("out").textContent += pending; pending = ""; }
  };
  const timer = setInterval(flush, 100);
  worker.onmessage = (msg) => {
    const m = msg.data;
    if (m.type === "out") {
      pending += m.line + "\n";
      out.push(m.line);
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
  setRunning(false);
  lastFiles = files;
  const secs = ((performance.now() - started) / 1000).toFixed(2);
  const summary = out.filter((l) => l.startsWith("# ")).pop() || "";
  status(`exit ${code}: ${why || EXIT_WORDS[code] || "?"} (${secs} s) ${summary}`,
         code !== 0 && code !== 1);
  document.body.dataset.exit = code;
  document.body.dataset.summary = summary;
  $("dl-lp").disabled = !files["/out/model.lp"];
  $("dl-mps").disabled = !files["/out/model.mps"];
  $("dl-events").disabled = !files["/out/events.jsonl"];
  if (files["/out/viewer.html"]) {
    // A blob URL rather than srcdoc: the viewer page can be large.
    const url = URL.createObjectURL(new Blob([files["/out/viewer.html"]],
                                             {type: "text/html"}));
    $("frame").src = url;
  }
  document.dispatchEvent(new CustomEvent("bnb-done", {detail: {code, summary}}));
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
