// worker.js -- runs one bnb solve in a Web Worker, so that the page stays
// responsive and a solve can be stopped (the page terminates the worker).
// The page builds this worker from the WebAssembly build's JavaScript
// (bnb.js, which defines createBnb) followed by this file, and starts it
// before the solve is asked for, so that the program is ready when it is.
//
// Messages in: {module}  the WebAssembly module, compiled once by the
//                        page: this worker instantiates it at once,
//              {refused} why the browser did not compile it,
//              {args: [...], files: {path: text}, outputs: [path, ...]}
//                        the run.
// Messages out: {type: "out" | "err", line}  as the program prints them,
//               {type: "events", text}  lines of its event stream, live,
//               {type: "done", code, files: {path: text}}  at its exit.
"use strict";

// /dev/events: a device whose every line the program writes (--events
// /dev/events) goes to the page at once, so that the search viewer
// fills in while the search runs.
function liveEvents(bnb) {
  const decoder = new TextDecoder();
  let pending = "";
  const dev = bnb.FS.makedev(64, 0);
  bnb.FS.registerDevice(dev, {
    open() {},
    close() {},
    read() { return 0; },
    write(stream, buffer, offset, length) {
      pending += decoder.decode(buffer.subarray(offset, offset + length), {stream: true});
      const cut = pending.lastIndexOf("\n");
      if (cut >= 0) {
        self.postMessage({type: "events", text: pending.slice(0, cut + 1)});
        pending = pending.slice(cut + 1);
      }
      return length;
    },
  });
  bnb.FS.mkdev("/dev/events", dev);
}

let code = null;

// The instance of the page's compiled module (not a compilation of our
// own), made as soon as the module arrives: a promise of the program.
function instantiate(module) {
  let failed;
  const refused = new Promise((resolve, reject) => { failed = reject; });
  const program = createBnb({
    print: (line) => self.postMessage({type: "out", line}),
    printErr: (line) => self.postMessage({type: "err", line}),
    // exit() ends the run, not the worker: keep its status.
    quit: (status, toThrow) => { code = status; throw toThrow; },
    instantiateWasm: (imports, receive) => {
      WebAssembly.instantiate(module, imports).then((instance) => receive(instance, module), failed);
      return {};
    },
  });
  return Promise.race([program, refused]);
}

let moduleArrived, moduleRefused;
const ready = new Promise((resolve, reject) => {
  moduleArrived = resolve;
  moduleRefused = reject;
}).then(instantiate);
ready.catch(() => {});   // said to the page when a run asks for it

self.onmessage = async (msg) => {
  if (msg.data.module) {
    moduleArrived(msg.data.module);
    return;
  }
  if (msg.data.refused) {
    moduleRefused(msg.data.refused);
    return;
  }
  const job = msg.data;
  let bnb;
  try {
    bnb = await ready;
  } catch (e) {
    self.postMessage({type: "err", line: "bnb: the WebAssembly module did not start: " + e});
    self.postMessage({type: "done", code: 4, files: {}});
    return;
  }
  bnb.FS.mkdir("/in");
  bnb.FS.mkdir("/out");
  liveEvents(bnb);
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
