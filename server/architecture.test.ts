// docs/architecture.md's own checks: the page stays one page and names only files that exist, and
// every API route file opens with its banner and goes through apiRoute (but for the two the page
// names). The page's other rules are held by the tests and lint rules its table lists.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const PAGE = readFileSync(path.join(ROOT, "docs/architecture.md"), "utf8");

/** The files under `dir` (relative to the root) whose name `keep` accepts; node_modules is skipped. */
function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : filesUnder(rel, keep);
    return keep(entry.name) ? [rel] : [];
  });
}

/** The two routes outside apiRoute, as the page says: Auth.js's own handler and the public verify page. */
const OUTSIDE_API_ROUTE = ["app/api/auth/[...nextauth]/route.ts", "app/api/public/verify/[token]/route.ts"];

describe("docs/architecture.md", () => {
  it("is one page", () => {
    expect(PAGE.split("\n").length).toBeLessThanOrEqual(150);
  });

  it("names only files and folders that exist", () => {
    const named = [
      ...PAGE.matchAll(/`((?:app|server|lib|components|tests|scripts|docs|prisma|e2e|bench)\/[^`*…<>\s]*)`/g),
    ].map((m) => m[1].replace(/\/$/, ""));
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((p) => !existsSync(path.join(ROOT, p)))).toEqual([]);
    for (const p of OUTSIDE_API_ROUTE) expect(PAGE).toContain(path.dirname(p).replace(/^app\/api\/auth.*/, "Auth.js"));
  });
});

describe("API route files", () => {
  const routes = filesUnder("app/api", (name) => name === "route.ts");

  it("open with a one-line banner: // METHOD /api/path - what", () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(
      routes.filter(
        (f) =>
          !/^\/\/ (GET|POST|PUT|PATCH|DELETE)\b[^\n]* \/api\/[^\n]* - /.test(readFileSync(path.join(ROOT, f), "utf8")),
      ),
    ).toEqual([]);
  });

  it("go through apiRoute, but for the two the page names", () => {
    const outside = routes.filter((f) => !/\bapiRoute\(/.test(readFileSync(path.join(ROOT, f), "utf8")));
    expect(outside.sort()).toEqual([...OUTSIDE_API_ROUTE].sort());
  });
});

describe("date-fns imports", () => {
  // docs/decisions/283: Node 24 reads date-fns's 199 kB package.json again for each of the 250
  // files its index loads (about 1 s per process; 10 ms for one function's own path), and
  // date-fns-tz's index loads that index. Each test process and each job worker paid it.
  it("name one function's path (date-fns/addMonths), never the package's index", () => {
    const barrel = /from\s+["'](date-fns|date-fns-tz)["']|import\(\s*["'](date-fns|date-fns-tz)["']\s*\)/;
    const files = ["app", "components", "lib", "server", "scripts", "tests", "e2e", "bench"].flatMap((dir) =>
      filesUnder(dir, (name) => /\.(ts|tsx|mts|mjs)$/.test(name)),
    );
    expect(files.length).toBeGreaterThan(500);
    expect(files.filter((f) => barrel.test(readFileSync(path.join(ROOT, f), "utf8")))).toEqual([]);
  });
});

describe("browser test files", () => {
  // docs/testing.md, Playwright conventions: e2e/browser-test.ts's pages wait until React has
  // revealed what it streamed after each navigation; @playwright/test's do not (decision 284).
  it("take test from e2e/browser-test.ts or e2e/fixtures.ts, never from @playwright/test", () => {
    const specs = filesUnder("e2e", (name) => name.endsWith(".spec.ts"));
    expect(specs.length).toBeGreaterThan(30);
    const direct = /import\s*\{[^}]*\btest\b[^}]*\}\s*from\s*["']@playwright\/test["']/;
    expect(specs.filter((f) => direct.test(readFileSync(path.join(ROOT, f), "utf8")))).toEqual([]);
  });
});
