import { describe, expect, it } from "vitest";
import { deriveLookupState, singleSubmitLabel } from "@/components/register/lookup-state";
import { ApiError } from "@/lib/api-client";
import type { Ticket } from "@/lib/api/tickets";
import { RAFFLE_CLOSED_TEXT } from "@/lib/raffle-allows";

const free = {
  control_number: "B2K-100-00001",
  is_registered: false,
  buyer_name: null,
  voided_at: null,
  void_reason: null,
} as Ticket;
const taken = {
  control_number: "B2K-100-00002",
  is_registered: true,
  buyer_name: "Juan Dela Cruz",
  voided_at: null,
  void_reason: null,
} as Ticket;
const voided = {
  control_number: "B2K-100-00003",
  is_registered: false,
  buyer_name: null,
  voided_at: "2026-01-01T00:00:00Z",
  void_reason: "lost_stub",
} as Ticket;
const base = { term: "00001", lookedUpTerm: "00001", isFetching: false, ticket: undefined, error: null };

describe("deriveLookupState", () => {
  it("is idle under 3 characters, whatever an older lookup said", () => {
    expect(deriveLookupState({ ...base, term: "00", lookedUpTerm: "00", ticket: free })).toEqual({ status: "idle" });
    expect(deriveLookupState({ ...base, term: "", lookedUpTerm: "00001", ticket: free })).toEqual({ status: "idle" });
  });

  it("is searching while the field is still changing, even with an answer for the older term", () => {
    expect(deriveLookupState({ ...base, term: "00002", ticket: free })).toEqual({ status: "searching" });
  });

  it("is searching while the lookup runs", () => {
    expect(deriveLookupState({ ...base, isFetching: true, ticket: free })).toEqual({ status: "searching" });
  });

  it("found, locked with the buyer, not found, failed", () => {
    expect(deriveLookupState({ ...base, ticket: free })).toEqual({ status: "found", ticket: free });
    expect(deriveLookupState({ ...base, ticket: taken })).toEqual({
      status: "locked",
      ticket: taken,
      buyer: "Juan Dela Cruz",
    });
    expect(deriveLookupState({ ...base, error: new ApiError(404, "not_found", "x") })).toEqual({ status: "not-found" });
    expect(deriveLookupState({ ...base, error: new ApiError(500, "internal", "x") })).toEqual({ status: "failed" });
    expect(deriveLookupState({ ...base, error: new TypeError("Failed to fetch") })).toEqual({ status: "failed" });
  });
});

describe("a lookup once the raffle's state refuses sales (decision 202)", () => {
  it("is not 'found' but closed, with the reason, and its button says so", () => {
    const state = deriveLookupState({ ...base, ticket: free, raffle: "closed" });
    expect(state).toEqual({ status: "closed", ticket: free, message: RAFFLE_CLOSED_TEXT });
    expect(singleSubmitLabel(state, false)).toBe("Sales Closed");
    // A sold ticket still reads as sold: that is true whatever the state.
    expect(deriveLookupState({ ...base, ticket: taken, raffle: "closed" }).status).toBe("locked");
    expect(deriveLookupState({ ...base, ticket: free, raffle: "selling" }).status).toBe("found");
  });
});

describe("a void ticket's lookup (lib/registrability.ts: void first)", () => {
  it("is 'void' with the void's sentence, whatever the raffle's state, and its button says so", () => {
    const state = deriveLookupState({ ...base, ticket: voided, raffle: "closed" });
    expect(state).toEqual({ status: "void", ticket: voided, message: "Ticket B2K-100-00003 is void: Lost stub" });
    expect(singleSubmitLabel(state, false)).toBe("Ticket Void");
  });
});

describe("singleSubmitLabel", () => {
  it("has the spec's four texts", () => {
    expect(singleSubmitLabel({ status: "found", ticket: free }, false)).toBe("Register Ticket");
    expect(singleSubmitLabel({ status: "found", ticket: free }, true)).toBe("Registering...");
    expect(singleSubmitLabel({ status: "locked", ticket: taken, buyer: "Juan" }, false)).toBe("Already Registered");
    for (const status of ["idle", "searching", "not-found", "failed"] as const) {
      expect(singleSubmitLabel({ status } as never, false)).toBe("Search for ticket first");
    }
  });
});
