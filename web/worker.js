// worker.js -- runs one bnb solve in a Web Worker, so that the page stays
// responsive and a solve can be stopped (the page terminates the worker).
// The page builds this worker from the WebAssembly build (bnb.js, which
// defines createBnb) followed by this file.
//
// Message in:  {args: [...], files: {path: text}, outputs: [path, ...]}
// Messages out: {type: "out" | "err", line}  as the program prints them,
//               {type: "done", code, files: {path: text}}  at its exit.
"use strict";

self.onmessage = async (msg) => {
  const job = msg.data;
  let code = null;
  const bnb = await createBnb({
    print: (line) => self.postMessage({type: "out", line}),
    printErr: (line) => self.postMessage({type: "err", line}),
    // exit() ends the run, not the worker: keep its status.
    quit: (status, toThrow) => { code = status; throw toThrow; },
  });
  bnb.FS.mkdir("/in");
  bnb.FS.mkdir("/out");
  for (const [path, text] of Object.entries(job.files))
    bnb.FS.writeFile(path, text);
  try {
    const ret = bnb.callMain(job.args);
    if (code === null) code = ret;
  } catch (e) {
    if (code === null) {
      // An abort (out of memory beyond the page's limit, a trap) is not
      // an exit of the program: tell the page what it was.
      self.postMessage({type: "err", line: "bnb: the WebAssembly run stopped: " + e});
      code = 4;
    }
  }
  const files = {};
  for (const path of job.outputs) {
    try {
      files[path] = bnb.FS.readFile(path, {encoding: "utf8"});
    } catch (e) {
      // not written (the run stopped before it)
    }
  }
  self.postMessage({type: "done", code, files});
};
