import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { mkdirSync } from "node:fs";
import pg from "pg";
import { PrismaClient } from "@/generated/prisma/client";
import { env } from "@/server/env";

export type Db = PrismaClient;
export type Engine = "pglite" | "postgresql";

interface DbState {
  client: PrismaClient;
  engine: Engine;
  pglite?: PGlite;
  /** PostgreSQL: the one pool, shared by Prisma's adapter and the raw queries of the hot paths. */
  pool?: pg.Pool;
  /** What the client was built from, so tests that switch databases get a new one. */
  key: string;
}

// One client per process, kept on globalThis in production too: Next may load this
// module more than once, and two PGlite instances on one folder corrupt it.
const globalForDb = globalThis as typeof globalThis & { __raffleDb?: DbState };

function connectionKey() {
  const e = env();
  return e.DATABASE_URL ? `pg:${e.DATABASE_URL}` : `pglite:${e.PGLITE_DIR}`;
}

function createState(key: string): DbState {
  const e = env();
  if (e.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: e.DATABASE_URL, max: e.DATABASE_POOL_SIZE });
    // An idle client's lost connection must not crash the process; the next query reconnects.
    pool.on("error", () => {});
    return { client: new PrismaClient({ adapter: new PrismaPg(pool) }), engine: "postgresql", pool, key };
  }
  const dir = e.PGLITE_DIR;
  if (!dir.startsWith("memory://")) mkdirSync(dir, { recursive: true });
  const pglite = new PGlite(dir, { extensions: { pg_trgm } });
  return { client: new PrismaClient({ adapter: new PrismaPGlite(pglite) }), engine: "pglite", pglite, key };
}

function state(): DbState {
  const key = connectionKey();
  const current = globalForDb.__raffleDb;
  if (current && current.key === key) return current;
  if (current) void disconnect(current);
  globalForDb.__raffleDb = createState(key);
  return globalForDb.__raffleDb;
}

/** The Prisma client. Nothing outside server/ imports Prisma. */
export function db(): PrismaClient {
  return state().client;
}

export function dbEngine(): Engine {
  return state().engine;
}

/**
 * One statement straight to the driver, without Prisma's query engine: for the few statements
 * every API request runs (session, rate-limit flush, ticket lookup), where Prisma's per-query
 * overhead showed in the CPU profile (docs/performance.md). Same pool or PGlite instance as
 * db(), so the connection count and the embedded database's single instance are unchanged.
 * Parameters are always bound ($1, $2, ...), never interpolated.
 */
export async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  const s = state();
  if (s.pool) return (await s.pool.query(text, params)).rows as T[];
  return (await s.pglite!.query<T>(text, params)).rows;
}

/** The embedded database instance, on the PGlite engine (backups read it in one transaction, server/backup). */
export function embeddedDatabase(): PGlite | undefined {
  return state().pglite;
}

async function disconnect(s: DbState) {
  await s.client.$disconnect().catch(() => {});
  await s.pool?.end().catch(() => {});
  await s.pglite?.close().catch(() => {});
}

export async function closeDb() {
  const current = globalForDb.__raffleDb;
  globalForDb.__raffleDb = undefined;
  if (current) await disconnect(current);
}

/** A connection that runs multi-statement SQL scripts (migrations, bulk seeding). */
export interface ScriptRunner {
  exec(sql: string): Promise<void>;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export async function openScriptRunner(): Promise<ScriptRunner> {
  const s = state();
  if (s.pglite) {
    const pglite = s.pglite;
    return {
      exec: async (sql) => void (await pglite.exec(sql)),
      query: async <T>(sql: string, params?: unknown[]) => (await pglite.query<T>(sql, params)).rows,
      close: async () => {},
    };
  }
  return pgScriptRunner(env().DATABASE_URL!);
}

/** A dedicated PostgreSQL connection (not from the pool) for scripts. */
export async function pgScriptRunner(connectionString: string): Promise<ScriptRunner> {
  const { Client } = await import("pg");
  const client = new Client({ connectionString });
  await client.connect();
  return {
    exec: async (sql) => void (await client.query(sql)),
    query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params as unknown[])).rows as T[],
    close: () => client.end(),
  };
}
