// npm run db:migration:create -- <name>
// Writes prisma/migrations/<timestamp>_<name>/migration.sql with the SQL that brings the
// existing migrations up to prisma/schema.prisma. Works offline (WebAssembly engine).
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { diffMigrationsToSchema, MIGRATIONS_DIR } from "./lib/schema-engine";

const name = (process.argv[2] ?? "")
  .trim()
  .toLowerCase()
  .replace(/[^a-z0-9]+/g, "_")
  .replace(/^_|_$/g, "");
if (!name) {
  console.error("usage: npm run db:migration:create -- <name>   (e.g. add_ticket_notes)");
  process.exit(2);
}

const sql = await diffMigrationsToSchema();
if (!sql) {
  console.log("schema.prisma and prisma/migrations already agree: no migration written.");
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const dir = path.join(MIGRATIONS_DIR, `${stamp}_${name}`);
await mkdir(dir, { recursive: true });
await writeFile(path.join(dir, "migration.sql"), `${sql}\n`);
console.log(`wrote ${path.relative(process.cwd(), dir)}/migration.sql — review it, then npm run db:migrate`);
