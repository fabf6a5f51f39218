// docs/decisions/198 and 285: the integration suite runs whole on one engine and, on the other, only
// what is tagged `sql` (`npm test`: whole on PGlite; CI: whole on PostgreSQL, `sql` on PGlite). The
// config narrows the second pass to the files that name the tag; these checks keep a test that
// runs on one engine only from falling between the two passes, whichever runs whole.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { integrationFilesTagged, singleTagFilter } from "../vitest.config";

const DIR = path.resolve(import.meta.dirname, "..", "tests", "integration");
const files = readdirSync(DIR).filter((f) => f.endsWith(".test.ts"));
const source = (file: string) => readFileSync(path.join(DIR, file), "utf8");

describe("the sql tag of the integration suite", () => {
  it("reads a single tag from --tags-filter, in either form, and nothing from an expression", () => {
    expect(singleTagFilter(["node", "vitest", "run", "--tags-filter=sql"])).toBe("sql");
    expect(singleTagFilter(["node", "vitest", "run", "--tags-filter", "sql"])).toBe("sql");
    expect(singleTagFilter(["node", "vitest", "run", "--tags-filter=sql && !slow"])).toBeUndefined();
    expect(singleTagFilter(["node", "vitest", "run", "--tags-filter=sql", "--tags-filter=other"])).toBeUndefined();
    expect(singleTagFilter(["node", "vitest", "run"])).toBeUndefined();
  });

  it("finds the files tagged whole and those with a tagged describe or test, and no other", () => {
    const tagged = integrationFilesTagged("sql");
    expect(tagged).toContain("tests/integration/dashboard-time-boundaries.test.ts"); // // @module-tag sql
    expect(tagged).toContain("tests/integration/tickets-generate.test.ts"); // describe(…, { tags: ["sql"] }, …)
    expect(tagged).not.toContain("tests/integration/health.test.ts");
    for (const file of files) {
      const names = /@module-tag\s+sql\b|tags:\s*\[[^\]\n]*["']sql["']/.test(source(file));
      expect(tagged.includes(`tests/integration/${file}`), file).toBe(names);
    }
  });

  it("tags every file with a test that runs on PostgreSQL only, so the PostgreSQL pass runs it", () => {
    const postgresOnly = /(runIf|skipIf)\([^)]*(dbEngine\(\) === "postgresql"|TEST_DATABASE_URL)/;
    const untagged = files.filter(
      (file) => postgresOnly.test(source(file)) && !/@module-tag\s+sql\b/.test(source(file)),
    );
    expect(files.filter((file) => postgresOnly.test(source(file))).length).toBeGreaterThan(0);
    expect(untagged, "files with PostgreSQL-only tests and no `// @module-tag sql`").toEqual([]);
  });

  it("tags every file with a test or a branch for PGlite only, so CI's PGlite pass runs it (decision 285)", () => {
    const pgliteOnly = new RegExp(
      [
        String.raw`dbEngine\(\) === "pglite"`,
        String.raw`if \(dbEngine\(\) !== "postgresql"\)`,
        String.raw`if \(!process\.env\.TEST_DATABASE_URL\)`,
        String.raw`skipIf\(dbEngine\(\) === "postgresql"`,
        String.raw`runIf\(dbEngine\(\) !== "postgresql"`,
        String.raw`skipIf\(Boolean\(process\.env\.TEST_DATABASE_URL`,
      ].join("|"),
    );
    const withPgliteOnly = files.filter((file) => pgliteOnly.test(source(file)));
    expect(withPgliteOnly).toContain("database-thread.test.ts");
    const untagged = withPgliteOnly.filter((file) => !/@module-tag\s+sql\b/.test(source(file)));
    expect(untagged, "files with PGlite-only tests or branches and no `// @module-tag sql`").toEqual([]);
  });
});
