// @module-tag sql
// Issue 40: an audit trail that holds in every install (docs/decisions/211). The audit rows are sealed
// lazily into a hash chain: writers never wait for each other or for the seal, the chain holds after
// concurrent writers, a sealed row cannot be changed; a committed draw's pool takes no row and its
// tickets keep their buyer; the start-up check says when the app's role could erase the records. The
// check runs as the owner role and as the app role of the two-role set-up on PostgreSQL (TEST_DATABASE_URL).
import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { POST as commitRoute } from "@/app/api/draws/route";
import { POST as postPrizeRoute } from "@/app/api/prizes/route";
import { POST as closeSalesRoute } from "@/app/api/raffle/close-sales/route";
import { sealAuditLog } from "@/server/activity/seal-audit-log";
import { grantAppRole } from "@/server/db/app-role";
import { checkAuditSafety } from "@/server/db/audit-safety";
import { db, dbEngine, pgScriptRunner, sql } from "@/server/db/client";
import { freshAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";
import { createSoldTickets } from "@/tests/helpers/sold-tickets";

const users = freshAdminAndStaff();

const post = (handler: Parameters<typeof callRoute>[0], p: string, body: unknown) =>
  callRoute(handler, { method: "POST", path: p, body, token: users.admin.token });

/** Recomputes the chain, in chain order, from the database's own lines; returns the ids whose hash does not follow. */
async function brokenLinks() {
  const rows = await sql<{ id: string; hash: string | null; line: string }>(
    `SELECT a.id::text AS id, a.hash, audit_row_line(a) AS line FROM ` +
      `audit_log a WHERE a.chain_seq IS NOT NULL ORDER BY a.chain_seq`,
  );
  let previous = "";
  const broken: string[] = [];
  for (const r of rows) {
    const expected = createHash("sha256").update(`${previous}\n${r.line}`).digest("hex");
    if (r.hash !== expected) broken.push(r.id);
    previous = r.hash ?? "";
  }
  const [{ unsealed }] = await sql<{ unsealed: number }>(
    `SELECT count(*)::int AS unsealed FROM audit_log WHERE chain_seq IS NULL OR hash IS NULL`,
  );
  return { rows: rows.length, broken, unsealed };
}

describe("the audit log's hash chain", () => {
  it(
    "is sealed after many writers at once, links every row to the one before, " +
      "and shows a sealed row changed behind the triggers' back",
    async () => {
      // 12 transactions at once, each writing 5 rows with a pause between (on PostgreSQL they truly overlap).
      await Promise.all(
        Array.from({ length: 12 }, (_, t) =>
          db().$transaction(async (tx) => {
            for (let i = 0; i < 5; i++) {
              await tx.auditLog.create({
                data: {
                  action: "settings.update",
                  entityType: "settings",
                  actorEmail: `w${t}@example.com`,
                  after: { t, i, text: 'ñ ₱ "q"' },
                },
              });
              await new Promise((r) => setTimeout(r, 2));
            }
          }),
        ),
      );
      // Written without any chain work: nothing is sealed until the seal runs.
      const [{ n: waiting }] = await sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM audit_log WHERE actor_email LIKE 'w%' AND chain_seq IS NULL AND hash IS NULL`,
      );
      expect(waiting).toBe(60);
      expect(await sealAuditLog()).toBeGreaterThanOrEqual(60);
      expect(await sealAuditLog()).toBe(0);
      const chain = await brokenLinks();
      expect(chain.rows).toBeGreaterThanOrEqual(60);
      expect(chain).toMatchObject({ broken: [], unsealed: 0 });
      const [target] = await sql<{ id: string }>(
        `SELECT id::text FROM audit_log WHERE actor_email = 'w3@example.com' ORDER BY id LIMIT 1`,
      );
      await sql(`ALTER TABLE audit_log DISABLE TRIGGER USER`);
      await sql(`UPDATE audit_log SET after = '{"t": 3, "i": 0, "text": "rewritten"}' WHERE id = $1`, [target.id]);
      await sql(`ALTER TABLE audit_log ENABLE TRIGGER USER`);
      expect((await brokenLinks()).broken).toEqual([target.id]);
    },
  );

  it("refuses any change to a sealed row, its hash and place included, even with the seal's own setting", async () => {
    await db().auditLog.create({ data: { action: "settings.update", entityType: "settings", after: { n: 1 } } });
    await sealAuditLog();
    const [row] = await sql<{ id: string }>(
      `SELECT id::text FROM audit_log WHERE chain_seq IS NOT NULL ORDER BY chain_seq DESC LIMIT 1`,
    );
    await expect(sql(`UPDATE audit_log SET hash = 'x' WHERE id = $1`, [row.id])).rejects.toThrow(
      "audit_log is append-only",
    );
    await expect(sql(`UPDATE audit_log SET chain_seq = NULL, hash = NULL WHERE id = $1`, [row.id])).rejects.toThrow(
      "audit_log is append-only",
    );
    await expect(
      db().$transaction(async (tx) => {
        await tx.$executeRaw`SELECT set_config('audit.seal', 'on', true)`;
        await tx.$executeRawUnsafe(
          `UPDATE audit_log SET hash = repeat('0', 64), chain_seq = chain_seq + 1000000 WHERE id = ${row.id}`,
        );
      }),
    ).rejects.toThrow("audit_log is append-only");
    // An unsealed row may not be changed either, nor sealed with other content.
    await db().auditLog.create({ data: { action: "settings.update", entityType: "settings", after: { n: 2 } } });
    await expect(
      db().$transaction(async (tx) => {
        await tx.$executeRaw`SELECT set_config('audit.seal', 'on', true)`;
        await tx.$executeRawUnsafe(
          `UPDATE audit_log SET after = '{"n": 3}', hash = repeat('0', ` +
            `64), chain_seq = 999999999 WHERE chain_seq IS NULL`,
        );
      }),
    ).rejects.toThrow("audit_log is append-only");
    await sealAuditLog();
    expect(await brokenLinks()).toMatchObject({ broken: [], unsealed: 0 });
  });

  it("is re-sealed by the purge's masking, the one sanctioned rewrite", async () => {
    await db().auditLog.create({
      data: {
        action: "ticket.update",
        entityType: "ticket",
        after: { phone_number: "9171234567", buyer_name: "Juan Dela Cruz" },
      },
    });
    await db().auditLog.create({ data: { action: "settings.update", entityType: "settings", after: { n: 1 } } });
    await sealAuditLog();
    // One row not yet sealed when the purge runs: masked, then sealed over its masked text.
    await db().auditLog.create({
      data: {
        action: "ticket.update",
        entityType: "ticket",
        after: { phone_number: "9170000000", buyer_name: "Ana Reyes" },
      },
    });
    for (const s of ["sales_closed", "committed", "drawn", "published", "closed"])
      await db().$executeRawUnsafe(`UPDATE raffle_state SET status = '${s}' WHERE id = 1`);
    const masked = await db().$transaction(async (tx) => {
      await tx.$executeRaw`SELECT set_config('raffle.purge', 'on', true)`;
      const [{ n }] = await tx.$queryRaw<{ n: number }[]>`SELECT audit_log_redact_personal_data() AS n`;
      return n;
    });
    expect(masked).toBe(2);
    expect(
      (await db().auditLog.findFirstOrThrow({ where: { action: "ticket.update" }, orderBy: { id: "asc" } })).after,
    ).toEqual({ phone_number: null, buyer_name: "J. D. C." });
    expect(await brokenLinks()).toMatchObject({ broken: [], unsealed: 1 });
    await sealAuditLog();
    expect(await brokenLinks()).toMatchObject({ broken: [], unsealed: 0 });
    // Outside the purge the hash alone cannot be rewritten either.
    await expect(sql(`UPDATE audit_log SET hash = 'x'`)).rejects.toThrow("audit_log is append-only");
  });
});

describe.runIf(dbEngine() === "postgresql")("writers and the seal at once (PostgreSQL)", () => {
  const connect = async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    return client;
  };
  const insert = (client: pg.Client, who: string) =>
    client.query(
      `INSERT INTO audit_log (actor_email, action, entity_type) VALUES ` +
        `($1, 'settings.update', 'settings') RETURNING id::text`,
      [who],
    );

  it(
    "lets two transactions write audit rows without waiting for each " +
      "other; a row committed late takes a later place",
    async () => {
      const a = await connect();
      const b = await connect();
      try {
        await a.query("BEGIN");
        const [{ id: aId }] = (await insert(a, "a@example.com")).rows;
        // A stays open; B writes and commits at once (no lock between them: a wait would time out here).
        await b.query("SET statement_timeout = 1000");
        const started = Date.now();
        await b.query("BEGIN");
        const [{ id: bId }] = (await insert(b, "b@example.com")).rows;
        await b.query("COMMIT");
        expect(Date.now() - started).toBeLessThan(1000);
        expect(BigInt(aId)).toBeLessThan(BigInt(bId));
        // The seal, while A is still open, does not wait for it either and leaves its row for later.
        const sealStarted = Date.now();
        await sealAuditLog();
        expect(Date.now() - sealStarted).toBeLessThan(1000);
        await a.query("COMMIT");
        await sealAuditLog();
        const places = await sql<{ email: string; seq: string }>(
          `SELECT actor_email AS email, chain_seq::text AS seq FROM audit_log WHERE id IN ($1, $2)`,
          [aId, bId],
        );
        const seq = Object.fromEntries(places.map((p) => [p.email, BigInt(p.seq)]));
        expect(seq["a@example.com"]).toBeGreaterThan(seq["b@example.com"]);
        expect(await brokenLinks()).toMatchObject({ broken: [], unsealed: 0 });
      } finally {
        await a.end();
        await b.end();
      }
    },
  );

  it("seals while writers keep writing, and the chain holds", async () => {
    const writers = Array.from({ length: 4 }, async (_, w) => {
      const client = await connect();
      try {
        for (let i = 0; i < 10; i++) {
          await client.query("BEGIN");
          await insert(client, `w${w}@example.com`);
          await insert(client, `w${w}@example.com`);
          await new Promise((r) => setTimeout(r, 3));
          await client.query("COMMIT");
        }
      } finally {
        await client.end();
      }
    });
    const sealing = (async () => {
      for (let i = 0; i < 10; i++) {
        await sealAuditLog();
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    await Promise.all([...writers, sealing]);
    await sealAuditLog();
    const chain = await brokenLinks();
    expect(chain).toMatchObject({ broken: [], unsealed: 0 });
    expect(chain.rows).toBeGreaterThanOrEqual(80);
  });
});

describe("a committed draw's pool", () => {
  it("takes no row after the commit, and its tickets keep their buyer", async () => {
    await createSoldTickets(6);
    expect(
      (await post(postPrizeRoute, "/api/prizes", { rank: 1, name: "TV", valuePhp: 20000, backups: 0 })).status,
    ).toBe(201);
    expect((await post(closeSalesRoute, "/api/raffle/close-sales", { overrides: [] })).status).toBe(200);
    const committed = await post(commitRoute, "/api/draws", { source: { type: "dice", count: 20 } });
    expect(committed.status, JSON.stringify(committed.json)).toBe(201);
    const id = committed.json.id as string;
    expect(await sql<{ pool_sealed: boolean }>(`SELECT pool_sealed FROM draws WHERE id = $1`, [id])).toEqual([
      { pool_sealed: true },
    ]);
    const [ticket] = await sql<{ id: string; control_number: string }>(
      `SELECT id::text, control_number FROM tickets ORDER BY ticket_number LIMIT 1`,
    );
    await expect(
      sql(`INSERT INTO draw_pool (draw_id, idx, ticket_id, control_number) VALUES ($1, 999, $2, $3)`, [
        id,
        ticket.id,
        ticket.control_number,
      ]),
    ).rejects.toThrow("Draw 1's pool was committed and is frozen");
    await expect(sql(`UPDATE draws SET pool_sealed = false WHERE id = $1`, [id])).rejects.toThrow(
      "A committed draw's pool stays sealed",
    );
    await expect(sql(`UPDATE tickets SET buyer_name = 'Someone Else' WHERE id = $1`, [ticket.id])).rejects.toThrow(
      `Ticket ${ticket.control_number} is in a committed draw's pool: its buyer stays as drawn`,
    );
    expect(await sql<{ n: number }>(`SELECT count(*)::int AS n FROM draw_pool WHERE draw_id = $1`, [id])).toEqual([
      { n: 6 },
    ]);
  });
});

describe("the start-up check of the app's role", () => {
  it("says that this connection's role could erase the records, and points to the two-role set-up", async () => {
    const safety = await checkAuditSafety();
    expect(safety.canRewrite).toBe(true);
    expect(safety.message).toMatch(
      new RegExp(
        /^The app's database role \S+ /.source +
          /(is a superuser|owns audit_log and draw_pool \(so it may disable their triggers\)), /.source +
          /so it could erase or rewrite the audit log and the draw pool\./.source,
      ),
    );
    expect(safety.message).toContain('README, "Two database roles"');
  });
});

describe.runIf(dbEngine() === "postgresql")("the check as the owner role and as the app role (PostgreSQL)", () => {
  const suffix = `${process.pid}_${randomBytes(3).toString("hex")}`;
  const ownerRole = `raffle_owner_${suffix}`;
  const appRole = `raffle_app_${suffix}`;
  const baseUrl = process.env.DATABASE_URL ?? "";
  const urlFor = (role: string) => {
    const url = new URL(baseUrl);
    url.username = role;
    url.password = "";
    return url.toString();
  };
  const asRole = async <T>(role: string, work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: urlFor(role) });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  const queryOf =
    (client: pg.Client) =>
    async <T>(text: string, params?: unknown[]) =>
      (await client.query(text, params)).rows as T[];

  afterAll(async () => {
    const owner = await pgScriptRunner(baseUrl);
    for (const role of [appRole, ownerRole])
      await owner.exec(`DROP OWNED BY "${role}"; DROP ROLE IF EXISTS "${role}"`).catch(() => {});
    await owner.close();
  });

  it(
    "warns for a role that owns the tables (not a superuser), " + "not for the app role of the two-role set-up",
    async () => {
      const owner = await pgScriptRunner(baseUrl);
      const [{ tableowner }] = await owner.query<{ tableowner: string }>(
        `SELECT tableowner FROM pg_tables WHERE tablename = 'audit_log'`,
      );
      await owner.exec(
        `CREATE ROLE "${ownerRole}" LOGIN NOSUPERUSER; GRANT "${tableowner}" TO ` +
          `"${ownerRole}"; CREATE ROLE "${appRole}" LOGIN NOSUPERUSER`,
      );
      await grantAppRole(owner, appRole);
      await owner.close();

      const asOwner = await asRole(ownerRole, async (client) => checkAuditSafety(queryOf(client)));
      expect(asOwner).toMatchObject({
        canRewrite: true,
        role: ownerRole,
        reasons: ["owns audit_log and draw_pool (so it may disable their triggers)"],
      });
      expect(asOwner.message).toContain(`The app's database role ${ownerRole} owns audit_log and draw_pool`);

      const asApp = await asRole(appRole, async (client) => {
        const safety = await checkAuditSafety(queryOf(client));
        // What the check promises: this role can append, and can neither set the triggers aside nor empty the tables.
        await client.query(`INSERT INTO audit_log (action, entity_type) VALUES ('settings.update', 'settings')`);
        // It may seal (audit_log_seal runs as the owner) but not write a hash itself.
        expect((await client.query(`SELECT audit_log_seal() AS n`)).rows[0].n).toBeGreaterThanOrEqual(1);
        await expect(client.query(`UPDATE audit_log SET hash = NULL, chain_seq = NULL`)).rejects.toThrow(
          /permission denied/,
        );
        for (const [statement, expected] of [
          ["ALTER TABLE audit_log DISABLE TRIGGER USER", /must be owner/],
          ["TRUNCATE audit_log", /permission denied/],
          ["ALTER TABLE draw_pool DISABLE TRIGGER USER", /must be owner/],
          ["TRUNCATE draw_pool", /permission denied/],
        ] as const) {
          await expect(client.query(statement), statement).rejects.toThrow(expected);
        }
        return safety;
      });
      expect(asApp).toEqual({ canRewrite: false, role: appRole, reasons: [], message: "" });
      expect((await brokenLinks()).broken).toEqual([]);
    },
  );
});
