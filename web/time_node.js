// time_node.js -- the WebAssembly build's time on files, as the page
// spends it (make bench):
//   node web/time_node.js build-web/bnb.js RUNS FILE...
// The module is compiled once, as the page compiles it once when it
// loads, and all of it optimized at once (a page's browser optimizes the
// code that runs while it runs, and keeps it for the solves that follow).
// Then each FILE runs RUNS times, each run a fresh instance as each of
// the page's solves is. Prints "# compile MS" and, for each file, the
// median CPU milliseconds of a run (instantiation, copying the file in,
// the program's main) and the program's last output line.
"use strict";
const v8 = require("v8");
v8.setFlagsFromString("--no-liftoff");
v8.setFlagsFromString("--no-wasm-lazy-compilation");
v8.setFlagsFromString("--expose-gc");
// The last run's instance is freed between runs, as the page frees it
// with the worker it ran in, not during the next solve.
const collect = require("vm").runInNewContext("gc");
const path = require("path");
const {compile, run} = require("./run_node.js");

const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const median = (v) => v.slice().sort((a, b) => a - b)[(v.length - 1) >> 1];

async function main() {
  const [bnbJs, runs, ...files] = process.argv.slice(2);
  const createBnb = require(path.resolve(bnbJs));
  let t = cpuMs();
  const module = compile(bnbJs);
  console.log(`# compile ${(cpuMs() - t).toFixed(1)}`);
  for (const file of files) {
    const times = [];
    let last = "";
    for (let r = 0; r < Number(runs); r++) {
      collect();
      t = cpuMs();
      await run(createBnb, module, [], file, (s) => { last = s; }, () => {});
      times.push(cpuMs() - t);
      if (process.env.BNB_TIME_ALL) console.log(`# ${file} run ${r}: ${times[r].toFixed(1)}`);
    }
    console.log(`${file}\t${median(times).toFixed(1)}\t${last}`);
  }
}

main();
