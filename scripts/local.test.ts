import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module script, no types
import { lanAddresses, newSignInCode, sourceFingerprint } from "./local.mjs";

const root = mkdtempSync(path.join(tmpdir(), "local-run-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("npm run local", () => {
  it("prints a new XXXX-XXXX code each start, from letters that cannot be misread", () => {
    const codes = new Set(Array.from({ length: 50 }, () => newSignInCode()));
    expect(codes.size).toBe(50);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
  });

  it("rebuilds only when a source or a public variable changed", () => {
    mkdirSync(path.join(root, "app"));
    writeFileSync(path.join(root, "app", "page.tsx"), "export default 1");
    writeFileSync(path.join(root, "package.json"), "{}");
    const first = sourceFingerprint(root, {});
    expect(sourceFingerprint(root, { UNRELATED: "1" }).hash).toBe(first.hash);
    expect(sourceFingerprint(root, { NEXT_PUBLIC_DASHBOARD_API_KEY: "k" }).hash).not.toBe(first.hash);
    writeFileSync(path.join(root, "app", "page.tsx"), "export default 2");
    expect(sourceFingerprint(root, {}).hash).not.toBe(first.hash);
    writeFileSync(path.join(root, "app", "page.tsx"), "export default 1");
    expect(sourceFingerprint(root, {}).hash).toBe(first.hash);
  });

  it("lists every non-internal IPv4 address as a place to open it, not loopback or IPv6", () => {
    // A made-up interface table (documentation addresses): nothing here connects anywhere.
    const table = {
      lo: [{ address: "127.0.0.1", family: "IPv4", internal: true }, { address: "::1", family: "IPv6", internal: true }],
      eth0: [{ address: "192.0.2.10", family: "IPv4", internal: false }, { address: "2001:db8::10", family: "IPv6", internal: false }],
      wlan0: [{ address: "198.51.100.7", family: "IPv4", internal: false }],
    };
    expect(lanAddresses(table)).toEqual(["192.0.2.10", "198.51.100.7"]);
    expect(lanAddresses({ lo: table.lo })).toEqual([]);
  });
});
