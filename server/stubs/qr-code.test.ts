// Our QR encoder, read back by a real decoder (zbarimg, from zbar-tools, installed by .ci/run):
// byte and alphanumeric modes, every version it makes (1-10), several masks.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { encodeQr, maskPenalties } from "@/server/stubs/qr-code";
import { qrPng } from "@/server/stubs/qr-png";

const hasZbar = existsSync("/usr/bin/zbarimg");
const dir = mkdtempSync(path.join(tmpdir(), "qr-"));

function decode(text: string) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.png`);
  writeFileSync(file, qrPng(encodeQr(text), 4));
  return execFileSync("zbarimg", ["-q", "--raw", file], { stdio: ["ignore", "pipe", "ignore"] })
    .toString()
    .replace(/\n$/, "");
}

describe("encodeQr", () => {
  it("chooses the smallest version at level M (a control number is 1, a short verify URL 3)", () => {
    expect(encodeQr("B2K-123-00042").version).toBe(1);
    expect(encodeQr("HTTPS://RAFFLE.EXAMPLE.PH/V/00042117C634164AXKBF394WFJH0A2G20").version).toBe(3);
    expect(encodeQr("HTTPS://RAFFLE-2026.BATCH2000.EXAMPLE.PH/V/00042117C634164AXKBF394WFJH0A2G20").version).toBe(4);
    expect(() => encodeQr("x".repeat(300))).toThrow(RangeError);
  });

  it.skipIf(!hasZbar)(
    "is read back exactly by zbarimg, in every version it makes",
    () => {
      const texts = [
        "B2K-123-00042",
        "HTTPS://RAFFLE.EXAMPLE.PH/V/00042117C634164AXKBF394WFJH0A2G20",
        "http://127.0.0.1:3800/v/lowercase-forces-byte-mode",
        // Alphanumeric capacity at level M of versions 1-10: each text fills its version exactly.
        ...[20, 38, 61, 90, 122, 154, 178, 221, 262, 311].map((n) => "A1-".repeat(n).slice(0, n)),
        ...Array.from({ length: 6 }, (_, v) => "byte mode, v" + "x".repeat(20 + v * 30)),
      ];
      const versions = new Set<number>();
      for (const text of texts) {
        versions.add(encodeQr(text).version);
        expect(decode(text), text).toBe(text);
      }
      expect([...versions].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      // 19 zbarimg processes: each start forks the test process, which shares its module graph with
      // the other unit files (decision 271), so it takes longer than vitest's 5 s default under load.
    },
    30_000,
  );
});

describe("mask penalty", () => {
  it("scores every mask the same with packed lines as module by module (versions 1-3)", () => {
    const texts = [
      "B2K-123-00042",
      "HTTPS://RAFFLE.EXAMPLE.PH/V/00042117C634164AXKBF394WFJH0A2G20",
      "http://127.0.0.1:3800/v/x",
    ];
    for (let i = 0; i < 400; i++)
      texts.push(
        `B2K-${i % 1000}-${String(i * 7919).padStart(5, "0")}`,
        `HTTPS://R.EXAMPLE.PH/V/${Math.random().toString(36).slice(2).toUpperCase()}`,
      );
    let compared = 0;
    for (const text of texts) {
      const { modules, packed } = maskPenalties(text);
      if (!packed) continue;
      expect(packed, text).toEqual(modules);
      compared++;
    }
    expect(compared).toBe(texts.length);
  });
});
