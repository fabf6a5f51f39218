// One contract per answer (issue 41): each route below is called with data in every part of its
// answer, and the answer is parsed with its schema from lib/schemas/, made strict at every depth,
// so a field the route answers and the schema lacks fails here (as does a missing or mistyped one).
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { GET as auditRoute } from "@/app/api/audit/route";
import { GET as balancesRoute } from "@/app/api/remittances/balances/route";
import { GET as settingsRoute } from "@/app/api/settings/route";
import { GET as ticketCountRoute } from "@/app/api/tickets/count/route";
import { GET as ticketRoute, PUT as editTicketRoute } from "@/app/api/tickets/[id]/route";
import { PUT as registerRoute } from "@/app/api/tickets/register/[controlNumber]/route";
import { GET as searchRoute } from "@/app/api/tickets/search/route";
import { GET as lookupRoute } from "@/app/api/tickets/search/[term]/route";
import { GET as ticketStatsRoute } from "@/app/api/tickets/stats/route";
import { auditPageSchema } from "@/lib/schemas/audit";
import { balancesAnswerSchema } from "@/lib/schemas/remittance";
import { publicSettingsSchema, settingsSchema } from "@/lib/schemas/settings";
import {
  ticketAnswerSchema,
  ticketCountSchema,
  ticketPageSchema,
  ticketSavedSchema,
  ticketStatsSchema,
} from "@/lib/schemas/ticket-response";
import { resetDb } from "@/tests/helpers/db";
import {
  createAdminAndStaff,
  createSellerWithAllocation,
  createTickets,
  sellTicket,
  voidTicket,
} from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";

/** `schema` with every object in it strict: an unknown key anywhere is an error. */
export function strictDeep(schema: z.ZodType): z.ZodType {
  const def = (schema as any).def;
  switch (def.type) {
    case "object":
      return z.strictObject(
        Object.fromEntries(Object.entries(def.shape as Record<string, z.ZodType>).map(([k, v]) => [k, strictDeep(v)])),
      );
    case "array":
      return z.array(strictDeep(def.element));
    case "nullable":
      return strictDeep(def.innerType).nullable();
    case "optional":
      return strictDeep(def.innerType).optional();
    case "union":
      return z.union(def.options.map(strictDeep));
    default:
      return schema;
  }
}

function expectContract(schema: z.ZodType, body: unknown) {
  const parsed = strictDeep(schema).safeParse(body);
  expect(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`)).toEqual([]);
}

let admin: Awaited<ReturnType<typeof createAdminAndStaff>>["admin"];
let staff: Awaited<ReturnType<typeof createAdminAndStaff>>["staff"];

beforeEach(async () => {
  await resetDb();
  ({ admin, staff } = await createAdminAndStaff());
});

describe("answers parse with their lib/schemas/ contract, strictly", () => {
  it("the strict parse refuses a field the schema lacks, at any depth", () => {
    const schema = z.object({ rows: z.array(z.object({ a: z.string() }).nullable()) });
    expect(strictDeep(schema).safeParse({ rows: [{ a: "x" }, null] }).success).toBe(true);
    expect(strictDeep(schema).safeParse({ rows: [{ a: "x", b: 1 }] }).success).toBe(false);
    expect(strictDeep(schema).safeParse({ rows: [], extra: true }).success).toBe(false);
  });

  it("GET /api/settings: the whole for an administrator, the public part for staff", async () => {
    const whole = await callRoute(settingsRoute, { path: "/api/settings", token: admin.token });
    expect(whole.status).toBe(200);
    expectContract(z.object({ success: z.literal(true), settings: settingsSchema }), whole.json);
    const part = await callRoute(settingsRoute, { path: "/api/settings", token: staff.token });
    expect(part.status).toBe(200);
    expectContract(z.object({ success: z.literal(true), settings: publicSettingsSchema }), part.json);
  });

  it("GET /api/tickets/search: unsold, sold by each method, and voided tickets", async () => {
    const tickets = await createTickets(admin, 1, 4);
    await sellTicket(staff, tickets[0].control_number, { method: "cash" });
    await sellTicket(staff, tickets[1].control_number, { method: "gcash", reference: "1234567890123" });
    await sellTicket(staff, tickets[2].control_number, { method: "bank_transfer", buyerName: "Jose Rizal" });
    await voidTicket(admin, tickets[3].id);
    const res = await callRoute(searchRoute, { path: "/api/tickets/search?limit=10", token: admin.token });
    expect(res.status).toBe(200);
    expect(res.json.tickets).toHaveLength(4);
    expectContract(ticketPageSchema, res.json);
  });

  it("GET /api/remittances/balances: a seller holding stubs, having sold", async () => {
    const [first] = await createTickets(admin, 1, 5);
    const seller = await createSellerWithAllocation(
      admin,
      { from: 1, to: 5 },
      { email: "ana@example.com", displayName: "Ana Seller" },
    );
    await sellTicket(seller, first.control_number);
    const res = await callRoute(balancesRoute, { path: "/api/remittances/balances", token: admin.token });
    expect(res.status).toBe(200);
    expect(res.json.sellers.length).toBeGreaterThan(0);
    expectContract(balancesAnswerSchema, res.json);
  });

  it("GET /api/audit: a page of rows", async () => {
    await createTickets(admin, 1, 2);
    const res = await callRoute(auditRoute, { path: "/api/audit?page=1", token: admin.token });
    expect(res.status).toBe(200);
    expect(res.json.entries.length).toBeGreaterThan(0);
    expectContract(auditPageSchema, res.json);
  });

  it("one ticket: GET /api/tickets/{id} and /search/{term}, sold, voided, and with its contacts hidden", async () => {
    const tickets = await createTickets(admin, 1, 3);
    const sold = await sellTicket(admin, tickets[0].control_number, { method: "gcash", reference: "1234567890123" });
    await voidTicket(admin, tickets[1].id, { note: "Torn in half" });
    const byId = await callRoute(ticketRoute, {
      path: `/api/tickets/${sold.id}`,
      params: { id: sold.id },
      token: admin.token,
    });
    expect(byId.status).toBe(200);
    expect(byId.json.ticket.payment).not.toBeNull();
    expectContract(ticketAnswerSchema, byId.json);
    const voided = await callRoute(lookupRoute, {
      path: `/api/tickets/search/${tickets[1].control_number}`,
      params: { term: tickets[1].control_number },
      token: admin.token,
    });
    expect(voided.status).toBe(200);
    expect(voided.json.ticket.void_note).toBe("Torn in half");
    expectContract(ticketAnswerSchema, voided.json);
    // Staff who neither made nor sold it: the contacts and payment are left out of the answer.
    const hidden = await callRoute(lookupRoute, {
      path: `/api/tickets/search/${sold.control_number}`,
      params: { term: sold.control_number },
      token: staff.token,
    });
    expect(hidden.status).toBe(200);
    expect(hidden.json.ticket).not.toHaveProperty("payment");
    expectContract(ticketAnswerSchema, hidden.json);
  });

  it("PUT /api/tickets/register/{controlNumber} and PUT /api/tickets/{id}: the ticket as saved", async () => {
    const tickets = await createTickets(admin, 1, 2);
    const registered = await callRoute(registerRoute, {
      method: "PUT",
      path: `/api/tickets/register/${tickets[0].control_number}`,
      params: { controlNumber: tickets[0].control_number },
      body: {
        buyerName: "Andres Bonifacio",
        phoneNumber: "09181234567",
        email: "andres@example.com",
        address: "Tondo, Manila",
        paymentMethod: "bank_transfer",
        paymentReference: "BDO-2026-0001",
      },
      token: staff.token,
    });
    expect(registered.status, JSON.stringify(registered.json)).toBe(200);
    expect(registered.json.ticket.payment.reference).toBe("BDO-2026-0001");
    expectContract(ticketSavedSchema, registered.json);
    const edited = await callRoute(editTicketRoute, {
      method: "PUT",
      path: `/api/tickets/${tickets[1].id}`,
      params: { id: tickets[1].id },
      body: {
        buyer_name: "Gabriela Silang",
        phone_number: "09171112222",
        email: "gabriela@example.com",
        address: "Vigan",
        payment_method: "gcash",
        gcash_reference: "1234567890999",
      },
      token: admin.token,
    });
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);
    expect(edited.json.ticket.payment).not.toBeNull();
    expectContract(ticketSavedSchema, edited.json);
  });

  it("GET /api/tickets/stats and /api/tickets/count: the totals", async () => {
    const tickets = await createTickets(admin, 1, 3);
    await sellTicket(staff, tickets[0].control_number);
    const stats = await callRoute(ticketStatsRoute, { path: "/api/tickets/stats", token: admin.token });
    expect(stats.status).toBe(200);
    expect(stats.json).toMatchObject({ total: 3, registered_count: 1, unregistered_count: 2 });
    expect(stats.json.revenue).toBeGreaterThan(0);
    expectContract(ticketStatsSchema, stats.json);
    const count = await callRoute(ticketCountRoute, { path: "/api/tickets/count", token: admin.token });
    expect(count.status).toBe(200);
    expectContract(ticketCountSchema, count.json);
  });
});
