import { describe, expect, it } from "vitest";
import { actionLabel, activitySentence, actorName, fieldChanges } from "@/lib/activity";
import { AUDIT_ACTIONS, AUDIT_ACTION_NAMES } from "@/lib/audit-actions";
import { maskName } from "@/lib/mask";
import type { AuditEntry } from "@/lib/schemas/audit";

const entry = (row: Partial<AuditEntry> & Pick<AuditEntry, "action">): AuditEntry => ({
  id: "1",
  created_at: "2026-11-25T01:02:03.000Z",
  actor_id: "u1",
  actor_email: "ana@example.com",
  actor_name: "Ana Reyes",
  entity_type: "ticket",
  entity_id: "t1",
  subject: "B2K-123-00042",
  before: null,
  after: null,
  ...row,
});

describe("actionLabel", () => {
  it("names every listed action and shows others as they are", () => {
    expect(actionLabel("ticket.register")).toBe("Registered ticket");
    expect(actionLabel("ticket.email")).toBe("E-mailed ticket");
    expect(actionLabel("ticket.reprint_v9")).toBe("ticket.reprint_v9");
    for (const action of AUDIT_ACTION_NAMES) expect(actionLabel(action)).not.toBe(action);
  });
});

describe("maskName", () => {
  it("keeps each word's first letter", () => {
    expect(maskName("Juan dela Cruz")).toBe("J*** D*** C***");
    expect(maskName("  ñoño  ")).toBe("Ñ***");
    expect(maskName("")).toBeNull();
    expect(maskName(null)).toBeNull();
  });
});

describe("activitySentence", () => {
  it("says who did what to which ticket, buyer names masked", () => {
    const registered = entry({
      action: "ticket.register",
      before: { buyer_name: null, status: "active" },
      after: { buyer_name: "Juan Dela Cruz", status: "registered" },
    });
    expect(activitySentence(registered)).toBe("Ana Reyes registered B2K-123-00042 to J*** D*** C***");
    const generated = entry({
      action: "ticket.generate",
      after: { control_number: "B2K-123-00042", buyer_name: "Maria Santos", registered_at: "2026-11-25T01:00:00Z" },
    });
    expect(activitySentence(generated)).toBe("Ana Reyes generated B2K-123-00042 for M*** S***");
    const edited = entry({
      action: "ticket.update",
      before: { control_number: "B2K-123-00042", buyer_name: null, registered_at: null },
      after: { control_number: "B2K-123-00042", buyer_name: "Lito Lapid", registered_at: "2026-11-25T01:00:00Z" },
    });
    expect(activitySentence(edited)).toBe("Ana Reyes edited B2K-123-00042 and registered it to L*** L***");
    const deleted = entry({
      action: "ticket.delete",
      before: { control_number: "B2K-123-00042", buyer_name: "Lito Lapid", registered_at: "2026-11-25T01:00:00Z" },
    });
    expect(activitySentence(deleted)).toBe("Ana Reyes deleted B2K-123-00042, registered to L*** L***");
  });

  it("writes every other listed action as a sentence", () => {
    const range = entry({
      action: "ticket.custom_range",
      entity_type: "ticket_range",
      entity_id: "1-200",
      subject: "1-200",
      after: { userId: "x", created: [[1, 150]], skipped: [[151, 200]] },
    });
    expect(activitySentence(range)).toBe(
      "Ana Reyes generated 150 unregistered tickets in the range 1–200 (50 numbers already taken)",
    );
    const imported = entry({
      action: "ticket.import",
      entity_type: "ticket_import",
      entity_id: null,
      subject: null,
      after: { total: 3, created: [[5, 6]], registered: [[5, 5]], skipped: 1, errors: 0 },
    });
    expect(activitySentence(imported)).toBe(
      "Ana Reyes imported 2 new tickets and 1 registration from a CSV file (1 row skipped)",
    );
    const promoted = entry({
      action: "user.promote",
      entity_type: "user",
      subject: "sam@example.com",
      before: user(false),
      after: user(true),
    });
    expect(activitySentence(promoted)).toBe("Ana Reyes made sam@example.com an administrator");
    const settings = entry({
      action: "settings.update",
      entity_type: "settings",
      before: { ticket_price: 50, site_name: "A" },
      after: { ticket_price: 60, site_name: "B" },
    });
    expect(activitySentence(settings)).toBe("Ana Reyes changed the site name and ticket price");
    const signIn = entry({ action: "user.sign_in", entity_type: "user", after: { method: "google" } });
    expect(activitySentence(signIn)).toBe("Ana Reyes signed in with Google");
  });

  it("still shows an action it does not know, and a row whose details do not match", () => {
    expect(activitySentence(entry({ action: "ticket.reprint_v9", after: { reason: "torn" } }))).toBe(
      "Ana Reyes: ticket.reprint_v9 (B2K-123-00042)",
    );
    expect(activitySentence(entry({ action: "ticket.register", after: "not an object" }))).toBe(
      "Ana Reyes: Registered ticket (B2K-123-00042)",
    );
  });

  it("names the actor by display name, else address, else the system", () => {
    expect(actorName({ actor_name: null, actor_email: "sam@example.com" })).toBe("sam@example.com");
    expect(actorName({ actor_name: null, actor_email: "system:cli" })).toBe("System (cli)");
    expect(actorName({ actor_name: null, actor_email: null })).toBe("System");
  });

  it("has a sentence for every action that needs no more than its schema's required fields", () => {
    for (const action of AUDIT_ACTION_NAMES) expect(AUDIT_ACTIONS[action].sentence, action).toBeTypeOf("function");
  });
});

function user(isAdmin: boolean) {
  return { email: "sam@example.com", displayName: "Sam", isAdmin, isDisabled: false };
}

describe("fieldChanges", () => {
  it("lists only what an edit changed, labelled and formatted", () => {
    expect(
      fieldChanges(
        { buyer_name: null, status: "active", email: "a@x.com" },
        { buyer_name: "Maria", status: "registered", email: "a@x.com" },
      ),
    ).toEqual([
      { field: "buyer_name", label: "Buyer name", before: null, after: "Maria", isEmail: false },
      { field: "status", label: "Status", before: "active", after: "registered", isEmail: false },
    ]);
  });

  it("lists the values a creation or a deletion carried, without ids and timestamps", () => {
    const row = {
      id: "u1",
      control_number: "B2K-123-00001",
      ticket_number: 1,
      amount: 50,
      payment_method: "gcash",
      buyer_name: "Ana",
      email: null,
      created_at: "2026-01-01",
    };
    expect(fieldChanges(null, { ...row, user_id: "web-admin-1" }).map((c) => [c.label, c.after])).toEqual([
      ["Buyer name", "Ana"],
      ["Payment method", "GCash"],
      ["Amount", "₱50.00"],
      ["Control number", "B2K-123-00001"],
      ["User ID", "web-admin-1"],
    ]);
    expect(fieldChanges(row, null).map((c) => [c.field, c.before, c.after])).toEqual([
      ["buyer_name", "Ana", null],
      ["payment_method", "GCash", null],
      ["amount", "₱50.00", null],
      ["control_number", "B2K-123-00001", null],
    ]);
  });

  it("shows booleans, ranges, times and nested values readably, never as JSON", () => {
    expect(fieldChanges({ dark_mode: true }, { dark_mode: false })).toMatchObject([
      { label: "Dark mode", before: "Yes", after: "No" },
    ]);
    expect(
      fieldChanges(null, {
        created: [
          [1, 2],
          [7, 7],
        ],
        skipped: [],
      }),
    ).toMatchObject([
      { label: "Created", after: "00001–00002, 00007" },
      { label: "Skipped", after: "none" },
    ]);
    expect(fieldChanges(null, { registered_on: "2026-11-25T01:02:03Z" }, "Asia/Manila")).toMatchObject([
      { label: "Registered on", after: "Nov 25, 2026 9:02:03 AM" },
    ]);
    expect(fieldChanges(null, { extra: { qrVersion: 2, ok: true } })).toMatchObject([
      { label: "Extra", after: "Qr version: 2; Ok: Yes" },
    ]);
    expect(fieldChanges(null, null)).toEqual([]);
  });

  it("marks e-mail addresses, which the screen keeps on one line", () => {
    expect(fieldChanges(null, { to: "buyer@example.com", via: "smtp" })).toEqual([
      { field: "to", label: "Sent to", before: null, after: "buyer@example.com", isEmail: true },
      { field: "via", label: "Sent by", before: null, after: "E-mail server", isEmail: false },
    ]);
  });
});
