// Every job kind is written the one way the production build can start (decision 085): its
// spawn is `new Worker(new URL("./<kind>.worker.ts", import.meta.url), { ...options })` with the
// options as an object literal, its worker file exists, and it is in the registry under its name.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { JOB_KINDS } from "@/server/jobs/kinds";

const DIR = path.join(process.cwd(), "server/jobs/kinds");
const SPAWN = /new Worker\(new URL\("\.\/([\w.-]+\.worker\.ts)", import\.meta\.url\), \{ \.\.\.options \}\)/;
const kindFiles = readdirSync(DIR).filter(
  (f) =>
    f.endsWith(".ts") &&
    !f.endsWith(".worker.ts") &&
    !f.endsWith(".test.ts") &&
    f !== "index.ts" &&
    !f.endsWith("-bytes.ts"),
);

describe("job kinds", () => {
  it.each(kindFiles)("%s spawns its worker in the form Turbopack bundles, and the worker file exists", (file) => {
    const source = readFileSync(path.join(DIR, file), "utf8");
    if (!source.includes("defineJobKind")) return;
    const match = SPAWN.exec(source);
    expect(
      match,
      `${file}: spawn must be (options) => new Worker(new URL("./<kind>.worker.ts", import.meta.url), { ...options })`,
    ).not.toBeNull();
    expect(existsSync(path.join(DIR, match![1]))).toBe(true);
    expect(source.match(/new Worker\(/g)).toHaveLength(1);
  });

  it("are all in the registry, each under its own name", () => {
    const defined = kindFiles.filter((f) => readFileSync(path.join(DIR, f), "utf8").includes("defineJobKind")).length;
    expect(Object.keys(JOB_KINDS)).toHaveLength(defined);
    for (const [name, kind] of Object.entries(JOB_KINDS)) expect(kind.kind).toBe(name);
  });
});
