// Issue 14: inputs that used to end in a 500 — an unpaired UTF-16 surrogate (PostgreSQL's json
// refused the audit row) and a user deleted while their requests were in flight (a foreign key
// violation) — now get the answers a client can act on.
import { describe, expect, it } from "vitest";
import { POST as addUser } from "@/app/api/auth/add-user/route";
import { POST as customRange } from "@/app/api/tickets/admin/generate-custom-range/route";
import { DELETE as deleteUserRoute } from "@/app/api/auth/delete-user/route";
import { POST as generate } from "@/app/api/tickets/generate/route";
import { GET as searchTerm } from "@/app/api/tickets/search/[term]/route";
import { db } from "@/server/db/client";
import { createSignedInUser, freshAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";

const users = freshAdminAndStaff();

describe("an unpaired surrogate", () => {
  it("in a custom range's userId is a 400 naming the field, and nothing is written", async () => {
    const body = `{"startRange":1,"endRange":3,"userId":"web-admin-\\ud800"}`;
    const res = await callRoute(customRange, {
      method: "POST",
      path: "/api/tickets/admin/generate-custom-range",
      body,
      token: users.admin.token,
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      success: false,
      code: "validation_failed",
      message: "userId contains an invalid character (an unpaired UTF-16 surrogate)",
    });
    expect(await db().ticket.count()).toBe(0);
  });

  it("in a nested value or a key is refused too; a proper pair (an emoji) is fine", async () => {
    const nested = `{"buyer_name":"Juan Dela Cruz","address":"x\\udc00y"}`;
    const res = await callRoute(generate, {
      method: "POST",
      path: "/api/tickets/generate",
      body: nested,
      token: users.admin.token,
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe("address contains an invalid character (an unpaired UTF-16 surrogate)");
    const emoji = await callRoute(generate, {
      method: "POST",
      path: "/api/tickets/generate",
      body: { buyer_name: "Juan Cruz", address: "Purok 😀 Uno" },
      token: users.admin.token,
    });
    expect(emoji.status).toBe(201);
  });

  it("in a path parameter is a 400", async () => {
    const res = await callRoute(searchTerm, {
      path: "/api/tickets/search/x",
      params: { term: "00001\ud800" },
      token: users.admin.token,
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe("term contains an invalid character (an unpaired UTF-16 surrogate)");
  });
});

describe("text fields past their limits or with control characters", () => {
  it("are refused with a 400 naming the field, and nothing is stored", async () => {
    const longName = await callRoute(addUser, {
      method: "POST",
      path: "/api/auth/add-user",
      body: { email: "new@example.com", displayName: "x".repeat(10_000) },
      token: users.admin.token,
    });
    expect(longName.status).toBe(400);
    expect(longName.json.message).toBe("Display name must be at most 100 characters.");
    const control = await callRoute(generate, {
      method: "POST",
      path: "/api/tickets/generate",
      body: { buyer_name: "Juan\u0000\u0007Cruz" },
      token: users.admin.token,
    });
    expect(control.status).toBe(400);
    expect(control.json.message).toBe("Buyer name must not contain control characters.");
    expect(await db().user.count({ where: { email: "new@example.com" } })).toBe(0);
    expect(await db().ticket.count()).toBe(0);
  });

  it("lose their bidi overrides before they are stored", async () => {
    const res = await callRoute(generate, {
      method: "POST",
      path: "/api/tickets/generate",
      body: { buyer_name: "\u202Egnaw Juan" },
      token: users.admin.token,
    });
    expect(res.status).toBe(201);
    expect((await db().ticket.findFirstOrThrow()).buyerName).toBe("gnaw Juan");
  });
});

describe("a user deleted while their requests are in flight", { tags: ["sql"] }, () => {
  it("gets 201 or 401/403 for every request, never a 5xx (20 tries)", async () => {
    const statuses = new Set<number>();
    for (let attempt = 0; attempt < 20; attempt++) {
      const { user, token } = await createSignedInUser();
      const inFlight = Array.from({ length: 3 }, () =>
        callRoute(generate, {
          method: "POST",
          path: "/api/tickets/generate",
          body: { buyer_name: "Race Buyer", quantity: 2 },
          token,
        }),
      );
      // Delete as an administrator would, racing the generates.
      const removed = callRoute(deleteUserRoute, {
        method: "DELETE",
        path: "/api/auth/delete-user",
        body: { email: user.email },
        token: users.admin.token,
      });
      const results = await Promise.all([...inFlight, removed]);
      for (const res of results.slice(0, -1)) {
        expect([201, 401, 403], JSON.stringify(res.json)).toContain(res.status);
        statuses.add(res.status);
      }
      // 200, or 409 when a generate won the race: a seller with sales is disabled, never deleted
      // (issue 20, docs/decisions/090).
      expect([200, 409]).toContain(results.at(-1)!.status);
    }
  });

  it("answers 401 when the user disappears between authentication and the write", async () => {
    // Deterministic form of the race: the user is deleted by a trigger right before the insert
    // that names them, exactly as a concurrent delete would land (it used to be a 500).
    const { user, token } = await createSignedInUser();
    await db().$executeRawUnsafe(`
      CREATE FUNCTION test_delete_creator() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN DELETE FROM users WHERE id = NEW.created_by_id; RETURN NEW; END $$`);
    await db().$executeRawUnsafe(
      `CREATE TRIGGER test_delete_creator BEFORE INSERT ON tickets FOR EACH ROW EXECUTE FUNCTION test_delete_creator()`,
    );
    try {
      const res = await callRoute(generate, {
        method: "POST",
        path: "/api/tickets/generate",
        body: { buyer_name: "Race Buyer" },
        token,
      });
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ success: false, code: "unauthorized", message: "Authentication required" });
      expect(await db().ticket.count()).toBe(0);
      expect(await db().user.findUnique({ where: { id: user.id } })).not.toBeNull();
    } finally {
      await db().$executeRawUnsafe(`DROP TRIGGER test_delete_creator ON tickets`);
      await db().$executeRawUnsafe(`DROP FUNCTION test_delete_creator()`);
    }
  });
});
