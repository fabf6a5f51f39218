// On Node < 22, a worker thread started from a TypeScript file fails ("Unknown file extension
// .ts"): the `--import tsx` hooks the job mechanism passes (server/jobs/start-job.ts) are not yet
// applied to a worker's entry module there, only to what it imports later. Under `next start` the
// workers are bundled JavaScript and none of this applies; this is for the suites, which start
// workers from the sources (CI runs them on the machine's Node 20 too: ADR 041).
//
// It swaps node:worker_threads' Worker for one that starts a .ts entry through a JavaScript
// bootstrap (tests/setup/ts-worker-bootstrap.mjs), which registers tsx and then imports the entry,
// handing it its real workerData.
import { createRequire, syncBuiltinESMExports } from "node:module";

const major = Number(process.versions.node.split(".")[0]);
if (major < 22) {
  const require = createRequire(import.meta.url);
  const threads = require("node:worker_threads") as typeof import("node:worker_threads");
  const Original = threads.Worker;
  if (!(Original as { __tsBootstrap?: boolean }).__tsBootstrap) {
    const bootstrap = new URL("./ts-worker-bootstrap.mjs", import.meta.url);
    class TsWorker extends Original {
      static __tsBootstrap = true;
      constructor(filename: string | URL, options: import("node:worker_threads").WorkerOptions = {}) {
        const entry = String(filename);
        if (!/\.tsx?$/.test(entry)) {
          super(filename, options);
          return;
        }
        const url = entry.startsWith("file:") ? entry : new URL(`file://${entry}`).href;
        super(bootstrap, { ...options, workerData: { __tsEntry: url, __workerData: options.workerData } });
      }
    }
    threads.Worker = TsWorker as typeof Original;
    syncBuiltinESMExports();
  }
}
