import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "@": path.resolve(import.meta.dirname),
  // `server-only` throws outside React Server Components; tests are server code.
  "server-only": path.resolve(import.meta.dirname, "tests/setup/server-only.ts"),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["{lib,server,components,scripts}/**/*.test.{ts,tsx}", "*.test.ts"],
          environment: "node",
          setupFiles: ["tests/setup/fail-on-console-error.ts", "tests/setup/node20-ts-workers.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          // next-auth imports `next/server` without an extension, which Node's ESM loader
          // refuses (next has no exports map); letting Vite transform it resolves the import.
          server: { deps: { inline: ["next-auth"] } },
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          // Migrates one database per run; each file's setup clones it (tests/setup/database.ts).
          globalSetup: ["tests/setup/template-database.ts"],
          setupFiles: ["tests/setup/fail-on-console-error.ts", "tests/setup/node20-ts-workers.ts", "tests/setup/database.ts", "tests/setup/quiet-api-log.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file gets its own fresh database; two workers keep the 2-core machine busy.
          pool: "forks",
          maxWorkers: 2,
        },
      },
    ],
  },
});
