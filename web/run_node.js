// run_node.js -- the WebAssembly build of bnb under Node.js, as a command:
//   node web/run_node.js build-web/bnb.js [options] FILE
// FILE is copied into the module's memory file system, then the program
// runs with the options; its output and exit status are the program's.
// As the page does, the module (bnb.wasm beside bnb.js) is compiled once
// and each run instantiates it (web/time_node.js times runs that way).
"use strict";
const fs = require("fs");
const path = require("path");

// The compiled module of the build whose JavaScript is bnbJs.
function compile(bnbJs) {
  return new WebAssembly.Module(fs.readFileSync(bnbJs.replace(/\.js$/, ".wasm")));
}

// One run of the program: a fresh instance of `module`, FILE written into
// its file system, main called with args and FILE's name there. Returns
// the exit status.
async function run(createBnb, module, args, file, print, printErr) {
  const hooks = ["uncaughtException", "unhandledRejection"];
  const had = hooks.map((h) => process.listeners(h));
  let code = null;
  const bnb = await createBnb({
    print, printErr,
    quit: (status, toThrow) => { code = status; throw toThrow; },
    instantiateWasm: (imports, receive) => {
      const instance = new WebAssembly.Instance(module, imports);
      receive(instance, module);
      return instance.exports;
    },
  });
  const name = "/" + path.basename(file);
  // A file that cannot be read is not copied: the program says so.
  if (fs.existsSync(file)) bnb.FS.writeFile(name, fs.readFileSync(file));
  try {
    const ret = bnb.callMain([...args, name]);
    if (code === null) code = ret;
  } catch (e) {
    if (code === null) { printErr(String(e)); code = 4; }
  }
  // The instance's handlers on the process go with it (and its memory).
  hooks.forEach((h, k) => process.listeners(h).filter((f) => !had[k].includes(f))
    .forEach((f) => process.removeListener(h, f)));
  return code;
}

module.exports = {compile, run};

if (require.main === module) {
  const [bnbJs, ...args] = process.argv.slice(2);
  const createBnb = require(path.resolve(bnbJs));
  run(createBnb, compile(bnbJs), args.slice(0, -1), args[args.length - 1],
      (s) => process.stdout.write(s + "\n"), (s) => process.stderr.write(s + "\n"))
    .then((code) => { process.exitCode = code; });
}
