// docs/architecture.md's rule: server/ is the only code that touches the database, and each of its
// files starts with `import "server-only"` so that a screen importing one fails the build. The
// exception: a job's worker thread (server/jobs/kinds/*.worker.ts, decision 085) runs outside
// Next's server bundle, where the marker would throw; so the worker files and every file they
// import must not carry it. This test reads the imports to tell the two apart.
import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.ts$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name) ? [rel] : [];
  });
}

/** The project files `file` loads at run time (`import type` is erased, so it is not followed). */
function importsOf(file: string): string[] {
  const source = readFileSync(path.join(ROOT, file), "utf8");
  const specs = [
    ...source.matchAll(/^(?:import|export)(?!\s+type\b)[^;"]*?(?:from\s+)?"([^"]+)"/gm),
    ...source.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g),
  ];
  return specs.flatMap(([, spec]) => {
    const base = spec.startsWith("@/")
      ? spec.slice(2)
      : spec.startsWith(".")
        ? path.join(path.dirname(file), spec)
        : null;
    if (!base) return [];
    const found = [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), base].find(
      (candidate) => /\.tsx?$/.test(candidate) && existsSync(path.join(ROOT, candidate)),
    );
    return found ? [path.normalize(found)] : [];
  });
}

const SERVER_FILES = sourceFiles("server");
const WORKERS = SERVER_FILES.filter((f) => f.endsWith(".worker.ts"));

/** Every file a worker thread loads. */
function workerClosure(): Set<string> {
  const seen = new Set<string>();
  const queue = [...WORKERS];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...importsOf(file));
  }
  return seen;
}

const hasMarker = (file: string) => /^import "server-only";$/m.test(readFileSync(path.join(ROOT, file), "utf8"));

describe('server/ files and `import "server-only"`', () => {
  const inWorkers = workerClosure();

  it("finds the worker threads' files", () => {
    expect(WORKERS.length).toBeGreaterThan(5);
    expect(inWorkers.has(path.normalize("server/jobs/worker-runtime.ts"))).toBe(true);
  });

  it("every server file outside the worker threads starts with it", () => {
    expect(SERVER_FILES.filter((f) => !inWorkers.has(f) && !hasMarker(f))).toEqual([]);
  });

  it("no file a worker thread loads carries it (it would throw there)", () => {
    expect([...inWorkers].filter(hasMarker)).toEqual([]);
  });
});
