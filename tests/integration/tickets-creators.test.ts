// GET /api/tickets/creators: the distinct creators of tickets, for the creator filter, and the
// search filter that takes one of them.
import { describe, expect, it } from "vitest";
import { GET as creatorsRoute } from "@/app/api/tickets/creators/route";
import { POST as customRangeRoute } from "@/app/api/tickets/admin/generate-custom-range/route";
import { POST as generateRoute } from "@/app/api/tickets/generate/route";
import { GET as searchRoute } from "@/app/api/tickets/search/route";
import { db } from "@/server/db/client";
import { createSignedInUser, freshAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";

const users = freshAdminAndStaff();

async function generate(token: string, quantity = 1) {
  const res = await callRoute(generateRoute, {
    method: "POST",
    path: "/api/tickets/generate",
    body: { buyer_name: "Juan Dela Cruz", phone_number: "09171234567", quantity },
    token,
  });
  expect(res.status).toBe(201);
}

const listCreators = (token: string) => callRoute(creatorsRoute, { path: "/api/tickets/creators", token });

describe("GET /api/tickets/creators", () => {
  it("answers an empty list when there are no tickets", async () => {
    const res = await listCreators(users.admin.token);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, creators: [] });
  });

  it("lists each creator once, by email, with their current display name", async () => {
    await generate(users.staff.token, 3);
    await generate(users.admin.token);
    await generate(users.staff.token);
    const range = await callRoute(customRangeRoute, {
      method: "POST",
      path: "/api/tickets/admin/generate-custom-range",
      body: { startRange: 50, endRange: 54, userId: "someone-else@example.com" },
      token: users.admin.token,
    });
    expect(range.status).toBe(201);
    await db().user.update({ where: { id: users.staff.user.id }, data: { displayName: "Samantha Staff" } });

    const res = await listCreators(users.admin.token);
    expect(res.json.creators).toEqual([
      { email: "admin@example.com", name: "Ada Admin" },
      { email: "staff@example.com", name: "Samantha Staff" },
    ]);
  });

  it("keeps a deleted creator, named from their tickets", async () => {
    const gone = await createSignedInUser({ email: "gone@example.com", displayName: "Gone Person" });
    await generate(gone.token, 2);
    await db().authSession.deleteMany({ where: { userId: gone.user.id } });
    await db().user.delete({ where: { id: gone.user.id } });
    const res = await listCreators(users.admin.token);
    expect(res.json.creators).toEqual([{ email: "gone@example.com", name: "Gone Person" }]);
  });

  it("is for administrators only", async () => {
    const res = await listCreators(users.staff.token);
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ success: false, code: "forbidden", message: "Administrator access required" });
  });

  it("gives values the search's user filter matches", async () => {
    await generate(users.staff.token, 2);
    await generate(users.admin.token);
    const { creators } = (await listCreators(users.admin.token)).json as { creators: { email: string }[] };
    const counts = await Promise.all(
      creators.map(
        async (c) =>
          (
            await callRoute(searchRoute, {
              path: `/api/tickets/search?user=${encodeURIComponent(c.email)}`,
              token: users.admin.token,
            })
          ).json.total,
      ),
    );
    expect(counts).toEqual([1, 2]);
  });
});
