// Prisma's official WebAssembly schema engine, run offline on an in-memory PGlite as the
// scratch ("shadow") database. The native engine the Prisma CLI downloads is unreachable
// here; see docs/decisions/002-migrations-offline.md.
import { readFileSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import * as engineModule from "@prisma/schema-engine-wasm/schema_engine_bg";
import { PrismaPGlite } from "pglite-prisma-adapter";

type Engine = Awaited<ReturnType<typeof engineModule.SchemaEngine.new>>;
type MigrationList = Parameters<Engine["diff"]>[0]["from"] & { tag: "migrations" };

export const SCHEMA_PATH = path.resolve("prisma/schema.prisma");
export const MIGRATIONS_DIR = path.resolve("prisma/migrations");
const NO_FILTER = { externalTables: [], externalEnums: [] };

let wasmLoaded = false;
function loadWasm() {
  if (wasmLoaded) return;
  const require = createRequire(import.meta.url);
  const jsPath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
  const bytes = readFileSync(jsPath.replace(/\.js$/, ".wasm"));
  const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), {
    "./schema_engine_bg.js": engineModule as unknown as WebAssembly.ModuleImports,
  });
  engineModule.__wbg_set_wasm(instance.exports);
  (instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();
  wasmLoaded = true;
}

export async function withSchemaEngine<T>(fn: (engine: Engine, schema: string) => Promise<T>): Promise<T> {
  loadWasm();
  const schema = readFileSync(SCHEMA_PATH, "utf8");
  const scratch = new PGlite("memory://", { extensions: { pg_trgm } });
  const shadows: PGlite[] = [];
  const factory = new PrismaPGlite(scratch);
  // The adapter's own shadow database lacks pg_trgm; give it one that has it.
  const adapter = bindMigrationAwareSqlAdapterFactory({
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: () => factory.connect(),
    connectToShadowDb: () => {
      const shadow = new PGlite("memory://", { extensions: { pg_trgm } });
      shadows.push(shadow);
      return new PrismaPGlite(shadow).connect();
    },
  });
  const engine = await engineModule.SchemaEngine.new({ datamodels: [[SCHEMA_PATH, schema]] }, () => {}, adapter);
  try {
    return await fn(engine, schema);
  } finally {
    engine.free();
    await Promise.all([scratch, ...shadows].map((d) => d.close().catch(() => {})));
  }
}

export async function loadMigrationList(dir = MIGRATIONS_DIR): Promise<MigrationList> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const lockPath = path.join(dir, "migration_lock.toml");
  return {
    tag: "migrations",
    baseDir: dir,
    lockfile: { path: "migration_lock.toml", content: await readFile(lockPath, "utf8").catch(() => null) },
    shadowDbInitScript: "",
    migrationDirectories: await Promise.all(
      names.map(async (name) => ({
        path: name,
        migrationFile: {
          path: "migration.sql",
          content: await readFile(path.join(dir, name, "migration.sql"), "utf8").then(
            (value) => ({ tag: "ok" as const, value }),
            (error: Error) => ({ tag: "error" as const, value: error.message }),
          ),
        },
      })),
    ),
  };
}

/** The SQL that takes the database from the migrations' end state to schema.prisma ("" if none). */
export async function diffMigrationsToSchema(dir = MIGRATIONS_DIR): Promise<string> {
  const from = await loadMigrationList(dir);
  return withSchemaEngine(async (engine, schema) => {
    const result = await engine.diff({
      from,
      to: { tag: "schemaDatamodel", files: [{ path: SCHEMA_PATH, content: schema }] },
      script: true,
      exitCode: null,
      filters: NO_FILTER,
    });
    return dropKnownExtensions(result.stdout ?? "", from);
  });
}

// The WebAssembly engine does not see extensions on its PGlite shadow database, so it
// re-proposes `CREATE EXTENSION` for extensions the migrations already create. Drop
// exactly those statements (and only when a migration does create the extension).
function dropKnownExtensions(sql: string, migrations: MigrationList): string {
  const created = migrations.migrationDirectories
    .map((d) => (d.migrationFile.content.tag === "ok" ? d.migrationFile.content.value : ""))
    .join("\n");
  const kept = sql
    .split(/\n\s*\n/)
    .filter((block) => {
      const m = /^-- CreateExtension\nCREATE EXTENSION IF NOT EXISTS "([\w-]+)";$/.exec(block.trim());
      return !(m && created.includes(`CREATE EXTENSION IF NOT EXISTS "${m[1]}"`));
    })
    .join("\n\n")
    .trim();
  return /^-- This is an empty migration\.?$/.test(kept) ? "" : kept;
}
