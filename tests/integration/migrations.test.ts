// @module-tag sql
import pg from "pg";
import { describe, expect, it } from "vitest";
import { db, dbEngine, pgScriptRunner } from "@/server/db/client";
import { migrate, migrateWith, readMigrations } from "@/server/db/migrate";

describe("migrations", () => {
  it("records every migration in Prisma's _prisma_migrations table with its checksum", async () => {
    const files = await readMigrations();
    const rows = await db().$queryRawUnsafe<{ migration_name: string; checksum: string; finished_at: Date | null }[]>(
      `SELECT migration_name, checksum, finished_at FROM _prisma_migrations ORDER BY migration_name`,
    );
    expect(rows.map((r) => r.migration_name)).toEqual(files.map((f) => f.name));
    expect(rows.map((r) => r.checksum)).toEqual(files.map((f) => f.checksum));
    expect(rows.every((r) => r.finished_at !== null)).toBe(true);
  });

  it("applies nothing the second time", async () => {
    const result = await migrate();
    expect(result.applied).toEqual([]);
  });

  it("applies each migration once when several callers start together", async () => {
    const results = await Promise.all([migrate(), migrate(), migrate()]);
    expect(results.flatMap((r) => r.applied)).toEqual([]);
    const [{ count }] = await db().$queryRawUnsafe<{ count: bigint }[]>(
      `SELECT count(*) AS count FROM _prisma_migrations`,
    );
    expect(Number(count)).toBe((await readMigrations()).length);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "two processes' connections migrating a fresh PostgreSQL database at once apply each migration exactly once",
    async () => {
      expect(dbEngine()).toBe("postgresql");
      // A second, empty database on the same server, migrated by two connections at once.
      const name = `raffle_migrate_race_${Date.now()}`;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      try {
        // Three connections (as three app instances would) migrate the empty database at once.
        const results = await Promise.all([1, 2, 3].map(() => migrateWith(() => pgScriptRunner(url.toString()))));
        const files = await readMigrations();
        expect(results.flatMap((r) => r.applied).sort()).toEqual(files.map((f) => f.name).sort());
        const check = await pgScriptRunner(url.toString());
        const rows = await check.query<{ n: string }>(`SELECT count(*) AS n FROM _prisma_migrations`);
        await check.close();
        expect(Number(rows[0].n)).toBe(files.length);
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      }
    },
  );
});
