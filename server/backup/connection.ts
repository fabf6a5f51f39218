import "server-only";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { from as copyFrom, to as copyTo } from "pg-copy-streams";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ScriptRunner } from "@/server/db/client";

// What backup and restore need from a database, and nothing else, so they work the same on the
// running app's database, a database a script opens, and whatever engine sits behind either
// (the embedded engine may move to a worker thread: only pgliteConnection would change).

export type BackupEngine = "pglite" | "postgresql";

export interface BackupTx {
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /** The table's rows in COPY's text format. */
  copyOut(table: string): Promise<Buffer>;
  copyIn(table: string, data: Buffer): Promise<void>;
}

export interface BackupConnection {
  engine: BackupEngine;
  /** PostgreSQL: the URL pg_dump and pg_restore connect with. */
  url?: string;
  /**
   * One transaction whose statements all see one instant: REPEATABLE READ on PostgreSQL (READ
   * ONLY when reading); PGlite runs one transaction at a time, so nothing else writes meanwhile.
   * A throw rolls it back.
   */
  transaction<T>(mode: "read" | "write", fn: (tx: BackupTx) => Promise<T>): Promise<T>;
  /** A runner for the migrations, on the same database. */
  scriptRunner(): Promise<ScriptRunner>;
  close(): Promise<void>;
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** An embedded database instance (the app's own, or one a script opened). */
export function pgliteConnection(pglite: PGlite, options: { closeWith?: boolean } = {}): BackupConnection {
  return {
    engine: "pglite",
    transaction: (_mode, fn) =>
      pglite.transaction((tx) =>
        fn({
          query: async <T>(sql: string, params?: unknown[]) => (await tx.query<T>(sql, params)).rows,
          copyOut: async (table) => {
            const result = await tx.query(`COPY ${quoteIdent(table)} TO '/dev/blob'`);
            return result.blob ? Buffer.from(await result.blob.arrayBuffer()) : Buffer.alloc(0);
          },
          copyIn: async (table, data) => {
            if (data.length === 0) return;
            await tx.query(`COPY ${quoteIdent(table)} FROM '/dev/blob'`, [], {
              blob: new Blob([new Uint8Array(data)]),
            });
          },
        }),
      ),
    scriptRunner: async () => ({
      exec: async (sql) => void (await pglite.exec(sql)),
      query: async <T>(sql: string, params?: unknown[]) => (await pglite.query<T>(sql, params)).rows,
      close: async () => {},
    }),
    close: async () => {
      if (options.closeWith) await pglite.close();
    },
  };
}

/** One transaction on a `pg` client: REPEATABLE READ (READ ONLY when reading), COPY over the wire. */
async function clientTransaction<T>(
  client: pg.PoolClient | pg.Client,
  mode: "read" | "write",
  fn: (tx: BackupTx) => Promise<T>,
): Promise<T> {
  await client.query(`BEGIN ISOLATION LEVEL REPEATABLE READ${mode === "read" ? " READ ONLY" : ""}`);
  try {
    const result = await fn({
      query: async <R>(sql: string, params?: unknown[]) => (await client.query(sql, params as unknown[])).rows as R[],
      copyOut: async (table) => {
        const chunks: Buffer[] = [];
        const stream = client.query(copyTo(`COPY ${quoteIdent(table)} TO STDOUT`));
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      },
      copyIn: async (table, data) => {
        if (data.length === 0) return;
        await pipeline(Readable.from([data]), client.query(copyFrom(`COPY ${quoteIdent(table)} FROM STDIN`)));
      },
    });
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  }
}

/** A PostgreSQL database by URL: each transaction on its own connection (never the app's pool). */
export function postgresConnection(url: string): BackupConnection {
  return {
    engine: "postgresql",
    url,
    transaction: async (mode, fn) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return await clientTransaction(client, mode, fn);
      } finally {
        await client.end().catch(() => {});
      }
    },
    scriptRunner: async () => {
      const { pgScriptRunner } = await import("@/server/db/client");
      return pgScriptRunner(url);
    },
    close: async () => {},
  };
}

/**
 * The running app's embedded database, served from its own thread (decision 190) to the app's
 * one-connection pool: the backup's transaction takes that connection, so PGlite runs nothing else
 * meanwhile (one instant, as on PostgreSQL), and reads by COPY TO STDOUT. Only reading: the
 * socket server does not carry COPY FROM STDIN, and restore runs with the app stopped anyway.
 */
export function embeddedAppConnection(pool: pg.Pool): BackupConnection {
  return {
    engine: "pglite",
    transaction: async (mode, fn) => {
      if (mode !== "read")
        throw new Error(
          "the running app's embedded database is only backed up, never restored into: stop the app first",
        );
      const client = await pool.connect();
      try {
        return await clientTransaction(client, mode, fn);
      } finally {
        client.release();
      }
    },
    scriptRunner: async () => {
      throw new Error("the running app's embedded database takes no scripts from a backup: stop the app first");
    },
    close: async () => {},
  };
}
