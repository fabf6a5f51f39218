// Ticket verify tokens (issue 22): the ticket number, a key version, the stub's code version and a
// 128-bit truncated HMAC-SHA-256, in upper-case Crockford base32, so that the verify URL is short and
// QR alphanumeric mode holds it. The specification, precise enough to reimplement, with golden
// vectors: docs/decisions/100-verify-tokens.md (verify-token.test.ts checks the same vectors).
// Pure: no database, no "server-only" (the stub worker thread makes tokens too).
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

/** Crockford's base32 alphabet: digits and upper-case letters without I, L, O and U. */
export const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** The key version printed in every token made now (one character of CROCKFORD). */
export const KEY_VERSION = "1";
/** A stub's code version is one base32 character: 1 (first print) to 31. */
export const MAX_QR_VERSION = 31;
export const TOKEN_LENGTH = 5 + 1 + 1 + 26;
const MAC_BYTES = 16;
const MANUAL_CODE_CHARS = 6;
const TOKEN_SHAPE = /^[0-9]{5}[0-9A-HJKMNP-TV-Z]{2}[0-9A-HJKMNP-TV-Z]{26}$/;

/** k_K = HKDF-SHA-256(ikm = secret, salt = empty, info = "ticket-qr/" + K), 32 bytes. */
export function deriveVerifyKey(secret: Uint8Array | string, keyVersion: string = KEY_VERSION): Buffer {
  const ikm = typeof secret === "string" ? Buffer.from(secret, "utf8") : secret;
  return Buffer.from(hkdfSync("sha256", ikm, Buffer.alloc(0), `ticket-qr/${keyVersion}`, 32));
}

/** Bytes as Crockford base32, most significant bit first, the last group padded with zero bits. */
export function base32Encode(bytes: Uint8Array): string {
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += CROCKFORD[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += CROCKFORD[(buffer << (5 - bits)) & 31];
  return out;
}

/** The inverse of base32Encode for canonical input (null for a character outside the alphabet). */
export function base32Decode(text: string): Uint8Array | null {
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const ch of text) {
    const v = CROCKFORD.indexOf(ch);
    if (v < 0) return null;
    buffer = (buffer << 5) | v;
    bits += 5;
    if (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 255);
      bits -= 8;
    }
    buffer &= (1 << bits) - 1;
  }
  return Uint8Array.from(out);
}

const fiveDigits = (n: number) => String(n).padStart(5, "0");

function assertTicketNumber(n: number) {
  if (!Number.isInteger(n) || n < 1 || n > 99_999) throw new RangeError(`ticket number out of range: ${n}`);
}
function assertQrVersion(v: number) {
  if (!Number.isInteger(v) || v < 1 || v > MAX_QR_VERSION) throw new RangeError(`code version out of range: ${v}`);
}

/** MAC26: the first 128 bits of HMAC-SHA-256(k_K, "ticket-verify/v1|" + NNNNN + "|" + R), base32. */
function mac26(key: Uint8Array, ticketNumber: number, versionChar: string): string {
  const mac = createHmac("sha256", key)
    .update(`ticket-verify/v1|${fiveDigits(ticketNumber)}|${versionChar}`, "utf8")
    .digest();
  return base32Encode(mac.subarray(0, MAC_BYTES));
}

export interface VerifyTokenParts {
  ticketNumber: number;
  qrVersion: number;
}

/** NNNNN K R MAC26: 33 characters, e.g. "0004211" + 26 base32 characters. */
export function makeVerifyToken(key: Uint8Array, parts: VerifyTokenParts, keyVersion: string = KEY_VERSION): string {
  assertTicketNumber(parts.ticketNumber);
  assertQrVersion(parts.qrVersion);
  const r = CROCKFORD[parts.qrVersion];
  return `${fiveDigits(parts.ticketNumber)}${keyVersion}${r}${mac26(key, parts.ticketNumber, r)}`;
}

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, "latin1"), Buffer.from(b, "latin1"));

/**
 * The ticket number and code version of a token whose MAC is right, or null. Reads no database:
 * shape, key version and MAC are checked first (constant-time compare), so a forged, truncated or
 * altered token costs one HMAC. Lower case is accepted (a phone may lower-case a URL).
 * `keys` maps a key version to its key (today only KEY_VERSION).
 */
export function parseVerifyToken(keys: Record<string, Uint8Array>, token: string): VerifyTokenParts | null {
  if (typeof token !== "string" || token.length !== TOKEN_LENGTH) return null;
  const t = token.toUpperCase();
  if (!TOKEN_SHAPE.test(t)) return null;
  const ticketNumber = Number(t.slice(0, 5));
  const keyVersion = t[5];
  const r = t[6];
  const qrVersion = CROCKFORD.indexOf(r);
  const key = Object.hasOwn(keys, keyVersion) ? keys[keyVersion] : undefined;
  if (!key || ticketNumber < 1 || qrVersion < 1) return null;
  return sameText(t.slice(7), mac26(key, ticketNumber, r)) ? { ticketNumber, qrVersion } : null;
}

/** The manual verify code printed beside the QR: MAC26's first 6 characters (30 bits), "7KQ-M3X". */
export function makeManualCode(key: Uint8Array, parts: VerifyTokenParts): string {
  assertTicketNumber(parts.ticketNumber);
  assertQrVersion(parts.qrVersion);
  const code = mac26(key, parts.ticketNumber, CROCKFORD[parts.qrVersion]).slice(0, MANUAL_CODE_CHARS);
  return `${code.slice(0, 3)}-${code.slice(3)}`;
}

/**
 * The manual code of a token made by makeVerifyToken: the same MAC26's first 6 characters, read
 * from the token instead of computing the HMAC a second time (the stub renderer makes both).
 */
export function manualCodeOfToken(token: string): string {
  if (token.length !== TOKEN_LENGTH) throw new RangeError(`not a verify token: ${token}`);
  return `${token.slice(7, 10)}-${token.slice(10, 13)}`;
}

/**
 * A typed code as its 6 canonical characters: upper case, spaces and hyphens dropped, and the
 * letters people confuse read as Crockford says (O → 0, I and L → 1). Null when it cannot be one.
 */
export function normalizeManualCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  return code.length === MANUAL_CODE_CHARS && [...code].every((c) => CROCKFORD.includes(c)) ? code : null;
}

/**
 * Which code version a manual code was printed for (the code does not carry it): each version
 * 1..31 is tried, in constant work, MAC first as for tokens. Null when none matches.
 */
export function matchManualCode(key: Uint8Array, ticketNumber: number, input: string): number | null {
  const code = normalizeManualCode(input);
  if (!code || !Number.isInteger(ticketNumber) || ticketNumber < 1 || ticketNumber > 99_999) return null;
  let found: number | null = null;
  for (let v = 1; v <= MAX_QR_VERSION; v++) {
    if (sameText(code, mac26(key, ticketNumber, CROCKFORD[v]).slice(0, MANUAL_CODE_CHARS)) && found === null) found = v;
  }
  return found;
}

/**
 * The URL a verify QR holds: scheme and host upper-cased (they are case-insensitive, and upper case
 * keeps the QR in alphanumeric mode), "/V/" and the token. A base with a path keeps its path.
 */
export function verifyUrl(baseUrl: string, token: string): string {
  const u = new URL(baseUrl);
  const path = u.pathname.replace(/\/+$/, "");
  const origin = `${u.protocol}//${u.host}`.toUpperCase();
  return `${origin}${path}/V/${token}`;
}
