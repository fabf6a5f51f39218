// The fold of a position's events and the effective winner of each prize (docs/decisions/107).
import { describe, expect, it } from "vitest";
import { effectiveWinners, foldStates } from "@/server/draw/winners";

const positions = [
  { position: 1, controlNumber: "A-1", prizeRank: 1, role: "winner" as const },
  { position: 2, controlNumber: "A-2", prizeRank: 1, role: "backup" as const },
  { position: 3, controlNumber: "A-3", prizeRank: 2, role: "winner" as const },
];
const ev = (position: number, event: string) => ({ position, event });

describe("foldStates", () => {
  it("follows drawn → notified → claimed, and reinstated returns to the state before the disqualification", () => {
    const states = foldStates([
      ev(1, "drawn"),
      ev(1, "notified"),
      ev(1, "disqualified"),
      ev(1, "reinstated"),
      ev(2, "drawn"),
      ev(2, "forfeited"),
    ]);
    expect(states.get(1)).toBe("notified");
    expect(states.get(2)).toBe("forfeited");
    expect(foldStates([ev(1, "disqualified"), ev(1, "reinstated")]).get(1)).toBe("drawn");
  });
});

describe("effectiveWinners", () => {
  it("is the first position of each prize's run not disqualified or forfeited; null when the run is exhausted", () => {
    expect(effectiveWinners(positions, foldStates([])).get(1)?.position).toBe(1);
    expect(effectiveWinners(positions, foldStates([ev(1, "disqualified")])).get(1)?.position).toBe(2);
    const exhausted = effectiveWinners(positions, foldStates([ev(1, "disqualified"), ev(2, "forfeited")]));
    expect(exhausted.get(1)).toBeNull();
    expect(exhausted.get(2)?.position).toBe(3);
  });
});
