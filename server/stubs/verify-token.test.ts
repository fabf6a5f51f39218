// Verify tokens: golden vectors (computed by an independent implementation of
// docs/decisions/100-verify-tokens.md), round trips, and refusal of every altered token.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  base32Decode,
  base32Encode,
  CROCKFORD,
  deriveVerifyKey,
  makeManualCode,
  makeVerifyToken,
  manualCodeOfToken,
  matchManualCode,
  normalizeManualCode,
  parseVerifyToken,
  verifyUrl,
} from "@/server/stubs/verify-token";

const SECRET = "golden-vector-secret-0123456789abcdef";
const key = deriveVerifyKey(SECRET);
const keys = { "1": key };

const GOLDEN: [number, number, string, string][] = [
  [1, 1, "00001114VVG91R5A5YYJNE8XGQ8BE35DM", "4VV-G91"],
  [42, 1, "00042117C634164AXKBF394WFJH0A2G20", "7C6-341"],
  [42, 2, "0004212S87RVAFHZST4KSC9Q56Z1NRNF4", "S87-RVA"],
  [99999, 31, "999991Z0ABH4N04Z6C8Q0BFMHXKQ0DPXG", "0AB-H4N"],
  [12345, 7, "12345173YGRD5PJA5TC3BCQ2BY32B6CEM", "3YG-RD5"],
];

describe("verify tokens", () => {
  it("derives the key with HKDF-SHA-256 as specified", () => {
    expect(key.toString("hex")).toBe("f9c5529040940049f3b21da70390b4218c5b1093ad88126a0a48bb07438073e4");
  });

  it.each(GOLDEN)("ticket %i version %i → %s (manual code %s)", (ticketNumber, qrVersion, token, code) => {
    expect(makeVerifyToken(key, { ticketNumber, qrVersion })).toBe(token);
    expect(makeManualCode(key, { ticketNumber, qrVersion })).toBe(code);
    expect(manualCodeOfToken(token)).toBe(code);
    expect(parseVerifyToken(keys, token)).toEqual({ ticketNumber, qrVersion });
    expect(parseVerifyToken(keys, token.toLowerCase())).toEqual({ ticketNumber, qrVersion });
    expect(matchManualCode(key, ticketNumber, code)).toBe(qrVersion);
  });

  it("round-trips random tickets and versions under random keys", () => {
    for (let i = 0; i < 300; i++) {
      const k = deriveVerifyKey(randomBytes(32));
      const parts = {
        ticketNumber: 1 + Math.floor(Math.random() * 99_999),
        qrVersion: 1 + Math.floor(Math.random() * 31),
      };
      const token = makeVerifyToken(k, parts);
      expect(token).toMatch(/^[0-9A-Z]{33}$/);
      expect(parseVerifyToken({ "1": k }, token)).toEqual(parts);
      expect(manualCodeOfToken(token)).toBe(makeManualCode(k, parts));
    }
  });

  it("refuses a token with any one character changed", () => {
    const [, , token] = GOLDEN[1];
    for (let i = 0; i < token.length; i++) {
      for (const c of CROCKFORD) {
        if (c === token[i]) continue;
        const altered = token.slice(0, i) + c + token.slice(i + 1);
        expect(parseVerifyToken(keys, altered), altered).toBeNull();
      }
    }
  });

  it("refuses another key, another key version, another code version, truncation and junk", () => {
    const token = makeVerifyToken(key, { ticketNumber: 42, qrVersion: 1 });
    expect(parseVerifyToken({ "1": deriveVerifyKey(SECRET + "x") }, token)).toBeNull();
    expect(parseVerifyToken({ "2": key }, token)).toBeNull();
    expect(parseVerifyToken({ "1": key, "2": deriveVerifyKey(SECRET, "2") }, "000422" + token.slice(6))).toBeNull();
    // The same MAC under another version character is not valid for that version.
    expect(parseVerifyToken(keys, token.slice(0, 6) + "2" + token.slice(7))).toBeNull();
    expect(parseVerifyToken(keys, token.slice(0, -1))).toBeNull();
    expect(parseVerifyToken(keys, token + "0")).toBeNull();
    expect(parseVerifyToken(keys, "")).toBeNull();
    expect(parseVerifyToken(keys, "00000" + token.slice(5))).toBeNull();
    expect(parseVerifyToken(keys, token.replace(/.$/, "U"))).toBeNull();
    expect(parseVerifyToken(keys, "X".repeat(33))).toBeNull();
  });

  it("a token made under version 2 of the key verifies only with that key", () => {
    const k2 = deriveVerifyKey(SECRET, "2");
    const token = makeVerifyToken(k2, { ticketNumber: 7, qrVersion: 1 }, "2");
    expect(token[5]).toBe("2");
    expect(parseVerifyToken({ "1": key, "2": k2 }, token)).toEqual({ ticketNumber: 7, qrVersion: 1 });
    expect(parseVerifyToken({ "1": key }, token)).toBeNull();
  });

  it("reads manual codes forgivingly and refuses wrong ones", () => {
    expect(normalizeManualCode(" 7c6 341 ")).toBe("7C6341");
    expect(normalizeManualCode("o1l-iOo")).toBe("011100");
    expect(normalizeManualCode("7C6-34")).toBeNull();
    expect(normalizeManualCode("7C6-34U")).toBeNull();
    expect(matchManualCode(key, 42, "7c6341")).toBe(1);
    expect(matchManualCode(key, 42, "S87-RVA")).toBe(2);
    expect(matchManualCode(key, 43, "7C6-341")).toBeNull();
    expect(matchManualCode(deriveVerifyKey("other-secret-0123456789abcdef0123"), 42, "7C6-341")).toBeNull();
  });

  it("base32 round-trips bytes", () => {
    for (let n = 0; n < 40; n++) {
      const bytes = randomBytes(n);
      expect(Buffer.from(base32Decode(base32Encode(bytes))!)).toEqual(bytes);
    }
    expect(base32Decode("0I")).toBeNull();
  });

  it("builds an upper-case verify URL and keeps a base path", () => {
    expect(verifyUrl("https://raffle.example.ph", "ABC")).toBe("HTTPS://RAFFLE.EXAMPLE.PH/V/ABC");
    expect(verifyUrl("http://127.0.0.1:3800/", "ABC")).toBe("HTTP://127.0.0.1:3800/V/ABC");
    expect(verifyUrl("https://example.org/raffle/", "ABC")).toBe("HTTPS://EXAMPLE.ORG/raffle/V/ABC");
  });
});
