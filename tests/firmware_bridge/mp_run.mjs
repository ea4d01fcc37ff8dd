// Run MicroPython 1.27 (WebAssembly build) on Node.js for the firmware tests.
// stdin: {"modules": {"name.py": "source", ...}, "code": "python source"}
// The modules go to /lib (on MicroPython's sys.path); the code's stdout goes to our
// stdout. A Python exception prints its traceback on stderr and exits with status 1.
import { loadMicroPython } from "../../node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs";
import fs from "fs";

const job = JSON.parse(fs.readFileSync(0, "utf8"));
const chunks = [];
const mp = await loadMicroPython({
  heapsize: 8 * 1024 * 1024,
  linebuffer: false,
  stdout: (data) => chunks.push(Buffer.from(data)),
});
try {
  mp.FS.mkdir("/lib");
} catch (e) {
  // already there
}
for (const [name, source] of Object.entries(job.modules)) {
  mp.FS.writeFile("/lib/" + name, source);
}
let status = 0;
try {
  mp.runPython(job.code);
} catch (error) {
  process.stderr.write(String(error.type || error.name) + ": " + String(error.message).slice(0, 4000) + "\n");
  status = 1;
}
process.stdout.write(Buffer.concat(chunks));
process.exitCode = status;
