// One contract per answer (issue 41): each route below is called with data in every part of its
// answer, and the answer is parsed with its schema from lib/schemas/, made strict at every depth,
// so a field the route answers and the schema lacks fails here (as does a missing or mistyped one).
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { GET as auditRoute } from "@/app/api/audit/route";
import { GET as balancesRoute } from "@/app/api/remittances/balances/route";
import { GET as settingsRoute } from "@/app/api/settings/route";
import { GET as searchRoute } from "@/app/api/tickets/search/route";
import { auditPageSchema } from "@/lib/schemas/audit";
import { balancesAnswerSchema } from "@/lib/schemas/remittance";
import { publicSettingsSchema, settingsSchema } from "@/lib/schemas/settings";
import { ticketPageSchema } from "@/lib/schemas/ticket-response";
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
});
