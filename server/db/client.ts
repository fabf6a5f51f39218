import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import pg from "pg";
import { PrismaClient } from "@/generated/prisma/client";
import { forgettingDriverLog } from "@/server/db/driver-log";
import { env } from "@/server/env";

export type Db = PrismaClient;
export type Engine = "pglite" | "postgresql";

interface DbState {
  client: PrismaClient;
  engine: Engine;
  /** PGlite: its thread (server/db/pglite.worker.mjs); the pool below reaches it over a Unix socket. */
  pglite?: PgliteThread;
  /** The one pool, shared by Prisma's adapter and the raw queries of the hot paths (PGlite: one connection). */
  pool: pg.Pool;
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
    return {
      client: new PrismaClient({ adapter: forgettingDriverLog(new PrismaPg(pool)) }),
      engine: "postgresql",
      pool,
      key,
    };
  }
  return pgliteState(e.PGLITE_DIR, key);
}

/** The embedded database's thread, as the request thread sees it. */
export interface PgliteThread {
  /** Resolves when the database is open and its socket listening; rejects if it could not start. */
  readonly ready: Promise<void>;
  /** Stops serving, shuts PGlite down cleanly (flushed) and ends the thread. */
  close(): Promise<void>;
}

/**
 * PGlite in a worker thread of its own (docs/decisions/190), so that its work (a 200,000-row
 * statement, a 10,000-stub print's queries) never holds the request thread: the thread serves it
 * over the PostgreSQL wire protocol on a Unix socket in a private folder, and the app talks to it
 * through `pg` and @prisma/adapter-pg, the same driver path as PostgreSQL. One connection: PGlite
 * has one session, so requests queue for it as they queued for the in-thread instance's lock.
 */
export function startPgliteThread(
  dataDir: string,
  options: { loadDataDirFile?: string } = {},
): { thread: PgliteThread; socketDir: string } {
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  // mkdtemp makes the folder 0700: only this user can reach the socket (it has no password).
  const socketDir = mkdtempSync(path.join(tmpdir(), "raffle-pglite-"));
  if (socketDirs.size === 0 && process.listeners("exit").indexOf(removeSocketDirs) === -1)
    process.once("exit", removeSocketDirs);
  socketDirs.add(socketDir);
  const socketPath = path.join(socketDir, `.s.PGSQL.${PGLITE_SOCKET_PORT}`);
  const worker = new Worker(new URL("./pglite.worker.mjs", import.meta.url), {
    workerData: { dataDir, socketPath, loadDataDirFile: options.loadDataDirFile },
    name: "pglite",
  });
  // Like the in-thread instance it replaces, the thread does not keep a finished script alive:
  // every commit is already in the data directory's WAL.
  worker.unref();
  const ready = new Promise<void>((resolve, reject) => {
    worker.on("message", (m: { t: string; message?: string }) => {
      if (m.t === "ready") resolve();
      else if (m.t === "error") reject(new Error(`PGlite could not start on ${dataDir}: ${m.message}`));
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`PGlite's thread ended (exit code ${code})`)));
  });
  ready.catch(() => {});
  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= new Promise<void>((resolve) => {
      const done = () => {
        rmSync(socketDir, { recursive: true, force: true });
        socketDirs.delete(socketDir);
        resolve();
      };
      worker.once("exit", done);
      worker.on("message", (m: { t: string }) => m.t === "closed" && void worker.terminate());
      worker.postMessage({ t: "close" });
      // A thread that does not answer (stuck in a statement) is ended after 10 s.
      setTimeout(() => void worker.terminate(), 10_000).unref();
    }));
  return { thread: { ready, close }, socketDir };
}

/** The socket folders of this process's PGlite threads, removed at exit if not closed before (a script's end). */
const socketDirs = new Set<string>();
function removeSocketDirs() {
  for (const dir of socketDirs) rmSync(dir, { recursive: true, force: true });
}

/** The folder's socket name is PostgreSQL's own (`.s.PGSQL.<port>`), which is what `pg` connects to. */
const PGLITE_SOCKET_PORT = 5432;

type ConnectCallback = ((err: Error) => void) | ((err: null, c: pg.Client) => void);

/** A `pg` client that connects once the PGlite thread is listening. */
function clientWaitingFor(ready: Promise<void>): typeof pg.Client {
  class WaitingClient extends pg.Client {
    // pg's two forms, callback (what pg.Pool uses) and promise, kept as they are.
    connect(): Promise<pg.Client>;
    connect(callback: ConnectCallback): void;
    connect(callback?: ConnectCallback): Promise<pg.Client> | void {
      if (callback) {
        ready.then(
          () => super.connect(callback),
          (error: Error) => (callback as (err: Error) => void)(error),
        );
        return;
      }
      return ready.then(() => super.connect());
    }
  }
  return WaitingClient;
}

export function pgliteState(dataDir: string, key: string, options: { loadDataDirFile?: string } = {}): DbState {
  const { thread, socketDir } = startPgliteThread(dataDir, options);
  const pool = new pg.Pool({
    host: socketDir,
    port: PGLITE_SOCKET_PORT,
    user: "postgres",
    database: "postgres",
    // PGlite has one session: one connection, kept open (its session state is the database's).
    max: 1,
    idleTimeoutMillis: 0,
    allowExitOnIdle: true,
    Client: clientWaitingFor(thread.ready),
  });
  pool.on("error", () => {});
  return {
    client: new PrismaClient({ adapter: forgettingDriverLog(new PrismaPg(pool)) }),
    engine: "pglite",
    pglite: thread,
    pool,
    key,
  };
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
export async function sql<T>(text: string, params: unknown[] = [], name?: string): Promise<T[]> {
  // A name makes it a prepared statement: each connection parses and plans it once, and later
  // runs send only Bind/Execute (decision 220). Only for fixed text that runs on most requests.
  // PostgreSQL only: the embedded database's one session outlives a reconnection of its client,
  // whose list of prepared names starts empty again ("prepared statement already exists").
  const s = state();
  const named = name && s.engine === "postgresql";
  return (await s.pool.query(named ? { name, text, values: params } : { text, values: params })).rows as T[];
}

/** Names given to statements by their text (statementName), at most MAX_STATEMENT_NAMES. */
const statementNames = new Map<string, string>();
const MAX_STATEMENT_NAMES = 32;

/**
 * A prepared statement's name for a statement built per call whose text repeats (the single
 * registration: its text is fixed per form of ticket reference, everything else is a parameter).
 * Past MAX_STATEMENT_NAMES texts, none: a statement whose text varied per call would otherwise
 * leave a prepared statement per call on every connection.
 */
export function statementName(prefix: string, text: string): string | undefined {
  let name = statementNames.get(text);
  if (!name && statementNames.size < MAX_STATEMENT_NAMES) {
    name = `${prefix}_${createHash("sha256").update(text).digest("hex").slice(0, 16)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * The embedded database's one-connection pool, on the PGlite engine (backups read it in one transaction,
 * server/backup).
 */
export function embeddedDatabasePool(): pg.Pool | undefined {
  const s = state();
  return s.engine === "pglite" ? s.pool : undefined;
}

async function disconnect(s: DbState) {
  await s.client.$disconnect().catch(() => {});
  await s.pool.end().catch(() => {});
  await s.pglite?.close().catch(() => {});
}

export async function closeDb() {
  const current = globalForDb.__raffleDb;
  globalForDb.__raffleDb = undefined;
  if (current) await disconnect(current);
}

// `npm start` (scripts/start.mjs) calls this on SIGTERM/SIGINT before the process exits, so the
// embedded database's thread shuts PostgreSQL down cleanly (decision 190).
(globalThis as { __raffleCloseDb?: () => Promise<void> }).__raffleCloseDb = closeDb;

/** A connection that runs multi-statement SQL scripts (migrations, bulk seeding). */
export interface ScriptRunner {
  exec(sql: string): Promise<void>;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export async function openScriptRunner(): Promise<ScriptRunner> {
  const s = state();
  if (s.pglite) {
    // The pool's one connection, held for the script: nothing else runs between its statements.
    const client = await s.pool.connect();
    return {
      exec: async (sql) => void (await client.query(sql)),
      query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params as unknown[])).rows as T[],
      close: async () => client.release(),
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
