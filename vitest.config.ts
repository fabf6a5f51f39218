import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "@": path.resolve(import.meta.dirname),
  // `server-only` throws outside React Server Components; tests are server code.
  "server-only": path.resolve(import.meta.dirname, "tests/setup/server-only.ts"),
};

/**
 * `--tags-filter=<one tag>`, as CI's second-engine pass gives it; undefined for anything else.
 * With it the integration project includes only files that name the tag, so the files with no
 * such test are not started at all (each would still clone a database for nothing).
 */
export function singleTagFilter(argv = process.argv): string | undefined {
  const at = argv.findIndex((arg) => arg === "--tags-filter" || arg.startsWith("--tags-filter="));
  if (at < 0 || argv.filter((arg) => arg.startsWith("--tags-filter")).length > 1) return undefined;
  const expression = argv[at].includes("=") ? argv[at].slice(argv[at].indexOf("=") + 1) : argv[at + 1];
  return /^[\w-]+$/.test(expression ?? "") ? expression : undefined;
}

/** The integration files that tag a whole file (`// @module-tag sql`) or a describe/test (`tags: ["sql"]`). */
export function integrationFilesTagged(tag: string) {
  const dir = path.resolve(import.meta.dirname, "tests/integration");
  const names = new RegExp(`@module-tag\\s+${tag}\\b|tags:\\s*\\[?[^\\]\\n]*["']${tag}["']`);
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts") && names.test(readFileSync(path.join(dir, file), "utf8")))
    .map((file) => `tests/integration/${file}`);
}

const integrationTag = singleTagFilter();

export default defineConfig({
  resolve: { alias },
  test: {
    // docs/decisions/198: the integration suite runs whole on one engine and, on the other, only
    // what is tagged `sql` (a file's `// @module-tag sql`, or `{ tags: ["sql"] }` on a describe or
    // a test): `vitest run --project integration --tags-filter=sql`.
    tags: [
      {
        name: "sql",
        description:
          "Behaviour the database engine decides (locks, triggers, constraints, " +
          "plans, concurrency, time zones, aggregates): runs on both engines",
      },
    ],
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["{lib,server,components,scripts}/**/*.test.{ts,tsx}", "*.test.ts"],
          environment: "node",
          // docs/decisions/271: one module graph for all unit files (no per-file isolation).
          // Importing each file's modules afresh was most of the stage's time; unit tests hold no
          // state between files (a file that mocks or stubs restores it).
          isolate: false,
          setupFiles: ["tests/setup/fail-on-console-error.ts", "tests/setup/node20-ts-workers.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          // Component states in a DOM (docs/testing.md): loading, error, empty, validation and
          // disabled controls, where no layout is needed; layout and contrast stay in Playwright.
          name: "component",
          include: ["tests/component/**/*.test.tsx"],
          environment: "happy-dom",
          setupFiles: ["tests/setup/fail-on-console-error.ts", "tests/setup/component.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          // next-auth imports `next/server` without an extension, which Node's ESM loader
          // refuses (next has no exports map); letting Vite transform it resolves the import.
          server: { deps: { inline: ["next-auth"] } },
          include: integrationTag ? integrationFilesTagged(integrationTag) : ["tests/integration/**/*.test.ts"],
          environment: "node",
          // Migrates one database per run; each file's setup clones it (tests/setup/database.ts).
          globalSetup: ["tests/setup/template-database.ts"],
          setupFiles: [
            "tests/setup/fail-on-console-error.ts",
            "tests/setup/node20-ts-workers.ts",
            "tests/setup/database.ts",
            "tests/setup/quiet-api-log.ts",
          ],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file gets its own fresh database; two workers keep the 2-core machine busy.
          pool: "forks",
          maxWorkers: 2,
          // WebAssembly (PGlite's engine) compiled by Liftoff only, never tiered up to TurboFan: a
          // test file's database lives seconds, and optimising its hot functions on background
          // threads cost more CPU than the faster code saved. The `sql` pass on PGlite took 137 s
          // and 263 s of CPU without it, 94 s and 176 s with it (docs/decisions/289). The app
          // itself runs with V8's defaults.
          execArgv: ["--liftoff-only"],
          // Each file keeps a process of its own: sharing one (isolate: false) saved a fifth of the
          // stage but crashed V8 once in a fresh-clone CI, after ~45 PGlite threads had come and
          // gone in one process (docs/decisions/281).
        },
      },
    ],
  },
});
