// Issue 25 item 10: searching unregistered tickets matches only what the caller may see, and
// registering someone else's ticket answers only what the registrar typed.
import { beforeEach, describe, expect, it } from "vitest";
import { POST as customRange } from "@/app/api/tickets/admin/generate-custom-range/route";
import { POST as registerMultiple } from "@/app/api/tickets/register-multiple/route";
import { PUT as register } from "@/app/api/tickets/register/[controlNumber]/route";
import { GET as unregistered } from "@/app/api/tickets/unregistered/route";
import { sql } from "@/server/db/client";
import { resetDb } from "@/tests/helpers/db";
import { createSignedInUser } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";

let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let creator: Awaited<ReturnType<typeof createSignedInUser>>;
let other: Awaited<ReturnType<typeof createSignedInUser>>;
let numbers: string[];

beforeEach(async () => {
  await resetDb();
  admin = await createSignedInUser({ isAdmin: true });
  creator = await createSignedInUser();
  other = await createSignedInUser();
  const range = await callRoute(customRange, {
    method: "POST",
    path: "/api/tickets/admin/generate-custom-range",
    body: { startRange: 1, endRange: 2, userId: "x" },
    token: admin.token,
  });
  expect(range.status).toBe(201);
  numbers = ["00001", "00002"];
  // Stubs the staff member made, with a contact noted before any sale (as older data holds).
  await sql(
    `UPDATE tickets SET created_by_id = $1, phone_number = '9175550199', email = ` +
      `'secret@example.com', address = '7 Hidden St.' WHERE registered_at IS NULL`,
    [creator.user.id],
  );
});

const search = (token: string, term: string) =>
  callRoute(unregistered, { path: `/api/tickets/unregistered?search=${encodeURIComponent(term)}`, token });

describe("searching unregistered tickets", () => {
  it("matches hidden contact fields only for those who may see them", async () => {
    for (const term of ["0917 555 0199", "5550199", "secret@example", "Hidden"]) {
      const byOther = await search(other.token, term);
      expect(byOther.status).toBe(200);
      expect(byOther.json.tickets, `${term} as another user`).toEqual([]);
      expect(byOther.json.total).toBe(0);
    }
    for (const token of [creator.token, admin.token]) {
      expect((await search(token, "5550199")).json.tickets).toHaveLength(2);
      expect((await search(token, "secret@example")).json.tickets).toHaveLength(2);
    }
    // What everyone may see still matches: the control number.
    expect((await search(other.token, numbers[0])).json.tickets).toHaveLength(1);
  });
});

describe("registering someone else's ticket", () => {
  it("answers without the e-mail, address and phone its creator typed; what the registrar typed is shown", async () => {
    const res = await callRoute(register, {
      method: "PUT",
      path: `/api/tickets/register/${numbers[0]}`,
      params: { controlNumber: numbers[0] },
      body: { buyerName: "Olga Other", phoneNumber: "09171112222" },
      token: other.token,
    });
    expect(res.status).toBe(200);
    expect(res.json.ticket).not.toHaveProperty("email");
    expect(res.json.ticket).not.toHaveProperty("address");
    expect(res.json.ticket.phone_number).toBe("9171112222");
    expect(JSON.stringify(res.json)).not.toContain("secret@example.com");
    expect(JSON.stringify(res.json)).not.toContain("Hidden");

    const many = await callRoute(registerMultiple, {
      method: "POST",
      path: "/api/tickets/register-multiple",
      body: { buyerName: "Olga Other", phoneNumber: "09171112222", email: "olga@example.com", ticketIds: [numbers[1]] },
      token: other.token,
    });
    expect(many.status).toBe(200);
    expect(many.json.registeredTickets[0].email).toBe("olga@example.com");
    expect(many.json.registeredTickets[0]).not.toHaveProperty("address");
  });

  it("the creator and administrators registering get the whole ticket", async () => {
    const res = await callRoute(register, {
      method: "PUT",
      path: `/api/tickets/register/${numbers[0]}`,
      params: { controlNumber: numbers[0] },
      body: { buyerName: "Cora Creator", phoneNumber: "09171112222" },
      token: creator.token,
    });
    expect(res.json.ticket).toMatchObject({ email: "secret@example.com", address: "7 Hidden St." });
  });
});
