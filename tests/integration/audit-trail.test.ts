// Issue 40: an audit trail that holds in every install (docs/decisions/211). The audit rows form a hash
// chain, unbroken under concurrent writers; a committed draw's pool takes no row and its tickets keep
// their buyer; the start-up check says when the app's role could erase the records. The check runs
// as the owner role and as the app role of the two-role set-up on PostgreSQL (TEST_DATABASE_URL).
import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { POST as commitRoute } from "@/app/api/draws/route";
import { POST as postPrizeRoute } from "@/app/api/prizes/route";
import { POST as closeSalesRoute } from "@/app/api/raffle/close-sales/route";
import { grantAppRole } from "@/server/db/app-role";
import { checkAuditSafety } from "@/server/db/audit-safety";
import { db, dbEngine, pgScriptRunner, sql } from "@/server/db/client";
import { resetDb } from "@/tests/helpers/db";
import { createAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";
import { createSoldTickets } from "@/tests/helpers/sold-tickets";

let admin: Awaited<ReturnType<typeof createAdminAndStaff>>["admin"];

beforeEach(async () => {
  await resetDb();
  ({ admin } = await createAdminAndStaff());
});

const post = (handler: Parameters<typeof callRoute>[0], p: string, body: unknown) => callRoute(handler, { method: "POST", path: p, body, token: admin.token });

/** Recomputes the chain from the database's own lines; returns the ids whose hash does not follow. */
async function brokenLinks() {
  const rows = await sql<{ id: string; hash: string | null; line: string }>(`SELECT a.id::text AS id, a.hash, audit_row_line(a) AS line FROM audit_log a ORDER BY a.id`);
  let previous = "";
  const broken: string[] = [];
  for (const r of rows) {
    const expected = createHash("sha256").update(`${previous}\n${r.line}`).digest("hex");
    if (r.hash !== expected) broken.push(r.id);
    previous = r.hash ?? "";
  }
  return { rows: rows.length, broken };
}

describe("the audit log's hash chain", () => {
  it("links every row to the one before, with many writers at once, and shows a row changed behind the triggers' back", async () => {
    // 12 transactions at once, each writing 5 rows with a pause between (on PostgreSQL they truly overlap).
    await Promise.all(
      Array.from({ length: 12 }, (_, t) =>
        db().$transaction(async (tx) => {
          for (let i = 0; i < 5; i++) {
            await tx.auditLog.create({ data: { action: "settings.update", entityType: "settings", actorEmail: `w${t}@example.com`, after: { t, i, text: "ñ ₱ \"q\"" } } });
            await new Promise((r) => setTimeout(r, 2));
          }
        }),
      ),
    );
    const chain = await brokenLinks();
    expect(chain.rows).toBeGreaterThanOrEqual(60);
    expect(chain.broken).toEqual([]);
    const [target] = await sql<{ id: string }>(`SELECT id::text FROM audit_log WHERE actor_email = 'w3@example.com' ORDER BY id LIMIT 1`);
    await sql(`ALTER TABLE audit_log DISABLE TRIGGER USER`);
    await sql(`UPDATE audit_log SET after = '{"t": 3, "i": 0, "text": "rewritten"}' WHERE id = $1`, [target.id]);
    await sql(`ALTER TABLE audit_log ENABLE TRIGGER USER`);
    expect((await brokenLinks()).broken).toEqual([target.id]);
  });

  it("is re-sealed by the purge's masking, the one sanctioned rewrite", async () => {
    await db().auditLog.create({ data: { action: "ticket.update", entityType: "ticket", after: { phone_number: "9171234567", buyer_name: "Juan Dela Cruz" } } });
    await db().auditLog.create({ data: { action: "settings.update", entityType: "settings", after: { n: 1 } } });
    for (const s of ["sales_closed", "committed", "drawn", "published", "closed"]) await db().$executeRawUnsafe(`UPDATE raffle_state SET status = '${s}' WHERE id = 1`);
    const masked = await db().$transaction(async (tx) => {
      await tx.$executeRaw`SELECT set_config('raffle.purge', 'on', true)`;
      const [{ n }] = await tx.$queryRaw<{ n: number }[]>`SELECT audit_log_redact_personal_data() AS n`;
      return n;
    });
    expect(masked).toBe(1);
    expect((await db().auditLog.findFirstOrThrow({ where: { action: "ticket.update" } })).after).toEqual({ phone_number: null, buyer_name: "J. D. C." });
    expect((await brokenLinks()).broken).toEqual([]);
    // Outside the purge the hash alone cannot be rewritten either.
    await expect(sql(`UPDATE audit_log SET hash = 'x'`)).rejects.toThrow("audit_log is append-only");
  });
});

describe("a committed draw's pool", () => {
  it("takes no row after the commit, and its tickets keep their buyer", async () => {
    await createSoldTickets(6);
    expect((await post(postPrizeRoute, "/api/prizes", { rank: 1, name: "TV", valuePhp: 20000, backups: 0 })).status).toBe(201);
    expect((await post(closeSalesRoute, "/api/raffle/close-sales", { overrides: [] })).status).toBe(200);
    const committed = await post(commitRoute, "/api/draws", { source: { type: "dice", count: 20 } });
    expect(committed.status, JSON.stringify(committed.json)).toBe(201);
    const id = committed.json.id as string;
    expect(await sql<{ pool_sealed: boolean }>(`SELECT pool_sealed FROM draws WHERE id = $1`, [id])).toEqual([{ pool_sealed: true }]);
    const [ticket] = await sql<{ id: string; control_number: string }>(`SELECT id::text, control_number FROM tickets ORDER BY ticket_number LIMIT 1`);
    await expect(sql(`INSERT INTO draw_pool (draw_id, idx, ticket_id, control_number) VALUES ($1, 999, $2, $3)`, [id, ticket.id, ticket.control_number])).rejects.toThrow(
      "Draw 1's pool was committed and is frozen",
    );
    await expect(sql(`UPDATE draws SET pool_sealed = false WHERE id = $1`, [id])).rejects.toThrow("A committed draw's pool stays sealed");
    await expect(sql(`UPDATE tickets SET buyer_name = 'Someone Else' WHERE id = $1`, [ticket.id])).rejects.toThrow(
      `Ticket ${ticket.control_number} is in a committed draw's pool: its buyer stays as drawn`,
    );
    expect(await sql<{ n: number }>(`SELECT count(*)::int AS n FROM draw_pool WHERE draw_id = $1`, [id])).toEqual([{ n: 6 }]);
  });
});

describe("the start-up check of the app's role", () => {
  it("says that this connection's role could erase the records, and points to the two-role set-up", async () => {
    const safety = await checkAuditSafety();
    expect(safety.canRewrite).toBe(true);
    expect(safety.message).toMatch(/^The app's database role \S+ (is a superuser|owns audit_log and draw_pool \(so it may disable their triggers\)), so it could erase or rewrite the audit log and the draw pool\./);
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
  const queryOf = (client: pg.Client) => async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[];

  afterAll(async () => {
    const owner = await pgScriptRunner(baseUrl);
    for (const role of [appRole, ownerRole]) await owner.exec(`DROP OWNED BY "${role}"; DROP ROLE IF EXISTS "${role}"`).catch(() => {});
    await owner.close();
  });

  it("warns for a role that owns the tables (not a superuser), not for the app role of the two-role set-up", async () => {
    const owner = await pgScriptRunner(baseUrl);
    const [{ tableowner }] = await owner.query<{ tableowner: string }>(`SELECT tableowner FROM pg_tables WHERE tablename = 'audit_log'`);
    await owner.exec(`CREATE ROLE "${ownerRole}" LOGIN NOSUPERUSER; GRANT "${tableowner}" TO "${ownerRole}"; CREATE ROLE "${appRole}" LOGIN NOSUPERUSER`);
    await grantAppRole(owner, appRole);
    await owner.close();

    const asOwner = await asRole(ownerRole, async (client) => checkAuditSafety(queryOf(client)));
    expect(asOwner).toMatchObject({ canRewrite: true, role: ownerRole, reasons: ["owns audit_log and draw_pool (so it may disable their triggers)"] });
    expect(asOwner.message).toContain(`The app's database role ${ownerRole} owns audit_log and draw_pool`);

    const asApp = await asRole(appRole, async (client) => {
      const safety = await checkAuditSafety(queryOf(client));
      // What the check promises: this role can append, and can neither set the triggers aside nor empty the tables.
      await client.query(`INSERT INTO audit_log (action, entity_type) VALUES ('settings.update', 'settings')`);
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
  });
});
