// User Sales, seller first (issue 38 item 4): each person's sold tickets, pesos, cash collected,
// remitted and owed, checked against a count over the tickets and remittances themselves; a seller
// who generated nothing is an active user; largest Sold ₱ first.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as userProgressRoute } from "@/app/api/dashboard/admin/user-progress/route";
import { POST as adjustmentsRoute } from "@/app/api/remittances/adjustments/route";
import { POST as remittancesRoute } from "@/app/api/remittances/route";
import { POST as customRange } from "@/app/api/tickets/admin/generate-custom-range/route";
import { POST as registerMultipleRoute } from "@/app/api/tickets/register-multiple/route";
import { db } from "@/server/db/client";
import { resetDb } from "@/tests/helpers/db";
import { createSignedInUser } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;
let admin: SignedIn;
let lito: SignedIn;
let maria: SignedIn;

const sell = async (
  seller: SignedIn,
  ticketIds: number[],
  paymentMethod: "cash" | "gcash",
  paymentReference?: string,
) => {
  const res = await callRoute(registerMultipleRoute, {
    method: "POST",
    path: "/api/tickets/register-multiple",
    token: seller.token,
    body: {
      buyerName: `Buyer of ${seller.user.email}`,
      phoneNumber: "09171234567",
      ticketIds,
      paymentMethod,
      paymentReference,
    },
  });
  expect(res.json.registeredCount, JSON.stringify(res.json)).toBe(ticketIds.length);
};

beforeAll(async () => {
  await resetDb();
  admin = await createSignedInUser({ isAdmin: true, email: "admin@example.com" });
  lito = await createSignedInUser({ email: "lito@example.com" });
  maria = await createSignedInUser({ email: "maria@example.com" });
  const range = await callRoute(customRange, {
    method: "POST",
    path: "/api/tickets/admin/generate-custom-range",
    token: admin.token,
    body: { startRange: 1, endRange: 20, userId: "x" },
  });
  expect(range.status).toBe(201);
  // Lito sells 6 for cash (the "6 tickets for ₱300"), Maria 3 cash and 2 GCash, the administrator 1.
  await sell(lito, [1, 2, 3, 4, 5, 6], "cash");
  await sell(maria, [7, 8, 9], "cash");
  await sell(maria, [10, 11], "gcash", "1001000000099");
  await sell(admin, [12], "cash");
  const remit = (seller: SignedIn, amount: string) =>
    callRoute(remittancesRoute, {
      method: "POST",
      path: "/api/remittances",
      token: admin.token,
      body: { sellerId: seller.user.id, amount },
    });
  expect((await remit(lito, "200.00")).status).toBe(201);
  expect((await remit(maria, "150.00")).status).toBe(201);
  const adjusted = await callRoute(adjustmentsRoute, {
    method: "POST",
    path: "/api/remittances/adjustments",
    token: admin.token,
    body: { sellerId: lito.user.id, amount: "20.00", reason: "Change given from the seller's own pocket" },
  });
  expect(adjusted.status, JSON.stringify(adjusted.json)).toBe(201);
});

describe("User Sales, seller first", () => {
  it(
    "gives each seller's sold tickets, pesos, cash, remitted and " + "owed as the tickets and remittances count them",
    async () => {
      const res = await callRoute(userProgressRoute, {
        path: "/api/dashboard/admin/user-progress",
        token: admin.token,
      });
      expect(res.status).toBe(200);
      const truth = await db().$queryRaw<
        { email: string; sold: number; amount: number; cash: number; remitted: number; adjustments: number }[]
      >`
      SELECT u.email,
        (SELECT count(*)::int FROM tickets t WHERE t.registered_by_id = u.id AND t.registered_at IS NOT NULL AND
      t.voided_at IS NULL) AS sold,
        (SELECT coalesce(sum(t.amount), 0)::float8 FROM tickets t WHERE t.registered_by_id = u.id AND t.registered_at IS
      NOT NULL AND t.voided_at IS NULL) AS amount,
        (SELECT coalesce(sum(t.amount), 0)::float8 FROM tickets t WHERE t.registered_by_id = u.id AND t.registered_at IS
      NOT NULL AND t.voided_at IS NULL AND t.payment_method = 'cash') AS cash,
        (SELECT coalesce(sum(r.amount), 0)::float8 FROM remittances r WHERE r.seller_id = u.id AND r.voided_at IS NULL)
      AS remitted,
        (SELECT coalesce(sum(j.amount), 0)::float8 FROM remittance_adjustments j WHERE j.seller_id = u.id) AS
      adjustments
      FROM users u ORDER BY u.email`;
      for (const t of truth) {
        const row = res.json.userProgress.find((r: { userEmail: string }) => r.userEmail === t.email);
        expect(row, t.email).toMatchObject({
          soldTickets: t.sold,
          soldAmount: t.amount,
          cashCollected: t.cash,
          remitted: t.remitted,
          owed: t.cash - t.remitted - t.adjustments,
        });
      }
      // The seller: 6 sold for ₱300, not "Total Tickets 0 … ₱0.00" beside it.
      expect(
        res.json.userProgress.find((r: { userEmail: string }) => r.userEmail === "lito@example.com"),
      ).toMatchObject({
        soldTickets: 6,
        soldAmount: 300,
        cashCollected: 300,
        remitted: 200,
        owed: 80,
        totalTickets: 0,
      });
      // Largest Sold ₱ first; everyone who generated or sold is active.
      expect(res.json.userProgress.map((r: { userEmail: string }) => r.userEmail)).toEqual([
        "lito@example.com",
        "maria@example.com",
        "admin@example.com",
      ]);
      expect(res.json.overview.activeUsers).toBe(3);
    },
  );
});
