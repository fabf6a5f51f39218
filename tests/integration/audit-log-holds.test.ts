// @module-tag sql
// Issue 25 item 4: the audit log cannot be rewritten by the app's own database role, and an
// administrator's checkpoints make a removal that got past the database visible.
// The triggers are tested on every engine; the two-role setup on PostgreSQL (TEST_DATABASE_URL).
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { POST as createCheckpointRoute } from "@/app/api/audit/checkpoints/route";
import { GET as verifyCheckpointRoute } from "@/app/api/audit/checkpoints/[id]/verify/route";
import { grantAppRole } from "@/server/db/app-role";
import { db, dbEngine, pgScriptRunner, sql } from "@/server/db/client";
import { freshAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";

async function addAuditRows(n: number) {
  for (let i = 0; i < n; i++) {
    await db().auditLog.create({
      data: {
        action: "settings.update",
        entityType: "settings",
        actorEmail: "admin@example.com",
        after: { n: i, text: 'ñ ₱ "q"' },
      },
    });
  }
}

const users = freshAdminAndStaff();

describe("the audit log refuses every rewrite by the app's role", () => {
  it("UPDATE, DELETE and TRUNCATE of audit_log and audit_checkpoints are refused, and nothing changes", async () => {
    await addAuditRows(3);
    await callRoute(createCheckpointRoute, {
      method: "POST",
      path: "/api/audit/checkpoints",
      token: users.admin.token,
    });
    for (const table of ["audit_log", "audit_checkpoints"]) {
      for (const statement of [
        `UPDATE ${table} SET id = id`,
        `DELETE FROM ${table}`,
        `TRUNCATE ${table}`,
        `TRUNCATE ${table} CASCADE`,
      ]) {
        await expect(sql(statement), statement).rejects.toThrow(`${table} is append-only`);
      }
    }
    expect(await db().auditLog.count()).toBe(3);
    expect(await db().auditCheckpoint.count()).toBe(1);
  });
});

describe.runIf(dbEngine() === "postgresql")("the two-role setup (PostgreSQL)", () => {
  const appRole = `raffle_app_${process.pid}_${randomBytes(3).toString("hex")}`;
  const ownerUrl = process.env.DATABASE_URL ?? "";
  const appUrl = (() => {
    if (!ownerUrl) return "";
    const url = new URL(ownerUrl);
    url.username = appRole;
    url.password = "";
    return url.toString();
  })();

  afterAll(async () => {
    const owner = await pgScriptRunner(ownerUrl);
    await owner.exec(`DROP OWNED BY "${appRole}"; DROP ROLE IF EXISTS "${appRole}"`).catch(() => {});
    await owner.close();
  });

  it("the app's role can read and append, and every way to rewrite the log is refused", async () => {
    const owner = await pgScriptRunner(ownerUrl);
    await owner.exec(`CREATE ROLE "${appRole}" LOGIN`);
    await grantAppRole(owner, appRole);
    await owner.close();
    await addAuditRows(2);

    const app = new pg.Client({ connectionString: appUrl });
    await app.connect();
    try {
      await app.query(`INSERT INTO audit_log (action, entity_type) VALUES ('settings.update', 'settings')`);
      expect((await app.query(`SELECT count(*)::int AS n FROM audit_log`)).rows[0].n).toBe(3);
      // The app's ordinary work still goes through.
      await app.query(`UPDATE settings SET api_rate_limit = api_rate_limit WHERE id = 1`);
      const attacks: [string, RegExp][] = [
        [`UPDATE audit_log SET action = 'x'`, /permission denied/],
        [`DELETE FROM audit_log`, /permission denied/],
        [`TRUNCATE audit_log`, /permission denied/],
        [`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update_or_delete`, /must be owner/],
        [`ALTER TABLE audit_log DISABLE TRIGGER ALL`, /must be owner/],
        [`DROP TRIGGER audit_log_no_truncate ON audit_log`, /must be owner/],
        [`DROP TABLE audit_log`, /must be owner/],
        [`ALTER TABLE audit_log OWNER TO "${appRole}"`, /must be owner/],
        [`SET session_replication_role = replica`, /permission denied/],
        [
          `CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS ` +
            `trigger LANGUAGE plpgsql AS $$ BEGIN RETURN OLD; END $$`,
          /must be owner|permission denied/,
        ],
        [`DELETE FROM audit_checkpoints`, /permission denied/],
        [`DELETE FROM "_prisma_migrations"`, /permission denied/],
      ];
      for (const [statement, expected] of attacks) {
        await expect(app.query(statement), statement).rejects.toThrow(expected);
      }
      expect((await app.query(`SELECT count(*)::int AS n FROM audit_log`)).rows[0].n).toBe(3);
      // The checkpoint's lock runs with the owner's rights.
      expect(Number((await app.query(`SELECT audit_log_settled_max_id() AS id`)).rows[0].id)).toBeGreaterThan(0);
      // The purge's masking (docs/decisions/147) runs with the owner's rights too, and only as the
      // purge: refused without its switch, refused while the raffle is not closed, then exactly the masking.
      await app.query(
        `INSERT INTO audit_log (action, entity_type, after) VALUES ('ticket.update', ` +
          `'ticket', '{"phone_number": "9171234567", "buyer_name": "Juan Dela Cruz"}')`,
      );
      await expect(app.query(`SELECT audit_log_redact_personal_data()`)).rejects.toThrow(
        /Only the purge of personal data masks the audit log/,
      );
      const asPurge = async () => {
        await app.query("BEGIN");
        try {
          await app.query(`SELECT set_config('raffle.purge', 'on', true)`);
          const { rows } = await app.query(`SELECT audit_log_redact_personal_data() AS n`);
          await app.query("COMMIT");
          return rows[0].n as number;
        } catch (error) {
          await app.query("ROLLBACK");
          throw error;
        }
      };
      await expect(asPurge()).rejects.toThrow(/audit_log is append-only/);
      for (const s of ["sales_closed", "committed", "drawn", "published", "closed"])
        await db().$executeRawUnsafe(`UPDATE raffle_state SET status = '${s}' WHERE id = 1`);
      expect(await asPurge()).toBe(1);
      expect((await app.query(`SELECT after FROM audit_log WHERE action = 'ticket.update'`)).rows[0].after).toEqual({
        phone_number: null,
        buyer_name: "J. D. C.",
      });
      await expect(app.query(`UPDATE audit_log SET after = NULL WHERE action = 'ticket.update'`)).rejects.toThrow(
        /permission denied/,
      );
    } finally {
      await app.end();
    }
  });

  it("refuses a setup where the app's role owns the tables", async () => {
    const owner = await pgScriptRunner(ownerUrl);
    try {
      const [{ me }] = await owner.query<{ me: string }>(
        `SELECT tableowner AS me FROM pg_tables WHERE tablename = 'audit_log'`,
      );
      await expect(grantAppRole(owner, me)).rejects.toThrow("DATABASE_OWNER_URL must name another role");
    } finally {
      await owner.close();
    }
  });
});

describe("checkpoints", () => {
  const take = () =>
    callRoute(createCheckpointRoute, { method: "POST", path: "/api/audit/checkpoints", token: users.admin.token });
  const verify = (id: number | string) =>
    callRoute(verifyCheckpointRoute, {
      path: `/api/audit/checkpoints/${id}/verify`,
      params: { id: String(id) },
      token: users.admin.token,
    });

  it(
    "POST answers {id, upToId, count, sha256}; verify recomputes " +
      "the same while the rows are there, new rows or not",
    async () => {
      await addAuditRows(5);
      const taken = await take();
      expect(taken.status).toBe(201);
      const maxId = Number((await sql<{ id: string }>(`SELECT max(id)::text AS id FROM audit_log`))[0].id);
      expect(taken.json).toEqual({
        success: true,
        id: expect.any(Number),
        upToId: maxId,
        count: 5,
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        createdAt: expect.any(String),
      });
      await addAuditRows(2);
      const checked = await verify(taken.json.id);
      expect(checked.status).toBe(200);
      expect(checked.json).toMatchObject({ success: true, ok: true, count: 5, sha256: taken.json.sha256 });
    },
  );

  it("a covered row removed (past the triggers, as a superuser could) or altered makes verify say not ok", async () => {
    await addAuditRows(4);
    const taken = await take();
    // What only a superuser could do: switch the triggers off and delete a row.
    await sql(`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update_or_delete`);
    await sql(`DELETE FROM audit_log WHERE id = (SELECT min(id) FROM audit_log)`);
    const removed = await verify(taken.json.id);
    expect(removed.json).toMatchObject({ ok: false, count: 3 });
    await addAuditRows(1);
    await sql(
      `UPDATE audit_log SET action = 'user.delete' WHERE id = (SELECT ` +
        `max(id) FROM audit_log WHERE id <= ${taken.json.upToId})`,
    );
    await sql(`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update_or_delete`);
    const altered = await verify(taken.json.id);
    expect(altered.json.ok).toBe(false);
    expect(altered.json.sha256).not.toBe(taken.json.sha256);
  });

  it("an empty log has a checkpoint too; an unknown id is 404, a bad one 400; staff get 403", async () => {
    const empty = await take();
    expect(empty.json).toMatchObject({ upToId: 0, count: 0 });
    expect((await verify(empty.json.id)).json.ok).toBe(true);
    expect((await verify(999)).status).toBe(404);
    expect((await verify("abc")).status).toBe(400);
    const byStaff = await callRoute(createCheckpointRoute, {
      method: "POST",
      path: "/api/audit/checkpoints",
      token: users.staff.token,
    });
    expect(byStaff.status).toBe(403);
  });

  it("the sum covers more rows than one read batch", async () => {
    await sql(
      `INSERT INTO audit_log (action, entity_type, after) SELECT 'settings.update', ` +
        `'settings', jsonb_build_object('n', i) FROM generate_series(1, 12001) AS i`,
    );
    const taken = await take();
    expect(taken.json.count).toBe(12001);
    expect((await verify(taken.json.id)).json).toMatchObject({ ok: true, count: 12001 });
  });
});
