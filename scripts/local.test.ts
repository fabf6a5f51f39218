import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module script, no types
import { choosePublicUrl, lanAddresses, newSignInCode, sourceFingerprint } from "./local.mjs";

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
      lo: [
        { address: "127.0.0.1", family: "IPv4", internal: true },
        { address: "::1", family: "IPv6", internal: true },
      ],
      eth0: [
        { address: "192.0.2.10", family: "IPv4", internal: false },
        { address: "2001:db8::10", family: "IPv6", internal: false },
      ],
      wlan0: [{ address: "198.51.100.7", family: "IPv4", internal: false }],
    };
    expect(lanAddresses(table)).toEqual(["192.0.2.10", "198.51.100.7"]);
    expect(lanAddresses({ lo: table.lo })).toEqual([]);
  });
});

describe("npm run local's public URL (decision 201)", () => {
  // A fake interface list in the shape Node's os module lists interfaces: nothing here is connected to.
  const nic = (address: string, family: "IPv4" | "IPv6", internal = false) => ({
    address,
    family,
    internal,
    netmask: "",
    mac: "",
    cidr: null,
  });

  it("is the first network IPv4 address, never loopback, unspecified or link-local", () => {
    const interfaces = {
      lo: [nic("127.0.0.1", "IPv4", true), nic("::1", "IPv6", true)],
      odd: [nic("0.0.0.0", "IPv4"), nic("127.0.1.1", "IPv4"), nic("169.254.10.2", "IPv4"), nic("fe80::1", "IPv6")],
      wlan0: [nic("fd00::5", "IPv6"), nic("198.51.100.23", "IPv4")],
      eth1: [nic("203.0.113.9", "IPv4")],
    };
    expect(choosePublicUrl({ interfaces, port: "3300" })).toEqual({
      url: "http://198.51.100.23:3300",
      from: "network address",
    });
  });

  it("falls back to a global IPv6 address in brackets, and to none at all", () => {
    expect(
      choosePublicUrl({ interfaces: { wlan0: [nic("fe80::2", "IPv6"), nic("2001:db8::7", "IPv6")] }, port: "3000" })
        ?.url,
    ).toBe("http://[2001:db8::7]:3000");
    expect(
      choosePublicUrl({
        interfaces: { lo: [nic("127.0.0.1", "IPv4", true)], docker: [nic("0.0.0.0", "IPv4")] },
        port: "3000",
      }),
    ).toBeNull();
  });

  it("is PUBLIC_BASE_URL when set, whatever the interfaces", () => {
    expect(
      choosePublicUrl({
        interfaces: { eth0: [nic("203.0.113.3", "IPv4")] },
        port: "3000",
        override: "https://raffle.example.ph/",
      }),
    ).toEqual({
      url: "https://raffle.example.ph",
      from: "PUBLIC_BASE_URL",
    });
  });
});
