import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { diffMigrationsToSchema, MIGRATIONS_DIR } from "./schema-engine";

// schema.prisma and prisma/migrations must describe the same database. If this fails,
// run `npm run db:migration:create -- <name>` and commit the new migration.
// Each test migrates an in-memory database with the WebAssembly engine: 20–50 s on this 2-core
// machine under load, and more in the unit project's shared process (decision 271), hence 180 s.
describe("schema drift", () => {
  it("prisma/migrations produce exactly the schema in prisma/schema.prisma", async () => {
    expect(await diffMigrationsToSchema()).toBe("");
  }, 180_000);

  it("notices when a migration lacks something the schema has", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "drift-"));
    try {
      await cp(MIGRATIONS_DIR, dir, { recursive: true });
      const init = path.join(dir, "20261121000000_init", "migration.sql");
      const sql = await readFile(init, "utf8");
      await writeFile(init, sql.replace(`    "last_login" TIMESTAMPTZ(3),\n`, ""));
      const diff = await diffMigrationsToSchema(dir);
      expect(diff).toContain(`ADD COLUMN     "last_login" TIMESTAMPTZ(3)`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
