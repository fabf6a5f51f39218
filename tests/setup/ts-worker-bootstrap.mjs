// The entry of a TypeScript worker on Node < 22 (tests/setup/node20-ts-workers.ts): registers tsx
// in this thread, restores the workerData the caller gave, then imports the real entry.
import { syncBuiltinESMExports, createRequire } from "node:module";
import { register } from "tsx/esm/api";

const require = createRequire(import.meta.url);
const threads = require("node:worker_threads");
const { __tsEntry, __workerData } = threads.workerData;
threads.workerData = __workerData;
syncBuiltinESMExports();
register();
await import(__tsEntry);
