import { describe, expect, it } from "vitest";
import { RAFFLE_STATUSES } from "@/lib/draw";
import { DRAW_COMMITTED_TEXT, RAFFLE_CLOSED_TEXT, SALES_CLOSED_TEXT } from "@/lib/raffle-allows";
import { registrability, registrationFacts, type RegistrationFacts } from "@/lib/registrability";

const free: RegistrationFacts = {
  control_number: "B2K-100-00001",
  buyer_name: null,
  is_registered: false,
  is_voided: false,
  void_reason: null,
};
const sold = { ...free, is_registered: true, buyer_name: "Juan Dela Cruz" };
const voided = { ...free, is_voided: true, void_reason: "lost_stub" };

describe("registrability", () => {
  it("lets a free ticket be registered while the raffle sells, or when its state is not known", () => {
    expect(registrability(free)).toBeNull();
    expect(registrability(free, "selling")).toBeNull();
    expect(registrability(free, null)).toBeNull();
  });

  it("gives one reason: void first, then registered, then the raffle's state", () => {
    expect(registrability({ ...sold, is_voided: true, void_reason: "refunded" }, "closed")).toEqual({
      reason: "voided",
      message: "Ticket B2K-100-00001 is void: Refunded",
    });
    expect(registrability(voided)).toEqual({ reason: "voided", message: "Ticket B2K-100-00001 is void: Lost stub" });
    expect(registrability(sold, "closed")).toEqual({
      reason: "registered",
      buyer: "Juan Dela Cruz",
      message: "Already registered to: Juan Dela Cruz",
    });
    expect(registrability(free, "closed")).toEqual({ reason: "raffle", message: RAFFLE_CLOSED_TEXT });
    expect(registrability(free, "sales_closed")).toEqual({ reason: "raffle", message: SALES_CLOSED_TEXT });
    expect(registrability(free, "committed")).toEqual({ reason: "raffle", message: DRAW_COMMITTED_TEXT });
  });

  it("refuses a sale in every state but 'selling'", () => {
    for (const status of RAFFLE_STATUSES) expect(registrability(free, status) === null).toBe(status === "selling");
  });

  it("reads the contract's ticket: void is a set voided_at", () => {
    expect(
      registrationFacts({
        control_number: "X",
        buyer_name: null,
        is_registered: false,
        voided_at: "2026-01-01T00:00:00Z",
        void_reason: "other",
      }).is_voided,
    ).toBe(true);
    expect(
      registrationFacts({
        control_number: "X",
        buyer_name: null,
        is_registered: true,
        voided_at: null,
        void_reason: null,
      }),
    ).toEqual({
      control_number: "X",
      buyer_name: null,
      is_registered: true,
      is_voided: false,
      void_reason: null,
    });
  });
});
