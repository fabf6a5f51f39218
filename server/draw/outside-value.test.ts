import { describe, expect, it } from "vitest";
import { canonicalOutsideValue, verifyQuicknetRound } from "@/server/draw/outside-value";

// A real quicknet round (drand's League of Entropy): round 657413, its signature and randomness.
const ROUND = 657413;
const SIGNATURE = "b713718a38ae728dfd477991af2822e08d2f305e47718cef9f7848ce4050e7be41076862b98fad56e91a6b85b89cd97b";
const RANDOMNESS = "fc1873a13f3545aeade8401532ef5519920652eee6b0d2b19ca12643b87b3587";

describe("canonical outside values", () => {
  it("dice: the digits, any separators dropped; count and faces checked", () => {
    expect(canonicalOutsideValue({ type: "dice", count: 5 }, " 1 2,3-4 6 ")).toBe("dice:12346");
    expect(() => canonicalOutsideValue({ type: "dice", count: 5 }, "1234")).toThrow(
      "Enter exactly 5 dice rolls (got 4)",
    );
    expect(() => canonicalOutsideValue({ type: "dice", count: 5 }, "12347")).toThrow(
      "Dice rolls are digits from 1 to 6",
    );
  });

  it("pcso: two-digit numbers in drawn order; a N/M game's count, range and distinctness checked", () => {
    const source = { type: "pcso", game: "6/58", drawDate: "2026-12-15" } as const;
    expect(canonicalOutsideValue(source, "5, 12, 23, 34, 41, 58")).toBe("pcso:6/58:2026-12-15:05,12,23,34,41,58");
    expect(() => canonicalOutsideValue(source, "5,12,23")).toThrow("PCSO 6/58 draws 6 numbers (got 3)");
    expect(() => canonicalOutsideValue(source, "5,12,23,34,41,59")).toThrow("PCSO 6/58 numbers are from 1 to 58");
    expect(() => canonicalOutsideValue(source, "5,5,23,34,41,58")).toThrow("all different");
  });

  it("drand quicknet: the signature verifies offline and the randomness is its SHA-256", () => {
    expect(verifyQuicknetRound(ROUND, SIGNATURE)).toBe(true);
    expect(verifyQuicknetRound(ROUND + 1, SIGNATURE)).toBe(false);
    expect(canonicalOutsideValue({ type: "drand-quicknet", round: ROUND }, SIGNATURE.toUpperCase())).toBe(
      `drand-quicknet:${ROUND}:${RANDOMNESS}`,
    );
    const tampered = SIGNATURE.slice(0, -1) + "c";
    expect(() => canonicalOutsideValue({ type: "drand-quicknet", round: ROUND }, tampered)).toThrow(
      `This is not drand quicknet's signature of round ${ROUND}`,
    );
    expect(() => canonicalOutsideValue({ type: "drand-quicknet", round: ROUND }, "abc")).toThrow(
      "96 hexadecimal characters",
    );
  });
});
