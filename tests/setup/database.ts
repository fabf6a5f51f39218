import { randomBytes } from "node:crypto";
import { afterAll } from "vitest";
import pg from "pg";
import { closeDb } from "@/server/db/client";
import { migrate } from "@/server/db/migrate";
import { resetEnvCache } from "@/server/env";

// Every test file runs against its own fresh database: an in-memory PGlite by default,
// or a new database on the server named by TEST_DATABASE_URL (created here, dropped after).
const serverUrl = process.env.TEST_DATABASE_URL;
let createdDb: string | undefined;

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

if (serverUrl) {
  createdDb = `raffle_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  await adminQuery(`CREATE DATABASE "${createdDb}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${createdDb}`;
  process.env.DATABASE_URL = url.toString();
} else {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = "memory://";
}
process.env.AUTH_SECRET ??= "test-secret-test-secret-test-secret-0123456789";
resetEnvCache();
await migrate();

afterAll(async () => {
  await closeDb();
  if (createdDb) await adminQuery(`DROP DATABASE IF EXISTS "${createdDb}" WITH (FORCE)`);
});
