// Test data through the API (never through the UI): tickets, ranges and users, as an
// administrator's request context (`adminApi` of e2e/fixtures.ts).
import { expect, type APIRequestContext } from "@playwright/test";
import type { CustomRangeResult, Ticket } from "@/lib/api/tickets";
import type { GenerateTicketInput } from "@/lib/schemas/ticket";

async function ok<T>(res: Awaited<ReturnType<APIRequestContext["get"]>>): Promise<T> {
  const text = await res.text();
  expect(res.status(), text).toBeLessThan(300);
  return JSON.parse(text) as T;
}

let buyerCounter = 0;

/** Registered tickets for one buyer (generate registers at once), 1-100 at a time. */
export async function generateTickets(
  api: APIRequestContext,
  input: Partial<GenerateTicketInput> = {},
): Promise<Ticket[]> {
  buyerCounter += 1;
  const body = {
    buyer_name: `Seed Buyer ${buyerCounter}`,
    phone_number: "09171234567",
    payment_method: "cash",
    quantity: 1,
    ...input,
  };
  const answer = await ok<{ ticket?: Ticket; tickets?: Ticket[] }>(
    await api.post("/api/tickets/generate", { data: body }),
  );
  return answer.tickets ?? [answer.ticket!];
}

/** `count` unregistered tickets on the first run of free numbers (custom range). */
export async function createUnregisteredTickets(api: APIRequestContext, count: number): Promise<Ticket[]> {
  const range = await ok<{ startRange: number; endRange: number }>(
    await api.get(`/api/tickets/find-available-range/${count}`),
  );
  const result = await ok<CustomRangeResult>(
    await api.post("/api/tickets/admin/generate-custom-range", {
      data: { startRange: range.startRange, endRange: range.endRange, userId: "e2e-seed" },
    }),
  );
  expect(result.stats.generated).toBe(count);
  return result.tickets;
}

export async function registerTicket(
  api: APIRequestContext,
  reference: string,
  buyer: { buyerName: string; phoneNumber: string; email?: string; address?: string },
) {
  return ok<{ ticket: Ticket }>(
    await api.put(`/api/tickets/register/${encodeURIComponent(reference)}`, { data: buyer }),
  );
}

export async function addUser(api: APIRequestContext, user: { email: string; displayName: string; isAdmin?: boolean }) {
  return ok(await api.post("/api/auth/add-user", { data: { isAdmin: false, ...user } }));
}

export async function ticketStats(api: APIRequestContext) {
  return ok<{ total: number; registered_count: number; unregistered_count: number; revenue: number }>(
    await api.get("/api/tickets/stats"),
  );
}
