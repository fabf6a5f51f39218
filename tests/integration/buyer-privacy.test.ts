// Buyer privacy (issue 14): non-administrators read phone, e-mail and address only on tickets
// they created or registered themselves; everyone keeps the buyer's name. Rows: tests/authz/buyer-privacy.ts.
import { beforeAll, describe, expect, it } from "vitest";
import { POST as customRange } from "@/app/api/tickets/admin/generate-custom-range/route";
import { POST as generate } from "@/app/api/tickets/generate/route";
import { GET as getTicket } from "@/app/api/tickets/[id]/route";
import { POST as registerMultiple } from "@/app/api/tickets/register-multiple/route";
import { PUT as register } from "@/app/api/tickets/register/[controlNumber]/route";
import { GET as searchTerm } from "@/app/api/tickets/search/[term]/route";
import { GET as unregistered } from "@/app/api/tickets/unregistered/route";
import { db } from "@/server/db/client";
import { buyerPrivacyRows, type Viewer } from "@/tests/authz/buyer-privacy";
import { createSignedInUser } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";

const CONTACT = { phone_number: "9171234567", email: "buyer@example.com", address: "12 Rizal St." };
const HANDLERS = {
  "/api/tickets/[id]": { handler: getTicket, param: "id" },
  "/api/tickets/search/[term]": { handler: searchTerm, param: "term" },
} as const;

const tokens = {} as Record<Viewer, string>;
const userIds = {} as Record<Viewer, string>;
const numbers = {} as Record<"generated" | "registered", string>;

beforeAll(async () => {
  const admin = await createSignedInUser({ isAdmin: true });
  tokens.admin = admin.token;
  for (const viewer of ["creator", "registrar", "other"] as const) {
    const { user, token } = await createSignedInUser();
    tokens[viewer] = token;
    userIds[viewer] = user.id;
  }

  const made = await callRoute(generate, {
    method: "POST",
    path: "/api/tickets/generate",
    body: { buyer_name: "Gina Generated", phone_number: "09171234567", email: CONTACT.email, address: CONTACT.address },
    token: tokens.creator,
  });
  expect(made.status).toBe(201);
  numbers.generated = made.json.ticket.last_5_digits;

  const range = await callRoute(customRange, {
    method: "POST",
    path: "/api/tickets/admin/generate-custom-range",
    body: { startRange: 500, endRange: 501, userId: "admin" },
    token: admin.token,
  });
  expect(range.status).toBe(201);
  numbers.registered = "00500";
  const reg = await callRoute(register, {
    method: "PUT",
    path: `/api/tickets/register/${numbers.registered}`,
    params: { controlNumber: numbers.registered },
    body: { buyerName: "Rita Registered", phoneNumber: "09171234567", email: CONTACT.email, address: CONTACT.address },
    token: tokens.registrar,
  });
  expect(reg.status).toBe(200);
  // The registrar's own answer carries what they typed.
  expect(reg.json.ticket).toMatchObject(CONTACT);
});

describe("buyer contact details by viewer", () => {
  for (const row of buyerPrivacyRows) {
    for (const viewer of Object.keys(row.sees) as Viewer[]) {
      const sees = row.sees[viewer];
      it(
        `${row.route} (${row.ticket} ticket) as ${viewer}: ` + `contact ${sees ? "shown" : "omitted"}, name shown`,
        async () => {
          const { handler, param } = HANDLERS[row.route as keyof typeof HANDLERS];
          const n = numbers[row.ticket];
          const res = await callRoute(handler, {
            path: row.path.replace("{n}", n),
            params: { [param]: n },
            token: tokens[viewer],
          });
          expect(res.status).toBe(200);
          const ticket = res.json.ticket;
          expect(ticket.buyer_name).toBe(row.ticket === "generated" ? "Gina Generated" : "Rita Registered");
          if (sees) expect(ticket).toMatchObject(CONTACT);
          else for (const field of Object.keys(CONTACT)) expect(ticket).not.toHaveProperty(field);
        },
      );
    }
  }
});

describe("the unregistered list", () => {
  it("omits contact details written on an unregistered ticket the viewer did not create", async () => {
    await db().ticket.update({
      where: { ticketNumber: 501 },
      data: { phoneNumber: "9170000000", email: "x@example.com", address: "Somewhere" },
    });
    const asOther = await callRoute(unregistered, { path: "/api/tickets/unregistered?limit=20", token: tokens.other });
    const asAdmin = await callRoute(unregistered, { path: "/api/tickets/unregistered?limit=20", token: tokens.admin });
    const find = (res: { json: { tickets: { ticket_number: number }[] } }) =>
      res.json.tickets.find((t) => t.ticket_number === 501);
    expect(find(asOther)).not.toHaveProperty("phone_number");
    expect(find(asAdmin)).toMatchObject({ phone_number: "9170000000", email: "x@example.com", address: "Somewhere" });
  });
});

describe("every registration path records who registered", () => {
  it("single and multiple registration set registered_by_id", async () => {
    const multi = await callRoute(registerMultiple, {
      method: "POST",
      path: "/api/tickets/register-multiple",
      body: { buyerName: "Mona Multiple", phoneNumber: "09171234567", ticketIds: ["00501"] },
      token: tokens.other,
    });
    expect(multi.json.registeredCount).toBe(1);
    const rows = await db().ticket.findMany({
      where: { ticketNumber: { in: [500, 501] } },
      orderBy: { ticketNumber: "asc" },
      select: { registeredById: true },
    });
    expect(rows.map((r) => r.registeredById)).toEqual([userIds.registrar, userIds.other]);
  });
});
