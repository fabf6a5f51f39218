// The backup benchmark (issue 43): backup and restore of a raffle with 100,000 tickets (60% sold),
// time and file size, on the embedded engine and, with BENCH_DATABASE_URL, on PostgreSQL (pg_dump
// and the COPY fallback). Restores go into a fresh empty database of the same engine, and each
// restore checks every table's row count and checksum against the manifest (as `npm run restore`).
//   npx tsx --conditions=react-server bench/backup.ts [--tickets 100000] [--engine pglite|postgresql]
// writes bench/backup-results.json.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { pgliteConnection, postgresConnection, type BackupConnection } from "@/server/backup/connection";
import { createBackup } from "@/server/backup/create-backup";
import { restoreBackup } from "@/server/backup/restore-backup";
import { benchEnv, createDatabase, enginesFrom, seed, type Engine } from "./harness";

const { values } = parseArgs({
  options: { tickets: { type: "string", default: "100000" }, engine: { type: "string" } },
});
const tickets = Number(values.tickets);

function open(env: NodeJS.ProcessEnv): BackupConnection {
  if (env.DATABASE_URL) return postgresConnection(env.DATABASE_URL);
  return pgliteConnection(new PGlite(env.PGLITE_DIR!, { extensions: { pg_trgm } }), { closeWith: true });
}

interface Figures {
  engine: Engine;
  method: string;
  tickets: number;
  backup_ms: number;
  /** CPU time of this process (PGlite runs in it; PostgreSQL's server and pg_dump are not counted). */
  backup_cpu_ms: number;
  file_mb: number;
  restore_ms: number;
  restore_cpu_ms: number;
  restored_tickets: number;
}

const results: Figures[] = [];
const out = mkdtempSync(path.join(tmpdir(), "raffle-bench-backup-"));
for (const engine of enginesFrom(values.engine)) {
  const source = await createDatabase(engine, "backup", benchEnv());
  try {
    console.log(`${engine}: seeding ${tickets} tickets…`);
    seed(source.env, tickets);
    for (const method of engine === "postgresql" ? (["auto", "copy"] as const) : (["copy"] as const)) {
      const connection = open(source.env);
      await connection.transaction("read", async () => {}); // opened (and its WAL replayed) before the clock starts
      const cpuBefore = process.cpuUsage();
      const backup = await createBackup({ connection, dir: out, method }).finally(() => connection.close());
      const backupCpu = process.cpuUsage(cpuBefore);
      const target = await createDatabase(engine, "restore", benchEnv());
      try {
        const into = open(target.env);
        const started = Date.now();
        const restoreCpuBefore = process.cpuUsage();
        const restored = await restoreBackup({ file: backup.file, connection: into }).finally(() => into.close());
        const restoreCpu = process.cpuUsage(restoreCpuBefore);
        const figures: Figures = {
          engine,
          method: backup.manifest.method,
          tickets,
          backup_ms: backup.ms,
          backup_cpu_ms: Math.round((backupCpu.user + backupCpu.system) / 1000),
          file_mb: Number((backup.bytes / 1e6).toFixed(2)),
          restore_ms: Date.now() - started,
          restore_cpu_ms: Math.round((restoreCpu.user + restoreCpu.system) / 1000),
          restored_tickets: restored.tables.tickets.rows,
        };
        console.log(JSON.stringify(figures));
        results.push(figures);
      } finally {
        await target.drop();
        rmSync(backup.file, { force: true });
      }
    }
  } finally {
    await source.drop();
  }
}
rmSync(out, { recursive: true, force: true });
const load = (await import("node:os")).loadavg()[0];
writeFileSync(
  path.join("bench", "backup-results.json"),
  JSON.stringify({ measuredAt: new Date().toISOString(), loadAverageAtEnd: load, results }, null, 2) + "\n",
);
