// Run a Python script under MicroPython (WebAssembly) on Node.js.
// usage: node mpy_run.mjs MICROPYTHON_MJS SCRIPT [MODULE.py ...]
// The modules are written to the root of MicroPython's file system (importable by name).
import fs from "fs";
import path from "path";
import { pathToFileURL } from "url";

const [mjs, script, ...modules] = process.argv.slice(2);
const { loadMicroPython } = await import(pathToFileURL(mjs).href);
let out = "";
const mp = await loadMicroPython({
  stdout: (s) => { out += s + "\n"; },
  stderr: (s) => { out += s + "\n"; },
});
for (const m of modules) mp.FS.writeFile("/" + path.basename(m), fs.readFileSync(m));
let rc = 0;
try {
  mp.runPython(fs.readFileSync(script, "utf8"));
} catch (e) {
  out += String(e) + "\n";
  rc = 1;
}
process.stdout.write(out);
process.exit(rc);
