// run_node.js -- the WebAssembly build of bnb under Node.js, as a command:
//   node web/run_node.js build-web/bnb.js [options] FILE
// FILE is copied into the module's memory file system, then the program
// runs with the options; its output and exit status are the program's.
// make bench compares its times with the native program's.
"use strict";
const fs = require("fs");
const path = require("path");

const [bnbJs, ...args] = process.argv.slice(2);
const createBnb = require(path.resolve(bnbJs));
const file = args[args.length - 1];
let code = null;
createBnb({
  print: (s) => process.stdout.write(s + "\n"),
  printErr: (s) => process.stderr.write(s + "\n"),
  quit: (status, toThrow) => { code = status; throw toThrow; },
}).then((bnb) => {
  const name = "/" + path.basename(file);
  bnb.FS.writeFile(name, fs.readFileSync(file));
  try {
    const ret = bnb.callMain([...args.slice(0, -1), name]);
    if (code === null) code = ret;
  } catch (e) {
    if (code === null) { process.stderr.write(String(e) + "\n"); code = 4; }
  }
  process.exitCode = code;
});
