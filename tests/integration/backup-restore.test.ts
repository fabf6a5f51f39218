// @module-tag sql
// Backups (issue 43): the restore drill on the engine the suite runs on. A raffle with sales, voids,
// remittances, a statement and a published draw is backed up while requests write, restored into an
// empty database, and every table's row count and checksum read back from that database equal the
// manifest's; the app then runs on it and verify-draw.mjs passes on the restored draw. A backup taken
// while twenty registrations run at once holds each of them whole or not at all.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { NextRequest } from "next/server";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import { POST as commitRoute } from "@/app/api/draws/route";
import { POST as positionRoute } from "@/app/api/draws/[id]/positions/[n]/[action]/route";
import { POST as publishRoute } from "@/app/api/draws/[id]/publish/route";
import { POST as revealRoute } from "@/app/api/draws/[id]/reveal/route";
import { POST as postPrizeRoute } from "@/app/api/prizes/route";
import { GET as certificateRoute } from "@/app/api/public/draws/[id]/certificate.json/route";
import { GET as poolCsvRoute } from "@/app/api/public/draws/[id]/pool.csv/route";
import { POST as closeSalesRoute } from "@/app/api/raffle/close-sales/route";
import { GET as balancesRoute } from "@/app/api/remittances/balances/route";
import { POST as remittancesRoute } from "@/app/api/remittances/route";
import { POST as voidRemittanceRoute } from "@/app/api/remittances/[id]/void/route";
import { POST as customRange } from "@/app/api/tickets/admin/generate-custom-range/route";
import { POST as registerMultipleRoute } from "@/app/api/tickets/register-multiple/route";
import { POST as voidTicketRoute } from "@/app/api/tickets/[id]/void/route";
import { appBackupConnection } from "@/server/backup/app-connection";
import { pgliteConnection, postgresConnection, type BackupConnection } from "@/server/backup/connection";
import { createBackup } from "@/server/backup/create-backup";
import { SECRETS_TABLE } from "@/server/backup/manifest";
import { readBackup } from "@/server/backup/read-backup";
import { restoreBackup } from "@/server/backup/restore-backup";
import { listTables, readTableStats, setStableOutput } from "@/server/backup/table-stats";
import { writeTar, readTar } from "@/server/backup/tar";
import { db, dbEngine, pgliteState } from "@/server/db/client";
import { migrate } from "@/server/db/migrate";
import { resetEnvCache } from "@/server/env";
import { ensureInstallationSecrets, installationSecret } from "@/server/secrets/installation-secrets";
import { resetDb } from "@/tests/helpers/db";
import { createAdminAndStaff, type createSignedInUser } from "@/tests/helpers/factories";
import { callRoute, TEST_ORIGIN } from "@/tests/helpers/http";
import { gcashStatementPdf } from "@/tests/helpers/statement-files";
import { uploadStatement } from "@/tests/helpers/statement-upload";
import { PGLITE_EXTENSIONS, testFileDatabaseName } from "@/tests/setup/template-database";

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;
let admin: SignedIn;
let staff: SignedIn;
const serverUrl = process.env.TEST_DATABASE_URL;
const dir = mkdtempSync(path.join(tmpdir(), "raffle-backups-"));
const cleanups: (() => Promise<void>)[] = [];

beforeEach(async () => {
  await resetDb();
  ({ admin, staff } = await createAdminAndStaff());
});
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** An empty database of the suite's engine to restore into, and how the app would be pointed at it. */
async function emptyDatabase(): Promise<{ connection: BackupConnection; useAsApp: () => Promise<void> }> {
  if (serverUrl) {
    const name = testFileDatabaseName(
      inject("testDatabase").template!,
      `${process.pid}_restore_${randomBytes(3).toString("hex")}`,
    );
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const original = process.env.DATABASE_URL;
    cleanups.push(async () => {
      process.env.DATABASE_URL = original;
      resetEnvCache();
      db(); // the file's own database again, before the restored one is dropped
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    });
    return {
      connection: postgresConnection(url.toString()),
      useAsApp: async () => {
        process.env.DATABASE_URL = url.toString();
        resetEnvCache();
      },
    };
  }
  const pglite = new PGlite("memory://", { extensions: PGLITE_EXTENSIONS });
  const slot = globalThis as typeof globalThis & { __raffleDb?: unknown };
  const original = slot.__raffleDb;
  cleanups.push(async () => {
    slot.__raffleDb = original;
    await pglite.close();
  });
  return {
    connection: pgliteConnection(pglite),
    // As tests/setup/database.ts installs the file's own PGlite: the restored database's data
    // directory, dumped and served from a thread of its own (decision 190).
    useAsApp: async () => {
      const dump = path.join(await mkdtemp(path.join(tmpdir(), "raffle-restored-")), "data.tar");
      await writeFile(dump, Buffer.from(await (await pglite.dumpDataDir("none")).arrayBuffer()));
      const state = pgliteState("memory://", "pglite:memory://", { loadDataDirFile: dump });
      slot.__raffleDb = state;
      await state.pglite!.ready;
      cleanups.push(() => state.pglite!.close());
    },
  };
}

const post = (
  handler: Parameters<typeof callRoute>[0],
  p: string,
  body: unknown,
  params: Record<string, string> = {},
  token = admin.token,
) => callRoute(handler, { method: "POST", path: p, body, params, token });

async function createTickets(start: number, end: number) {
  const res = await post(customRange, "/api/tickets/admin/generate-custom-range", {
    startRange: start,
    endRange: end,
    userId: "admin@example.com",
  });
  expect(res.status).toBe(201);
  return res.json.tickets as { id: string; control_number: string }[];
}

const sell = (ticketIds: string[], extra: Record<string, unknown> = {}) =>
  post(
    registerMultipleRoute,
    "/api/tickets/register-multiple",
    { ticketIds, buyerName: "Maria Clara", phoneNumber: "09171234567", ...extra },
    {},
    staff.token,
  );

const remit = (amount: string) =>
  post(remittancesRoute, "/api/remittances", { sellerId: staff.user.id, amount, method: "cash" });

/** What a person would call the raffle's state: every table's count and checksum, read from a connection. */
async function statsOf(connection: BackupConnection) {
  return connection.transaction("read", async (tx) => {
    await setStableOutput(tx);
    return readTableStats(tx, await listTables(tx));
  });
}

/** Every payment's expected amount equals its tickets' amounts: a registration is whole or absent. */
async function tornRegistrations(connection: BackupConnection) {
  return connection.transaction("read", async (tx) => {
    const [row] = await tx.query<{ torn: string; payments: string; tickets: string }>(
      `SELECT (SELECT count(*) FROM payments p WHERE p.amount_expected <> (SELECT coalesce(sum(t.amount), 0) FROM ` +
        `tickets t WHERE t.payment_id = p.id))::text AS torn,
              (SELECT count(*) FROM payments)::text AS payments,
              (SELECT count(*) FROM tickets WHERE registered_at IS NOT NULL)::text AS tickets`,
    );
    return { torn: Number(row.torn), payments: Number(row.payments), tickets: Number(row.tickets) };
  });
}

async function publicText(handler: Parameters<typeof callRoute>[0], urlPath: string, params: Record<string, string>) {
  const res = await handler(new NextRequest(new URL(urlPath, TEST_ORIGIN), { headers: { host: "localhost:3000" } }), {
    params: Promise.resolve(params),
  });
  expect(res.status).toBe(200);
  return res.text();
}

const DICE = "35126443526115623416";

/** Sales (one by GCash), two voided tickets, remittances (one voided), a GCash statement, a published draw. */
async function buildRaffle() {
  const tickets = await createTickets(1, 40);
  for (let i = 0; i < 10; i++) expect((await sell(tickets.slice(i * 3, i * 3 + 3).map((t) => t.id))).status).toBe(200);
  const gcash = await sell([tickets[30].id], { paymentMethod: "gcash", paymentReference: "1001543610110" });
  expect(gcash.status, JSON.stringify(gcash.json)).toBe(200);
  for (const t of [tickets[0], tickets[4]]) {
    expect(
      (await post(voidTicketRoute, `/api/tickets/${t.id}/void`, { reason: "refunded" }, { id: t.id })).status,
    ).toBe(200);
  }
  const first = await remit("300.00");
  expect(first.status).toBe(201);
  expect((await remit("150.00")).status).toBe(201);
  const id = first.json.remittance.id as string;
  expect(
    (await post(voidRemittanceRoute, `/api/remittances/${id}/void`, { reason: "counted twice" }, { id })).status,
  ).toBe(200);
  const today = (
    await db().$queryRaw<{ d: string }[]>`SELECT to_char(now() AT TIME ZONE 'Asia/Manila', 'YYYY-MM-DD') AS d`
  )[0].d;
  const pdf = await gcashStatementPdf({
    rows: [
      {
        time: `${today} 09:00 AM`,
        description: "Received GCash from MARIA CLARA",
        reference: "1001543610110",
        credit: "50.00",
        balance: "1,000.00",
      },
    ],
    password: "0917",
    from: today,
    to: today,
  });
  const imported = await uploadStatement({
    token: admin.token,
    bytes: pdf,
    fileName: "history.pdf",
    kind: "gcash_pdf",
    password: "0917",
  });
  expect(imported.status, JSON.stringify(imported.json)).toBe(201);
  // Sales close only when every seller has turned in their cash.
  const balances = await callRoute(balancesRoute, { path: "/api/remittances/balances", token: admin.token });
  const owed = (balances.json.sellers as { sellerId: string; balance: string }[]).find(
    (s) => s.sellerId === staff.user.id,
  )!.balance;
  expect((await remit(owed)).status).toBe(201);
  expect(
    (await post(postPrizeRoute, "/api/prizes", { rank: 1, name: "Motorcycle", valuePhp: 80000, backups: 1 })).status,
  ).toBe(201);
  const closed = await post(closeSalesRoute, "/api/raffle/close-sales", { overrides: [] });
  expect(closed.status, JSON.stringify(closed.json)).toBe(200);
  const drawId = (await post(commitRoute, "/api/draws", { source: { type: "dice", count: 20 } })).json.id as string;
  expect(
    (
      await post(
        revealRoute,
        `/api/draws/${drawId}/reveal`,
        { outsideValue: DICE, outsideValueConfirm: DICE, witnesses: ["Pedro Penduko"] },
        { id: drawId },
      )
    ).status,
  ).toBe(200);
  const act = (n: number, action: string) =>
    post(positionRoute, `/api/draws/${drawId}/positions/${n}/${action}`, {}, { id: drawId, n: String(n), action });
  expect((await act(1, "notify")).status).toBe(200);
  const published = await post(publishRoute, `/api/draws/${drawId}/publish`, undefined, { id: drawId });
  expect(published.status, JSON.stringify(published.json)).toBe(200);
  return drawId;
}

describe("the restore drill", () => {
  it(
    "backs up a whole raffle while requests write, restores it into an empty " +
      "database table for table, and the restored draw verifies",
    async () => {
      await ensureInstallationSecrets(); // as the app's start does
      const drawId = await buildRaffle();
      // Remittances keep arriving while the backup is taken.
      const writes = Promise.all(Array.from({ length: 8 }, (_, i) => remit(`${i + 1}.00`)));
      const backup = await createBackup({ connection: appBackupConnection(), dir, withSecrets: true });
      expect((await writes).every((r) => r.status === 201)).toBe(true);
      expect(backup.manifest.engine).toBe(dbEngine());
      expect(backup.manifest.method).toBe(serverUrl ? "pg_dump" : "copy");
      expect(backup.manifest.lastMigration).toBe(backup.manifest.migrations.at(-1)!.name);
      expect(backup.manifest.tables.tickets.rows).toBe(40);
      expect(backup.manifest.tables.draws.rows).toBe(1);
      expect(backup.manifest.tables.statement_lines.rows).toBe(1);
      expect(backup.manifest.tables[SECRETS_TABLE].rows).toBe(3);

      const target = await emptyDatabase();
      const restored = await restoreBackup({ file: backup.file, connection: target.connection });
      expect(restored.applied).toEqual([]);
      expect(restored.warnings).toEqual([]);
      // Read back independently of the restore's own check: every table, count and checksum.
      const { manifest } = await readBackup(backup.file);
      expect(await statsOf(target.connection)).toEqual(manifest.tables);
      // The remittances and their receipt counter come from one instant: numbers 1..n, the counter at n.
      const receipts = await target.connection.transaction("read", (tx) =>
        tx.query<{ n: string; max: string; counter: string }>(
          `SELECT count(*)::text AS n, max(receipt_number)::text AS max, (SELECT ` +
            `last_number::text FROM remittance_receipt_counter) AS counter FROM remittances`,
        ),
      );
      expect(receipts[0].n).toBe(receipts[0].max);
      expect(receipts[0].counter).toBe(receipts[0].max);

      // The app runs on the restored database: migrations (none pending), its keys, the public draw files.
      const signingKey = await installationSecret("signing_key");
      await target.useAsApp();
      expect((await migrate()).applied).toEqual([]);
      expect(await db().ticket.count()).toBe(40);
      expect((await db().installationSecret.findUniqueOrThrow({ where: { name: "signing_key" } })).value).toBe(
        signingKey,
      );
      const work = mkdtempSync(path.join(tmpdir(), "restored-draw-"));
      writeFileSync(
        path.join(work, "certificate.json"),
        await publicText(certificateRoute, `/api/public/draws/${drawId}/certificate.json`, { id: drawId }),
      );
      writeFileSync(
        path.join(work, "pool.csv"),
        await publicText(poolCsvRoute, `/api/public/draws/${drawId}/pool.csv`, { id: drawId }),
      );
      const out = execFileSync(process.execPath, [
        "scripts/verify-draw.mjs",
        path.join(work, "certificate.json"),
        path.join(work, "pool.csv"),
      ]).toString();
      expect(out).toMatch(/signature/i);
    },
    300_000,
  );

  it("keeps each of twenty registrations running at once wholly in the backup or wholly out", async () => {
    const tickets = await createTickets(1, 100);
    const registrations = Promise.all(
      Array.from({ length: 20 }, (_, i) => sell(tickets.slice(i * 5, i * 5 + 5).map((t) => t.id))),
    );
    // Taken while they run (on PostgreSQL by COPY here; the drill above uses pg_dump).
    await new Promise((resolve) => setTimeout(resolve, 20));
    const backup = await createBackup({ connection: appBackupConnection(), dir, method: "copy" });
    expect((await registrations).map((r) => r.status)).toEqual(Array(20).fill(200));
    const target = await emptyDatabase();
    await restoreBackup({ file: backup.file, connection: target.connection });
    const restored = await tornRegistrations(target.connection);
    expect(restored.torn).toBe(0);
    expect(restored.tickets).toBe(restored.payments * 5);
    expect(restored.payments).toBe(backup.manifest.tables.payments.rows);
    expect(await statsOf(target.connection)).toEqual(backup.manifest.tables);
    if (serverUrl) {
      // A COPY backup of PostgreSQL restores into the embedded engine too, table for table.
      const embedded = new PGlite("memory://", { extensions: PGLITE_EXTENSIONS });
      cleanups.push(() => embedded.close());
      await restoreBackup({ file: backup.file, connection: pgliteConnection(embedded) });
      expect(await statsOf(pgliteConnection(embedded))).toEqual(backup.manifest.tables);
    }
  }, 300_000);
});

describe("what restore refuses", () => {
  it("refuses a database that holds data unless --replace, and then keeps a backup of what it replaced", async () => {
    await createTickets(1, 3);
    const backup = await createBackup({ connection: appBackupConnection(), dir });
    const target = await emptyDatabase();
    await restoreBackup({ file: backup.file, connection: target.connection });
    await expect(restoreBackup({ file: backup.file, connection: target.connection })).rejects.toThrow(
      "the database is not empty (2 users, 3 tickets, 1 audit_log): restore " +
        "into an empty database, or pass --replace to overwrite it",
    );
    const again = await restoreBackup({
      file: backup.file,
      connection: target.connection,
      replace: true,
      replacedBackupDir: dir,
    });
    expect(again.replaced?.manifest.tables.tickets.rows).toBe(3);
    expect(await statsOf(target.connection)).toEqual(backup.manifest.tables);
  }, 300_000);

  it("refuses a damaged file naming the part, and leaves the keys out unless asked", async () => {
    const secret = await installationSecret("draw_seed_key");
    const backup = await createBackup({ connection: appBackupConnection(), dir, method: "copy" });
    const tar = gunzipSync(readFileSync(backup.file));
    expect(tar.includes(Buffer.from(secret))).toBe(false);
    expect(backup.manifest.parts.map((p) => p.name)).not.toContain(`tables/${SECRETS_TABLE}.copy`);
    const entries = readTar(tar);
    const users = entries.find((e) => e.name === "tables/users.copy")!;
    users.data = Buffer.from(users.data.toString().replace("admin@example.com", "admin@example.org"));
    const damaged = path.join(dir, "damaged.tar.gz");
    writeFileSync(damaged, gzipSync(writeTar(entries)));
    const target = await emptyDatabase();
    await expect(restoreBackup({ file: damaged, connection: target.connection })).rejects.toThrow(
      `${damaged}: part tables/users.copy does not match its SHA-256 in the manifest (the file is damaged)`,
    );
    const restored = await restoreBackup({ file: backup.file, connection: target.connection });
    expect(restored.warnings[0]).toMatch(/^the backup holds no keys/);
  }, 300_000);
});
