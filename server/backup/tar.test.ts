import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { readTar, writeTar } from "./tar";

describe("the backup file's tar", () => {
  const entries = [
    { name: "manifest.json", data: Buffer.from('{"a":1}') },
    { name: "tables/tickets.copy", data: Buffer.alloc(1025, 7) },
    { name: "tables/empty.copy", data: Buffer.alloc(0) },
  ];

  it("reads back what it wrote, and tar lists and extracts it byte for byte", () => {
    const tar = writeTar(entries, Date.UTC(2026, 11, 1));
    expect(readTar(tar).map((e) => [e.name, e.data.toString("hex")])).toEqual(
      entries.map((e) => [e.name, e.data.toString("hex")]),
    );
    const dir = mkdtempSync(path.join(tmpdir(), "backup-tar-"));
    writeFileSync(path.join(dir, "b.tar.gz"), gzipSync(tar));
    expect(execFileSync("tar", ["-tzf", "b.tar.gz"], { cwd: dir }).toString().trim().split("\n")).toEqual(
      entries.map((e) => e.name),
    );
    execFileSync("tar", ["-xzf", "b.tar.gz"], { cwd: dir });
    expect(execFileSync("sha256sum", ["tables/tickets.copy"], { cwd: dir }).toString()).toMatch(/^[0-9a-f]{64}/);
  });

  it("refuses a file cut short", () => {
    const tar = writeTar(entries);
    for (const at of [700, 1024, 1100, 2600])
      expect(() => readTar(tar.subarray(0, at))).toThrow("the backup file is cut short or is not a backup");
  });
});
