// bench/pglite-thread.ts's other candidate (docs/decisions/190): PGlite in a worker thread with
// the app's queries crossing by message (structured clone of the parsed rows) instead of over the
// wire protocol. Only what the measurement needs: query(text, params) and exec(text).
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

const pglite = await PGlite.create(workerData.dataDir, { extensions: { pg_trgm } });
parentPort.on("message", async ({ id, op, text, params }) => {
  try {
    if (op === "close") {
      await pglite.close();
      parentPort.postMessage({ id, rows: [] });
      return;
    }
    const rows =
      op === "exec" ? ((await pglite.exec(text)).at(-1)?.rows ?? []) : (await pglite.query(text, params)).rows;
    parentPort.postMessage({ id, rows });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: error.message, code: error.code } });
  }
});
parentPort.postMessage({ ready: true });
