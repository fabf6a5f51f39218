import "server-only";
import { createHash } from "node:crypto";
import { bls12_381 } from "@noble/curves/bls12-381.js";
import type { DrawSource } from "@/lib/schemas/draw";
import { AppError } from "@/server/http/errors";

// The outside value as entered at the reveal → its canonical text (docs/draw.md §2):
//   dice:{digits 1–6}   pcso:{game}:{YYYY-MM-DD}:{two-digit numbers, comma-separated, drawn order}
//   drand-quicknet:{round}:{randomness, lower-case hex}
// A drand round is checked offline against the League of Entropy quicknet public key (BLS12-381,
// signatures on G1, RFC 9380 hash-to-curve): this machine never fetches it (docs/decisions/106).

/** League of Entropy "quicknet" (chain hash 52db9ba7…84e971): public key on G2, compressed. */
export const QUICKNET_PUBLIC_KEY =
  "83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510" +
  "d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a";
const QUICKNET_DST = "BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_";

export const DRUM_NO_OUTSIDE_VALUE = "This is a drum draw: record each counterfoil as it comes out of the drum";

const invalid = (message: string) =>
  new AppError("validation_failed", message, { issues: [{ path: "outsideValue", message }] });

/** Whether `signatureHex` is quicknet's signature of `round` (SHA-256 of the round as u64be). */
export function verifyQuicknetRound(round: number, signatureHex: string): boolean {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(round));
  try {
    const sigs = bls12_381.shortSignatures;
    return sigs.verify(
      Buffer.from(signatureHex, "hex"),
      sigs.hash(createHash("sha256").update(message).digest(), QUICKNET_DST),
      Buffer.from(QUICKNET_PUBLIC_KEY, "hex"),
    );
  } catch {
    return false;
  }
}

/** The game's number count and largest number from a name like '6/58'; null for another naming. */
function pcsoShape(game: string): { count: number; max: number } | null {
  const m = /^(\d{1,2})\/(\d{1,2})$/.exec(game.trim());
  return m ? { count: Number(m[1]), max: Number(m[2]) } : null;
}

export function canonicalOutsideValue(source: DrawSource, entered: string): string {
  const value = entered.trim();
  switch (source.type) {
    case "dice": {
      const digits = value.replace(/[\s,;-]+/g, "");
      if (!/^[1-6]+$/.test(digits)) throw invalid("Dice rolls are digits from 1 to 6");
      if (digits.length !== source.count)
        throw invalid(`Enter exactly ${source.count} dice rolls (got ${digits.length})`);
      return `dice:${digits}`;
    }
    case "pcso": {
      const parts = value.split(/[\s,;-]+/).filter(Boolean);
      if (!parts.every((p) => /^\d{1,2}$/.test(p)))
        throw invalid("PCSO numbers are whole numbers from 0 to 99, separated by commas");
      const numbers = parts.map(Number);
      const shape = pcsoShape(source.game);
      if (shape) {
        if (numbers.length !== shape.count)
          throw invalid(`PCSO ${source.game} draws ${shape.count} numbers (got ${numbers.length})`);
        if (numbers.some((n) => n < 1 || n > shape.max))
          throw invalid(`PCSO ${source.game} numbers are from 1 to ${shape.max}`);
        if (new Set(numbers).size !== numbers.length) throw invalid(`PCSO ${source.game} numbers are all different`);
      } else if (numbers.length < 1 || numbers.length > 10) {
        throw invalid("Enter from 1 to 10 PCSO numbers");
      }
      return `pcso:${source.game}:${source.drawDate}:${numbers.map((n) => String(n).padStart(2, "0")).join(",")}`;
    }
    case "drum":
      throw new AppError("conflict", DRUM_NO_OUTSIDE_VALUE);
    case "drand-quicknet": {
      const signature = value.toLowerCase().replace(/^0x/, "");
      if (!/^[0-9a-f]{96}$/.test(signature)) throw invalid("A quicknet round's signature is 96 hexadecimal characters");
      if (!verifyQuicknetRound(source.round, signature))
        throw invalid(`This is not drand quicknet's signature of round ${source.round}`);
      return (
        `drand-quicknet:${source.round}:` +
        `${createHash("sha256").update(Buffer.from(signature, "hex")).digest("hex")}`
      );
    }
  }
}
