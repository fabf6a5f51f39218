// The embedded database's own thread (docs/decisions/190): PGlite runs here, never on the
// request thread, and is served over the PostgreSQL wire protocol on a Unix socket in a private
// folder (mode 0700) by @electric-sql/pglite-socket. The app reaches it with `pg` and
// @prisma/adapter-pg exactly as it reaches PostgreSQL (server/db/client.ts), through a pool of one
// connection: PGlite has one session, so one client connection keeps transactions from ever
// interleaving (the socket server's per-message queue does not separate two connections'
// unnamed statements).
//
// Plain JavaScript on purpose: on Node 20 a worker cannot start from a .ts entry under tsx
// (tests/setup/node20-ts-workers.ts), and the scripts (db:migrate, db:seed, bench) start it too.
//
// workerData: { dataDir, socketPath, loadDataDirFile? } (a tar of a data directory to start
// from: the tests' migrated template). Messages: in "close" (flush and stop); out
// { t: "ready" }, { t: "closed" }, { t: "error", message }.
import { Blob } from "node:buffer";
import { readFile } from "node:fs/promises";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

const { dataDir, socketPath, loadDataDirFile } = workerData;

let pglite;
let server;
try {
  const loadDataDir = loadDataDirFile ? new Blob([await readFile(loadDataDirFile)]) : undefined;
  pglite = await PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir });
  // A few connections may be open at once (a pool's replacement connection arrives before the
  // old one's close is processed); the app's pool uses one at a time.
  server = new PGLiteSocketServer({ db: pglite, path: socketPath, maxConnections: 8 });
  await server.start();
  parentPort.postMessage({ t: "ready" });
} catch (error) {
  parentPort.postMessage({ t: "error", message: error instanceof Error ? error.message : String(error) });
  await pglite?.close().catch(() => {});
  process.exit(1);
}

let closing;
parentPort.on("message", (message) => {
  if (message?.t !== "close") return;
  closing ??= (async () => {
    await server.stop().catch(() => {});
    // close() shuts PostgreSQL down cleanly: the data directory is flushed and consistent.
    await pglite.close().catch(() => {});
    parentPort.postMessage({ t: "closed" });
    parentPort.close();
  })();
});
