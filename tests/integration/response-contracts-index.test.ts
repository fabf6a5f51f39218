// The response contracts' index (issue 41, docs/decisions/260): every exported method of every
// route file under app/api is in tests/contracts/route-contracts.ts, as a JSON contract or as "not
// JSON", and each row is true: the route exists, a response-contracts test imports that method of
// it, and (for JSON) passes each named schema to expectContract. A new route without a row fails here.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { JSON_CONTRACTS, LEFT, NOT_JSON } from "@/tests/contracts/route-contracts";
import { discoverRoutes } from "@/tests/helpers/route-files";

/** The "METHOD /api/route" keys a test file imports a handler for. */
export function importedRoutes(source: string): string[] {
  const keys: string[] = [];
  for (const m of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*"@\/app(\/api\/[^"]*)\/route"/g)) {
    for (const part of m[1].split(",")) {
      const method = part.trim().split(/\s+as\s+/)[0];
      if (method) keys.push(`${method} ${m[2]}`);
    }
  }
  return keys;
}

/** The routes a test reaches through the tests/helpers/ modules it imports (e.g. uploadStatement). */
function helperRoutes(source: string): string[] {
  return [...source.matchAll(/from\s*"@\/tests\/helpers\/([\w-]+)"/g)].flatMap((m) =>
    importedRoutes(readFileSync(path.join(process.cwd(), "tests", "helpers", `${m[1]}.ts`), "utf8")),
  );
}

const TESTS = path.join(process.cwd(), "tests", "integration");
const contractTests = readdirSync(TESTS)
  .filter((f) => /^response-contracts.*\.test\.ts$/.test(f) && f !== "response-contracts-index.test.ts")
  .map((f) => {
    const source = readFileSync(path.join(TESTS, f), "utf8");
    return { name: f, source, routes: [...importedRoutes(source), ...helperRoutes(source)] };
  });

const exported = discoverRoutes()
  .flatMap((r) => r.methods.map((m) => `${m} ${r.route}`))
  .sort();
const listed = [...Object.keys(JSON_CONTRACTS), ...Object.keys(NOT_JSON), ...Object.keys(LEFT)];

describe("every route's answer has a contract or is named as not JSON", () => {
  it("reads the imports of a test file", () => {
    expect(
      importedRoutes(
        'import { GET as a, POST as b } from "@/app/api/x/[id]/route";\nimport { z } from "zod";\nimport ' +
          '{ PUT } from "@/app/api/y/route";',
      ),
    ).toEqual(["GET /api/x/[id]", "POST /api/x/[id]", "PUT /api/y"]);
  });

  it("lists every exported method of every route file once, and no route that is gone", () => {
    expect(
      exported.filter((key) => !listed.includes(key)),
      "routes with no row",
    ).toEqual([]);
    expect(
      listed.filter((key) => !exported.includes(key)),
      "rows with no route",
    ).toEqual([]);
    expect(listed.length, "a route in two lists").toBe(new Set(listed).size);
  });

  it("each JSON contract's route is called by a contract test that parses its answer with the named schemas", () => {
    const missing = Object.entries(JSON_CONTRACTS).flatMap(([key, schemas]) => {
      const callers = contractTests.filter((t) => t.routes.includes(key));
      if (!callers.length) return [`${key}: no response-contracts test imports it`];
      return schemas
        .filter((schema) => !callers.some((t) => new RegExp(`expectContract\\([^;]*\\b${schema}\\b`).test(t.source)))
        .map((schema) => `${key}: ${schema} is not passed to expectContract where the route is called`);
    });
    expect(missing).toEqual([]);
  });

  it("each route that answers no JSON is called by a contract test that checks the download or redirect", () => {
    const missing = Object.keys(NOT_JSON).filter(
      (key) => !contractTests.some((t) => t.routes.includes(key) && /expect(Download|Redirect)\(/.test(t.source)),
    );
    expect(missing).toEqual([]);
  });

  it("names what is left without a contract (the goal is none)", () => {
    expect(Object.keys(LEFT)).toEqual(Object.keys(LEFT).sort());
    for (const [key, why] of Object.entries(LEFT)) expect(why.length, key).toBeGreaterThan(10);
  });
});
