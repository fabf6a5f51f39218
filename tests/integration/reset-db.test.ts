// @module-tag sql
// resetDb puts a file's database back to the migrated state whatever the tests did, the guarded
// audit log included, and with no list of tables to keep up to date.
import { beforeEach, describe, expect, inject, it } from "vitest";
import { db } from "@/server/db/client";
import { resetDb } from "@/tests/helpers/db";
import { POST as generateRoute } from "@/app/api/tickets/generate/route";
import { createAdminAndStaff, createSignedInUser, createTickets } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";

const generate = async (token: string, quantity = 1) =>
  expect(
    (
      await callRoute(generateRoute, {
        method: "POST",
        path: "/api/tickets/generate",
        body: { buyer_name: "Juan Dela Cruz", quantity },
        token,
      })
    ).status,
  ).toBe(201);

const count = async (table: string) =>
  Number((await db().$queryRawUnsafe<{ n: bigint }[]>(`SELECT count(*) AS n FROM "${table}"`))[0].n);

beforeEach(resetDb);

describe("resetDb", () => {
  it("empties every table and restores what the migrations left: settings, counters, number floor", async () => {
    const before = await db().$queryRawUnsafe<object[]>(`SELECT * FROM settings`);
    const { staff } = await createAdminAndStaff();
    await generate(staff.token, 3);
    await db().$executeRawUnsafe(`UPDATE settings SET ticket_price = 99`);
    expect(await count("tickets")).toBe(3);
    expect(await count("audit_log")).toBeGreaterThan(0);

    await resetDb();
    for (const table of ["tickets", "users", "auth_sessions", "audit_log", "ticket_daily_stats"])
      expect(await count(table), table).toBe(0);
    expect(await db().$queryRawUnsafe<object[]>(`SELECT * FROM settings`)).toEqual(before);
    const counters = await db().$queryRawUnsafe<{ slots: number; total: number }[]>(
      `SELECT count(*)::int AS slots, sum(total)::int AS total FROM ticket_counters`,
    );
    expect(counters[0]).toEqual({ slots: 16, total: 0 });
    expect(
      (await db().$queryRawUnsafe<{ f: number }[]>(`SELECT floor_number AS f FROM ticket_number_floor`))[0].f,
    ).toBe(1);
    // The triggers are on again: a new ticket is counted.
    await generate((await createSignedInUser()).token);
    expect((await db().$queryRawUnsafe<{ t: number }[]>(`SELECT sum(total)::int AS t FROM ticket_counters`))[0].t).toBe(
      1,
    );
  });

  it("empties the audit log even while a trigger refuses to let the app truncate it", async () => {
    await generate((await createSignedInUser()).token);
    await db().$executeRawUnsafe(
      `CREATE FUNCTION test_refuse_truncate() RETURNS trigger LANGUAGE plpgsql AS ` +
        `$$ BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$`,
    );
    await db().$executeRawUnsafe(
      `CREATE TRIGGER test_refuse_truncate BEFORE TRUNCATE ON audit_log FOR ` +
        `EACH STATEMENT EXECUTE FUNCTION test_refuse_truncate()`,
    );
    try {
      await expect(db().$executeRawUnsafe(`TRUNCATE audit_log`)).rejects.toThrow(/append-only/);
      await resetDb();
      expect(await count("audit_log")).toBe(0);
    } finally {
      await db().$executeRawUnsafe(`DROP TRIGGER test_refuse_truncate ON audit_log`);
      await db().$executeRawUnsafe(`DROP FUNCTION test_refuse_truncate()`);
    }
  });

  it("empties a table of many rows (TRUNCATE) and of a few (DELETE) alike, and puts every sequence back", async () => {
    const sequences = async () =>
      db().$queryRawUnsafe<{ name: string; lastValue: string; isCalled: boolean }[]>(
        `SELECT sequencename AS "name", coalesce(last_value, 1)::text AS "lastValue", ` +
          `last_value IS NOT NULL AS "isCalled" FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`,
      );
    const { admin } = await createAdminAndStaff();
    // 600 tickets: past TRUNCATE_FROM_ROWS (500); their few audit rows and the two users are not.
    await createTickets(admin, 1, 600);
    await generate(admin.token, 2);
    expect(await count("tickets")).toBe(602);

    await resetDb();
    for (const table of ["tickets", "users", "auth_sessions", "audit_log", "payments"])
      expect(await count(table), table).toBe(0);
    const { baseline } = inject("testDatabase");
    expect(await sequences()).toEqual(
      baseline.sequences.map((s) => ({ name: s.name, lastValue: s.lastValue, isCalled: s.isCalled })),
    );
  });
});
