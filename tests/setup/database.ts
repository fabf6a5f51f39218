import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, inject } from "vitest";
import { closeDb, dbEngine, pgliteState } from "@/server/db/client";
import { resetEnvCache } from "@/server/env";
import { testFileDatabaseName } from "@/tests/setup/template-database";

// Every test file runs against its own fresh copy of the database the run migrated once
// (tests/setup/template-database.ts): a PGlite started on a copy of the migrated data directory
// by default, or a database cloned from the template on the server named by TEST_DATABASE_URL
// (created here, dropped after).
const serverUrl = process.env.TEST_DATABASE_URL;
const { template, pgliteDir } = inject("testDatabase");
let createdDb: string | undefined;
let copiedDir: string | undefined;

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * server/db/client.ts keeps its one client on globalThis under the key of the configuration it
 * was built from; a PGlite thread started on this file's copy is put there under the key `memory://` gives.
 */
async function installPglite(dataDir: string) {
  const slot = globalThis as typeof globalThis & { __raffleDb?: ReturnType<typeof pgliteState> };
  const state = pgliteState(dataDir, "pglite:memory://");
  slot.__raffleDb = state;
  dbEngine();
  if (slot.__raffleDb !== state) {
    throw new Error("server/db/client.ts no longer keeps the PGlite client this way: update tests/setup/database.ts");
  }
  await state.pglite!.ready;
}

process.env.AUTH_SECRET ??= "test-secret-test-secret-test-secret-0123456789";
// Messages written without an SMTP server go to a folder of this test process, not the local run's
// ./data/outbox (which a purge empties, decision 171).
process.env.MAIL_OUTBOX_DIR ??= path.join(tmpdir(), `raffle-test-outbox-${process.pid}`);
// Backups (Settings' Back up now, the authorization matrix's call) likewise.
process.env.BACKUP_DIR ??= path.join(tmpdir(), `raffle-test-backups-${process.pid}`);
if (serverUrl) {
  if (!template) throw new Error("TEST_DATABASE_URL is set but the run made no template database (globalSetup)");
  createdDb = testFileDatabaseName(template, `${process.pid}_${randomBytes(3).toString("hex")}`);
  await adminQuery(`CREATE DATABASE "${createdDb}" TEMPLATE "${template}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${createdDb}`;
  process.env.DATABASE_URL = url.toString();
  resetEnvCache();
} else {
  if (!pgliteDir) throw new Error("the run made no PGlite template (globalSetup)");
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = "memory://";
  resetEnvCache();
  // This file's own copy of the migrated folder (on /dev/shm: memory, as memory:// is), removed after.
  copiedDir = mkdtempSync(path.join(path.dirname(pgliteDir), "file-"));
  cpSync(pgliteDir, copiedDir, { recursive: true });
  await installPglite(copiedDir);
}

afterAll(async () => {
  await closeDb();
  if (createdDb) await adminQuery(`DROP DATABASE IF EXISTS "${createdDb}" WITH (FORCE)`);
  if (copiedDir) rmSync(copiedDir, { recursive: true, force: true });
});
