import "server-only";
import { quoteIdent, type BackupTx } from "@/server/backup/connection";

/** A table's row count and a checksum over its rows, the same on both engines for the same rows. */
export interface TableStat {
  rows: number;
  /** md5 over the sorted md5s of each row's text form: independent of the rows' physical order. */
  checksum: string;
}

export interface SequenceState {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

/** Rows render the same on every session only with these fixed (time zone, date and float formats). */
export const STABLE_OUTPUT = [
  "SET LOCAL TimeZone = 'UTC'",
  "SET LOCAL DateStyle = 'ISO, YMD'",
  "SET LOCAL IntervalStyle = 'postgres'",
  "SET LOCAL extra_float_digits = 1",
  "SET LOCAL bytea_output = 'hex'",
];

export async function setStableOutput(tx: BackupTx) {
  for (const statement of STABLE_OUTPUT) await tx.query(statement);
}

/** The public schema's tables, `_prisma_migrations` aside (the manifest lists the migrations by name). */
export async function listTables(tx: BackupTx): Promise<string[]> {
  const rows = await tx.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = ` +
      `'public' AND tablename <> '_prisma_migrations' ORDER BY 1`,
  );
  return rows.map((r) => r.name);
}

export async function readTableStat(tx: BackupTx, table: string): Promise<TableStat> {
  const [row] = await tx.query<{ rows: string; checksum: string }>(
    `SELECT count(*)::text AS rows, md5(coalesce(string_agg(h, '' ORDER BY h), '')) AS checksum
       FROM (SELECT md5(t::text) AS h FROM ${quoteIdent(table)} t) s`,
  );
  return { rows: Number(row.rows), checksum: row.checksum };
}

export async function readTableStats(tx: BackupTx, tables: string[]): Promise<Record<string, TableStat>> {
  const stats: Record<string, TableStat> = {};
  for (const table of tables) stats[table] = await readTableStat(tx, table);
  return stats;
}

export async function readSequences(tx: BackupTx): Promise<SequenceState[]> {
  const names = await tx.query<{ name: string }>(
    `SELECT sequencename AS name FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`,
  );
  const out: SequenceState[] = [];
  for (const { name } of names) {
    const [s] = await tx.query<{ last_value: string; is_called: boolean }>(
      `SELECT last_value::text, is_called FROM ${quoteIdent(name)}`,
    );
    out.push({ name, lastValue: s.last_value, isCalled: s.is_called });
  }
  return out;
}

export async function readAppliedMigrations(tx: BackupTx): Promise<{ name: string; checksum: string }[]> {
  const exists = await tx.query<{ ok: boolean }>(`SELECT to_regclass('public._prisma_migrations') IS NOT NULL AS ok`);
  if (!exists[0]?.ok) return [];
  return tx.query<{ name: string; checksum: string }>(
    `SELECT migration_name AS name, checksum FROM "_prisma_migrations" WHERE ` +
      `finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
  );
}

/** Tables in an order that loads parents before children (foreign keys within the set; self-references ignored). */
export async function loadOrder(tx: BackupTx, tables: string[]): Promise<string[]> {
  const edges = await tx.query<{ child: string; parent: string }>(
    `SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
       FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
      WHERE c.contype = 'f' AND n.nspname = 'public' AND c.conrelid <> c.confrelid`,
  );
  const unquote = (s: string) => s.replace(/^"(.*)"$/, "$1").replaceAll('""', '"');
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const e of edges) parents.get(unquote(e.child))?.add(unquote(e.parent));
  const done = new Set<string>();
  const order: string[] = [];
  const visit = (t: string, path: Set<string>) => {
    if (done.has(t) || path.has(t)) return;
    path.add(t);
    for (const p of parents.get(t) ?? []) if (parents.has(p)) visit(p, path);
    path.delete(t);
    done.add(t);
    order.push(t);
  };
  for (const t of tables) visit(t, new Set());
  return order;
}
