// vitest globalSetup of the integration project: migrates one database per run, which every test
// file then clones (tests/setup/database.ts) instead of applying every migration itself.
// - PostgreSQL (TEST_DATABASE_URL): a template database on the server, dropped after the run;
//   each file gets `CREATE DATABASE … TEMPLATE` of it.
// - PGlite (the default): a data directory migrated here, on /dev/shm where there is one (memory);
//   each file starts PGlite on a copy of it, skipping initdb too. Issue 39: copying the folder and
//   opening it took about half the per-file setup of loading a 42 MB tarball of it (`loadDataDir`,
//   the previous way), and the tests ran no slower on it.
// Also records what the migrations left in the tables (settings' row, the counters' slots, the
// ticket number floor, ...) and the sequences' positions, so resetDb can put a file's database
// back to exactly that state without a hand-kept list of tables.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { pgScriptRunner, type ScriptRunner } from "@/server/db/client";
import { migrateWith } from "@/server/db/migrate";

/** The tables' contents and the sequences' positions of a freshly migrated database. */
export interface DatabaseBaseline {
  /** Every table of the public schema except `_prisma_migrations`. */
  tables: string[];
  /** The rows the migrations inserted, per table (tables left empty are absent), in the columns a row can be given. */
  rows: Record<string, { columns: string[]; rows: unknown[] }>;
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
}

export interface TestDatabase {
  /** PostgreSQL: the template database's name, on the TEST_DATABASE_URL server. */
  template?: string;
  /** PGlite: the migrated data directory, on /dev/shm where there is one (memory); each file starts on a copy. */
  pgliteDir?: string;
  baseline: DatabaseBaseline;
}

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: TestDatabase;
  }
}

/** PGlite's extensions, as server/db/client.ts loads them. */
export const PGLITE_EXTENSIONS = { pg_trgm };

async function readBaseline(runner: ScriptRunner): Promise<DatabaseBaseline> {
  const tables = (
    await runner.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = ` +
        `'public' AND tablename <> '_prisma_migrations' ORDER BY 1`,
    )
  ).map((t) => t.name);
  const rows: DatabaseBaseline["rows"] = {};
  for (const table of tables) {
    const [{ rows: found }] = await runner.query<{ rows: unknown[] | null }>(
      `SELECT json_agg(t) AS rows FROM "${table}" t`,
    );
    if (!found?.length) continue;
    // Generated columns cannot be given a value: they are computed again on insert.
    const columns = await runner.query<{ name: string }>(
      `SELECT attname AS name FROM pg_attribute WHERE attrelid = $1::regclass AND ` +
        `attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
      [`"${table}"`],
    );
    rows[table] = { columns: columns.map((c) => c.name), rows: found };
  }
  const sequences: DatabaseBaseline["sequences"] = [];
  const names = await runner.query<{ name: string }>(
    `SELECT sequencename AS name FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`,
  );
  for (const { name } of names) {
    const [s] = await runner.query<{ last_value: string; is_called: boolean }>(
      `SELECT last_value::text, is_called FROM "${name}"`,
    );
    sequences.push({ name, lastValue: s.last_value, isCalled: s.is_called });
  }
  return { tables, rows, sequences };
}

async function adminQuery(serverUrl: string, sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as Record<string, string>[];
  } finally {
    await client.end();
  }
}

/**
 * `raffle`, or `raffle_<TEST_DATABASE_TAG>` when several people share one PostgreSQL server and
 * each must be able to tell their databases apart (letters, digits and _ only).
 */
export function testDatabasePrefix() {
  const tag = process.env.TEST_DATABASE_TAG ?? "";
  if (!/^[a-z0-9_]*$/i.test(tag)) throw new Error("TEST_DATABASE_TAG may hold only letters, digits and _");
  return tag ? `raffle_${tag.toLowerCase()}` : "raffle";
}

/** A test file's clone of `template`: `raffle_test_<the template's run id>_<file's own id>`. */
export function testFileDatabaseName(template: string, fileId: string) {
  const runId = template.slice(`${testDatabasePrefix()}_template_`.length);
  return `${testDatabasePrefix()}_test_${runId}_${fileId}`;
}

async function migratePostgres(serverUrl: string) {
  const template = `${testDatabasePrefix()}_template_${process.pid}_${randomBytes(4).toString("hex")}`;
  await adminQuery(serverUrl, `CREATE DATABASE "${template}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${template}`;
  await migrateWith(() => pgScriptRunner(url.toString()));
  // The connection must be closed before the files clone the template.
  const runner = await pgScriptRunner(url.toString());
  const baseline = await readBaseline(runner).finally(() => runner.close());
  // The run's end drops the template and every file's clone still there (a file whose afterAll
  // did not get to drop its own: a crashed or timed-out worker). Clones are named after the
  // template (testFileDatabaseName), so another run's databases are never touched.
  const drop = async () => {
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
    const left = await adminQuery(serverUrl, "SELECT datname FROM pg_database WHERE starts_with(datname, $1)", [
      `${testFileDatabaseName(template, "")}`,
    ]);
    for (const { datname } of left) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  };
  return { database: { template, baseline }, drop };
}

async function migratePglite() {
  const dir = await mkdtemp(path.join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "raffle-test-db-"));
  const pgliteDir = path.join(dir, "pgdata");
  const pglite = new PGlite(pgliteDir, { extensions: PGLITE_EXTENSIONS });
  const runner: ScriptRunner = {
    exec: async (sql) => void (await pglite.exec(sql)),
    query: async <T>(sql: string, params?: unknown[]) => (await pglite.query<T>(sql, params)).rows,
    close: async () => {},
  };
  try {
    await migrateWith(async () => runner);
    const baseline = await readBaseline(runner);
    // A clean data directory: without the checkpoint, every file's start would replay the
    // migrations' WAL.
    await pglite.exec("CHECKPOINT");
    // The files' copies sit beside it (tests/setup/database.ts), so this removes any a crashed worker left.
    return { database: { pgliteDir, baseline }, drop: () => rm(dir, { recursive: true, force: true }) };
  } finally {
    await pglite.close();
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const { database, drop } = serverUrl ? await migratePostgres(serverUrl) : await migratePglite();
  project.provide("testDatabase", database);
  return drop;
}
