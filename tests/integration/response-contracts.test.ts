// One contract per answer (issue 41): each route below is called with data in every part of its
// answer, and the answer is parsed with its schema from lib/schemas/, made strict at every depth,
// so a field the route answers and the schema lacks fails here (as does a missing or mistyped one).
// Not JSON: the self-test's byte stream, the stubs' PDF and the close-out archive's ZIP (their
// media type and disposition are checked). Every route's row: tests/contracts/route-contracts.ts.
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { setTimeout as sleep } from "node:timers/promises";
import { NextRequest } from "next/server";
import { GET as auditRoute } from "@/app/api/audit/route";
import { POST as checkAdminRoute } from "@/app/api/auth/check-admin/route";
import { POST as addUserRoute } from "@/app/api/auth/add-user/route";
import { PUT as disableUserRoute } from "@/app/api/auth/disable-user/route";
import { GET as profileRoute } from "@/app/api/auth/profile/route";
import { POST as resetGoogleLinkRoute } from "@/app/api/auth/reset-google-link/route";
import { GET as sessionsRoute } from "@/app/api/auth/sessions/route";
import { PUT as updateRoleRoute } from "@/app/api/auth/update-user-role/route";
import { GET as usersRoute } from "@/app/api/auth/users/route";
import { POST as verifyTokenRoute } from "@/app/api/auth/verify-token/route";
import { GET as userProgressRoute } from "@/app/api/dashboard/admin/user-progress/route";
import { GET as historicalRoute } from "@/app/api/dashboard/analytics/historical/route";
import { GET as dashboardStatsRoute } from "@/app/api/dashboard/stats/route";
import { GET as drawsRoute, POST as commitDrawRoute } from "@/app/api/draws/route";
import { GET as jobRoute } from "@/app/api/jobs/[id]/route";
import { POST as selfTestRoute } from "@/app/api/jobs/self-test/route";
import { POST as voidRemittanceRoute } from "@/app/api/remittances/[id]/void/route";
import { POST as adjustmentRoute } from "@/app/api/remittances/adjustments/route";
import { GET as balancesRoute } from "@/app/api/remittances/balances/route";
import { POST as remittanceRoute } from "@/app/api/remittances/route";
import { POST as allocationsRoute } from "@/app/api/sellers/[id]/allocations/route";
import { POST as returnsRoute } from "@/app/api/sellers/[id]/returns/route";
import { GET as statementRoute } from "@/app/api/sellers/[id]/statement/route";
import { GET as myStatementRoute } from "@/app/api/sellers/me/statement/route";
import { GET as settingsRoute } from "@/app/api/settings/route";
import { POST as archiveRoute } from "@/app/api/raffle/archive.zip/route";
import { GET as closeoutRoute } from "@/app/api/raffle/closeout/route";
import { POST as purgeRoute } from "@/app/api/raffle/purge/route";
import { POST as reopenRoute } from "@/app/api/raffle/reopen/route";
import { GET as importsRoute } from "@/app/api/reconciliation/imports/route";
import { GET as linesRoute } from "@/app/api/reconciliation/lines/route";
import { POST as settleRoute } from "@/app/api/reconciliation/payments/[id]/settle/route";
import { GET as ledgerRoute } from "@/app/api/reconciliation/payments/route";
import { GET as ledgerSummaryRoute } from "@/app/api/reconciliation/summary/route";
import { DELETE as deletePrizeRoute, PUT as editPrizeRoute } from "@/app/api/prizes/[id]/route";
import { GET as prizesRoute, POST as addPrizeRoute } from "@/app/api/prizes/route";
import { POST as closeSalesRoute } from "@/app/api/raffle/close-sales/route";
import { GET as raffleStateRoute } from "@/app/api/raffle/state/route";
import { GET as printJobsRoute } from "@/app/api/print/jobs/route";
import { POST as printRoute } from "@/app/api/print/stubs/route";
import { POST as replaceQrRoute } from "@/app/api/tickets/[id]/qr/replace/route";
import { POST as unvoidRoute } from "@/app/api/tickets/[id]/unvoid/route";
import { POST as voidRoute } from "@/app/api/tickets/[id]/void/route";
import { GET as voidedRoute } from "@/app/api/tickets/voided/route";
import { GET as ticketListRoute } from "@/app/api/tickets/route";
import { GET as unregisteredRoute } from "@/app/api/tickets/unregistered/route";
import { GET as ticketCountRoute } from "@/app/api/tickets/count/route";
import { GET as ticketRoute, PUT as editTicketRoute } from "@/app/api/tickets/[id]/route";
import { PUT as registerRoute } from "@/app/api/tickets/register/[controlNumber]/route";
import { GET as searchRoute } from "@/app/api/tickets/search/route";
import { GET as lookupRoute } from "@/app/api/tickets/search/[term]/route";
import { GET as ticketStatsRoute } from "@/app/api/tickets/stats/route";
import { auditPageSchema } from "@/lib/schemas/audit";
import { closeoutAnswerSchema, closeoutSavedSchema, purgeAnswerSchema } from "@/lib/schemas/closeout";
import { dashboardStatsSchema, historicalAnalyticsSchema, userProgressSchema } from "@/lib/schemas/dashboard";
import {
  closeSalesAnswerSchema,
  drawCommittedSchema,
  drawsAnswerSchema,
  raffleStateAnswerSchema,
} from "@/lib/schemas/draw";
import { ledgerListSchema, ledgerSummarySchema } from "@/lib/schemas/payment-ledger";
import { prizeSavedSchema, prizesAnswerSchema } from "@/lib/schemas/prize";
import { importsAnswerSchema, linesPageSchema } from "@/lib/schemas/reconciliation";
import { jobResponseSchema } from "@/lib/schemas/job";
import {
  adjustmentSavedSchema,
  allocationAnswerSchema,
  balancesAnswerSchema,
  remittanceSavedSchema,
  returnsAnswerSchema,
  statementAnswerSchema,
} from "@/lib/schemas/remittance";
import { sessionsAnswerSchema } from "@/lib/schemas/session";
import { printJobsResponseSchema, qrReplacedSchema } from "@/lib/schemas/stubs";
import { publicSettingsSchema, settingsSchema } from "@/lib/schemas/settings";
import {
  ticketAnswerSchema,
  ticketCountSchema,
  ticketPageSchema,
  ticketSavedSchema,
  ticketStatsSchema,
  visibleTicketPageSchema,
} from "@/lib/schemas/ticket-response";
import {
  checkAdminAnswerSchema,
  profileAnswerSchema,
  userSavedSchema,
  usersAnswerSchema,
  verifyTokenAnswerSchema,
} from "@/lib/schemas/user";
import { voidAnswerSchema, voidedPageSchema } from "@/lib/schemas/void";
import { db } from "@/server/db/client";
import {
  createSellerWithAllocation,
  createTickets,
  freshAdminAndStaff,
  sellTicket,
  voidTicket,
} from "@/tests/helpers/factories";
import { expectContract, expectDownload, strictDeep } from "@/tests/helpers/contracts";
import { callRoute, TEST_ORIGIN } from "@/tests/helpers/http";
import { createSoldTickets } from "@/tests/helpers/sold-tickets";
import { BANK_LAYOUTS } from "@/tests/helpers/statement-files";
import { uploadStatement } from "@/tests/helpers/statement-upload";
import { SAMPLE_FILES } from "@/tests/helpers/upload";

const users = freshAdminAndStaff();

describe("answers parse with their lib/schemas/ contract, strictly", () => {
  it("the strict parse refuses a field the schema lacks, at any depth", () => {
    const schema = z.object({ rows: z.array(z.object({ a: z.string() }).nullable()) });
    expect(strictDeep(schema).safeParse({ rows: [{ a: "x" }, null] }).success).toBe(true);
    expect(strictDeep(schema).safeParse({ rows: [{ a: "x", b: 1 }] }).success).toBe(false);
    expect(strictDeep(schema).safeParse({ rows: [], extra: true }).success).toBe(false);
  });

  it("GET /api/settings: the whole for an administrator, the public part for staff", async () => {
    const whole = await callRoute(settingsRoute, { path: "/api/settings", token: users.admin.token });
    expect(whole.status).toBe(200);
    expectContract(z.object({ success: z.literal(true), settings: settingsSchema }), whole.json);
    const part = await callRoute(settingsRoute, { path: "/api/settings", token: users.staff.token });
    expect(part.status).toBe(200);
    expectContract(z.object({ success: z.literal(true), settings: publicSettingsSchema }), part.json);
  });

  it("GET /api/tickets/search: unsold, sold by each method, and voided tickets", async () => {
    const tickets = await createTickets(users.admin, 1, 4);
    await sellTicket(users.staff, tickets[0].control_number, { method: "cash" });
    await sellTicket(users.staff, tickets[1].control_number, { method: "gcash", reference: "1234567890123" });
    await sellTicket(users.staff, tickets[2].control_number, { method: "bank_transfer", buyerName: "Jose Rizal" });
    await voidTicket(users.admin, tickets[3].id);
    const res = await callRoute(searchRoute, { path: "/api/tickets/search?limit=10", token: users.admin.token });
    expect(res.status).toBe(200);
    expect(res.json.tickets).toHaveLength(4);
    expectContract(ticketPageSchema, res.json);
  });

  it("GET /api/remittances/balances: a seller holding stubs, having sold", async () => {
    const [first] = await createTickets(users.admin, 1, 5);
    const seller = await createSellerWithAllocation(
      users.admin,
      { from: 1, to: 5 },
      { email: "ana@example.com", displayName: "Ana Seller" },
    );
    await sellTicket(seller, first.control_number);
    const res = await callRoute(balancesRoute, { path: "/api/remittances/balances", token: users.admin.token });
    expect(res.status).toBe(200);
    expect(res.json.sellers.length).toBeGreaterThan(0);
    expectContract(balancesAnswerSchema, res.json);
  });

  it("GET /api/audit: a page of rows", async () => {
    await createTickets(users.admin, 1, 2);
    const res = await callRoute(auditRoute, { path: "/api/audit?page=1", token: users.admin.token });
    expect(res.status).toBe(200);
    expect(res.json.entries.length).toBeGreaterThan(0);
    expectContract(auditPageSchema, res.json);
  });

  it(
    "GET /api/tickets (administrators) and /api/tickets/unregistered (staff, another's contacts " + "left out)",
    async () => {
      const tickets = await createTickets(users.admin, 1, 3);
      await sellTicket(users.staff, tickets[0].control_number, { method: "cash" });
      // An administrator's ticket with its buyer's contacts typed, not yet sold: staff do not see them.
      const edited = await callRoute(editTicketRoute, {
        method: "PUT",
        path: `/api/tickets/${tickets[1].id}`,
        params: { id: tickets[1].id },
        body: { buyer_name: "Unregistered Buyer", phone_number: "09171112222", payment_method: "cash" },
        token: users.admin.token,
      });
      expect(edited.status, JSON.stringify(edited.json)).toBe(200);
      const all = await callRoute(ticketListRoute, { path: "/api/tickets?limit=10", token: users.admin.token });
      expect(all.status).toBe(200);
      expect(all.json.tickets).toHaveLength(3);
      expectContract(ticketPageSchema, all.json);
      const free = await callRoute(unregisteredRoute, { path: "/api/tickets/unregistered", token: users.staff.token });
      expect(free.status).toBe(200);
      expect(free.json.tickets.some((t: object) => !("phone_number" in t))).toBe(true);
      expectContract(visibleTicketPageSchema, free.json);
    },
  );

  it("one ticket: GET /api/tickets/{id} and /search/{term}, sold, voided, and with its contacts hidden", async () => {
    const tickets = await createTickets(users.admin, 1, 3);
    const sold = await sellTicket(users.admin, tickets[0].control_number, {
      method: "gcash",
      reference: "1234567890123",
    });
    await voidTicket(users.admin, tickets[1].id, { note: "Torn in half" });
    const byId = await callRoute(ticketRoute, {
      path: `/api/tickets/${sold.id}`,
      params: { id: sold.id },
      token: users.admin.token,
    });
    expect(byId.status).toBe(200);
    expect(byId.json.ticket.payment).not.toBeNull();
    expectContract(ticketAnswerSchema, byId.json);
    const voided = await callRoute(lookupRoute, {
      path: `/api/tickets/search/${tickets[1].control_number}`,
      params: { term: tickets[1].control_number },
      token: users.admin.token,
    });
    expect(voided.status).toBe(200);
    expect(voided.json.ticket.void_note).toBe("Torn in half");
    expectContract(ticketAnswerSchema, voided.json);
    // Staff who neither made nor sold it: the contacts and payment are left out of the answer.
    const hidden = await callRoute(lookupRoute, {
      path: `/api/tickets/search/${sold.control_number}`,
      params: { term: sold.control_number },
      token: users.staff.token,
    });
    expect(hidden.status).toBe(200);
    expect(hidden.json.ticket).not.toHaveProperty("payment");
    expectContract(ticketAnswerSchema, hidden.json);
  });

  it("PUT /api/tickets/register/{controlNumber} and PUT /api/tickets/{id}: the ticket as saved", async () => {
    const tickets = await createTickets(users.admin, 1, 2);
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
      token: users.staff.token,
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
      token: users.admin.token,
    });
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);
    expect(edited.json.ticket.payment).not.toBeNull();
    expectContract(ticketSavedSchema, edited.json);
  });

  it("GET /api/tickets/stats and /api/tickets/count: the totals", async () => {
    const tickets = await createTickets(users.admin, 1, 3);
    await sellTicket(users.staff, tickets[0].control_number);
    const stats = await callRoute(ticketStatsRoute, { path: "/api/tickets/stats", token: users.admin.token });
    expect(stats.status).toBe(200);
    expect(stats.json).toMatchObject({ total: 3, registered_count: 1, unregistered_count: 2 });
    expect(stats.json.revenue).toBeGreaterThan(0);
    expectContract(ticketStatsSchema, stats.json);
    const count = await callRoute(ticketCountRoute, { path: "/api/tickets/count", token: users.admin.token });
    expect(count.status).toBe(200);
    expectContract(ticketCountSchema, count.json);
  });

  it("GET /api/auth/users, and the user as add, role, disable and reset-link save it", async () => {
    await db().user.update({
      where: { id: users.staff.user.id },
      data: { lastLogin: new Date(), phoneNumber: "09171234567", address: "Quezon City", googleSub: "google-123" },
    });
    const listed = await callRoute(usersRoute, { path: "/api/auth/users", token: users.admin.token });
    expect(listed.status).toBe(200);
    expect(listed.json.users.some((u: { google_linked: boolean }) => u.google_linked)).toBe(true);
    expectContract(usersAnswerSchema, listed.json);
    const saves = [
      await callRoute(addUserRoute, {
        method: "POST",
        path: "/api/auth/add-user",
        body: { email: "new@example.com", displayName: "New Person" },
        token: users.admin.token,
      }),
      await callRoute(updateRoleRoute, {
        method: "PUT",
        path: "/api/auth/update-user-role",
        body: { email: "new@example.com", isAdmin: true },
        token: users.admin.token,
      }),
      await callRoute(disableUserRoute, {
        method: "PUT",
        path: "/api/auth/disable-user",
        body: { email: "new@example.com" },
        token: users.admin.token,
      }),
      await callRoute(resetGoogleLinkRoute, {
        method: "POST",
        path: "/api/auth/reset-google-link",
        body: { email: users.staff.user.email },
        token: users.admin.token,
      }),
    ];
    for (const saved of saves) {
      expect(saved.status, JSON.stringify(saved.json)).toBeLessThan(300);
      expectContract(userSavedSchema, saved.json);
    }
  });

  it("GET /api/auth/profile, verify-token, check-admin (own and another's) and GET /api/auth/sessions", async () => {
    const profile = await callRoute(profileRoute, { path: "/api/auth/profile", token: users.staff.token });
    expect(profile.status).toBe(200);
    expectContract(profileAnswerSchema, profile.json);
    const verified = await callRoute(verifyTokenRoute, {
      method: "POST",
      path: "/api/auth/verify-token",
      body: { token: users.staff.token },
    });
    expect(verified.status).toBe(200);
    expectContract(verifyTokenAnswerSchema, verified.json);
    const own = await callRoute(checkAdminRoute, {
      method: "POST",
      path: "/api/auth/check-admin",
      body: {},
      token: users.staff.token,
    });
    expect(own.status).toBe(200);
    expectContract(checkAdminAnswerSchema, own.json);
    const other = await callRoute(checkAdminRoute, {
      method: "POST",
      path: "/api/auth/check-admin",
      body: { email: users.staff.user.email },
      token: users.admin.token,
    });
    expect(other.status).toBe(200);
    expect(other.json.user).toHaveProperty("is_disabled", false);
    expectContract(checkAdminAnswerSchema, other.json);
    const sessions = await callRoute(sessionsRoute, { path: "/api/auth/sessions", token: users.staff.token });
    expect(sessions.status).toBe(200);
    expect(sessions.json.sessions).toHaveLength(1);
    expectContract(sessionsAnswerSchema, sessions.json);
  });

  it("GET /api/jobs/{id}: a job that succeeded, and one cancelled with its error", async () => {
    const startSelfTest = (body: object) =>
      selfTestRoute(
        new NextRequest("http://localhost:3000/api/jobs/self-test", {
          method: "POST",
          headers: {
            "content-type": "application/json",
            host: "localhost:3000",
            authorization: `Bearer ${users.admin.token}`,
          },
          body: JSON.stringify(body),
        }),
        { params: Promise.resolve({}) },
      );
    const readJob = async (id: string) => {
      for (let i = 0; i < 100; i++) {
        const res = await callRoute(jobRoute, { path: `/api/jobs/${id}`, params: { id }, token: users.admin.token });
        if (res.json.job?.state !== "running") return res;
        await sleep(50);
      }
      throw new Error(`job ${id} still running`);
    };
    const done = await startSelfTest({ bytes: 1000 });
    // Not JSON: the self-test streams bytes, as a download.
    expectDownload(done.headers, "application/octet-stream", /^self-test\.bin$/);
    await done.arrayBuffer();
    const succeeded = await readJob(done.headers.get("x-job-id")!);
    expect(succeeded.json.job).toMatchObject({ state: "succeeded", error: null });
    expect(succeeded.json.job.result).not.toBeNull();
    expectContract(jobResponseSchema, succeeded.json);
    const cancelled = await startSelfTest({ bytes: 1_000_000, chunkBytes: 1000, delayMs: 20 });
    const reader = cancelled.body!.getReader();
    await reader.read();
    await reader.cancel();
    const stopped = await readJob(cancelled.headers.get("x-job-id")!);
    expect(stopped.json.job.state).toBe("cancelled");
    expect(stopped.json.job.error).not.toBeNull();
    expectContract(jobResponseSchema, stopped.json);
  });

  it("the dashboard: GET /api/dashboard/stats, /analytics/historical and /admin/user-progress", async () => {
    const tickets = await createTickets(users.admin, 1, 4);
    await sellTicket(users.staff, tickets[0].control_number, { method: "cash" });
    await sellTicket(users.staff, tickets[1].control_number, { method: "gcash", reference: "1234567890123" });
    await sellTicket(users.admin, tickets[2].control_number, { method: "bank_transfer" });
    await voidTicket(users.admin, tickets[2].id);
    const stats = await callRoute(dashboardStatsRoute, { path: "/api/dashboard/stats", token: users.admin.token });
    expect(stats.status).toBe(200);
    expect(stats.json.recentActivity.length).toBeGreaterThan(0);
    expect(stats.json.paymentBreakdown.length).toBeGreaterThan(0);
    expectContract(dashboardStatsSchema, stats.json);
    const historical = await callRoute(historicalRoute, {
      path: "/api/dashboard/analytics/historical?period=7d",
      token: users.admin.token,
    });
    expect(historical.status).toBe(200);
    expect(historical.json.performance.peakHour).not.toBeNull();
    expect(historical.json.performance.bestDay).not.toBeNull();
    expectContract(historicalAnalyticsSchema, historical.json);
    const progress = await callRoute(userProgressRoute, {
      path: "/api/dashboard/admin/user-progress",
      token: users.admin.token,
    });
    expect(progress.status).toBe(200);
    expect(progress.json.userProgress.length).toBeGreaterThan(0);
    expectContract(userProgressSchema, progress.json);
  });

  it("voids: POST /api/tickets/{id}/void and /unvoid, and GET /api/tickets/voided", async () => {
    const tickets = await createTickets(users.admin, 1, 3);
    await sellTicket(users.staff, tickets[0].control_number, { method: "gcash", reference: "1234567890123" });
    const voided = await callRoute(voidRoute, {
      method: "POST",
      path: `/api/tickets/${tickets[0].id}/void`,
      params: { id: tickets[0].id },
      body: { reason: "other", note: "The buyer asked for a refund" },
      token: users.admin.token,
    });
    expect(voided.status, JSON.stringify(voided.json)).toBe(200);
    expectContract(voidAnswerSchema, voided.json);
    await voidTicket(users.admin, tickets[1].id);
    const list = await callRoute(voidedRoute, { path: "/api/tickets/voided", token: users.admin.token });
    expect(list.status).toBe(200);
    expect(list.json.voided).toHaveLength(2);
    expectContract(voidedPageSchema, list.json);
    const unvoided = await callRoute(unvoidRoute, {
      method: "POST",
      path: `/api/tickets/${tickets[1].id}/unvoid`,
      params: { id: tickets[1].id },
      body: { reason: "Found the stub" },
      token: users.admin.token,
    });
    expect(unvoided.status, JSON.stringify(unvoided.json)).toBe(200);
    expectContract(voidAnswerSchema, unvoided.json);
  });

  it("stubs: GET /api/print/jobs after a print, and POST /api/tickets/{id}/qr/replace", async () => {
    const tickets = await createTickets(users.admin, 1, 2);
    const print = await printRoute(
      new NextRequest("http://localhost:3000/api/print/stubs", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          host: "localhost:3000",
          authorization: `Bearer ${users.admin.token}`,
        },
        body: JSON.stringify({ from: 1, to: 2, paper: "a4", layout: "5-up", order: "sequential", calibration: false }),
      }),
      { params: Promise.resolve({}) },
    );
    expect(print.status).toBe(200);
    // Not JSON: the stubs stream as a PDF download.
    expectDownload(print.headers, "application/pdf", /\.pdf$/);
    await print.arrayBuffer();
    // The digest is written once the whole PDF was sent, just after the stream ends.
    const log = await vi.waitFor(async () => {
      const res = await callRoute(printJobsRoute, { path: "/api/print/jobs", token: users.admin.token });
      expect(res.status).toBe(200);
      expect(res.json.jobs).toHaveLength(1);
      expect(res.json.jobs[0].sha256).not.toBeNull();
      return res;
    });
    expectContract(printJobsResponseSchema, log.json);
    const replaced = await callRoute(replaceQrRoute, {
      method: "POST",
      path: `/api/tickets/${tickets[0].id}/qr/replace`,
      params: { id: tickets[0].id },
      body: { reason: "The stub was photographed" },
      token: users.admin.token,
    });
    expect(replaced.status, JSON.stringify(replaced.json)).toBe(200);
    expectContract(qrReplacedSchema, replaced.json);
  });

  it("remittances: allocate, record, void, adjust, return, and the statement holding all of them", async () => {
    const tickets = await createTickets(users.admin, 1, 8);
    const seller = await createSellerWithAllocation(users.admin, { from: 1, to: 6 }, { displayName: "Ana Seller" });
    const allocated = await callRoute(allocationsRoute, {
      method: "POST",
      path: `/api/sellers/${seller.user.id}/allocations`,
      params: { id: seller.user.id },
      body: { from: 7, to: 8 },
      token: users.admin.token,
    });
    expect(allocated.status, JSON.stringify(allocated.json)).toBe(201);
    expectContract(allocationAnswerSchema, allocated.json);
    await sellTicket(seller, tickets[0].control_number);
    await sellTicket(seller, tickets[1].control_number);
    const post = (route: typeof remittanceRoute, path: string, body: object, params?: Record<string, string>) =>
      callRoute(route, { method: "POST", path, params, body, token: users.admin.token });
    const kept = await post(remittanceRoute, "/api/remittances", {
      sellerId: seller.user.id,
      amount: "50.00",
      note: "First half",
    });
    expect(kept.status, JSON.stringify(kept.json)).toBe(201);
    expectContract(remittanceSavedSchema, kept.json);
    const mistaken = await post(remittanceRoute, "/api/remittances", { sellerId: seller.user.id, amount: "10.00" });
    expect(mistaken.status, JSON.stringify(mistaken.json)).toBe(201);
    const voided = await post(
      voidRemittanceRoute,
      `/api/remittances/${mistaken.json.remittance.id}/void`,
      { reason: "Typed the wrong amount" },
      { id: mistaken.json.remittance.id },
    );
    expect(voided.status, JSON.stringify(voided.json)).toBe(200);
    expect(voided.json.remittance.voidedAt).not.toBeNull();
    expectContract(remittanceSavedSchema, voided.json);
    const adjusted = await post(adjustmentRoute, "/api/remittances/adjustments", {
      sellerId: seller.user.id,
      amount: "-5.00",
      reason: "Short by five pesos",
    });
    expect(adjusted.status, JSON.stringify(adjusted.json)).toBe(201);
    expectContract(adjustmentSavedSchema, adjusted.json);
    const returned = await post(
      returnsRoute,
      `/api/sellers/${seller.user.id}/returns`,
      { ticketIds: [tickets[5].id] },
      { id: seller.user.id },
    );
    expect(returned.status, JSON.stringify(returned.json)).toBe(200);
    expectContract(returnsAnswerSchema, returned.json);
    const statement = await callRoute(statementRoute, {
      path: `/api/sellers/${seller.user.id}/statement`,
      params: { id: seller.user.id },
      token: users.admin.token,
    });
    expect(statement.status).toBe(200);
    expect(statement.json.statement.receipts).toHaveLength(2);
    expect(statement.json.statement.adjustmentList).toHaveLength(1);
    expect(statement.json.statement.heldRanges.length).toBeGreaterThan(0);
    expectContract(statementAnswerSchema, statement.json);
    const mine = await callRoute(myStatementRoute, { path: "/api/sellers/me/statement", token: seller.token });
    expect(mine.status).toBe(200);
    expectContract(statementAnswerSchema, mine.json);
  });

  it("close-out: GET /api/raffle/closeout with blocking items, then with an archive; reopen and purge", async () => {
    await createTickets(users.admin, 1, 2);
    const selling = await callRoute(closeoutRoute, { path: "/api/raffle/closeout", token: users.admin.token });
    expect(selling.status).toBe(200);
    expect(selling.json.closeout.blocking.length).toBeGreaterThan(0);
    expectContract(closeoutAnswerSchema, selling.json);
    // Straight to closed through the allowed transitions (no draw needed for the view's shape).
    const closeBySql = async () => {
      const { status } = await db().raffleState.findUniqueOrThrow({ where: { id: 1 } });
      const steps = ["selling", "sales_closed", "committed", "drawn", "published", "closed"];
      for (const next of steps.slice(steps.indexOf(status) + 1)) {
        await db().$executeRawUnsafe(`UPDATE raffle_state SET status = '${next}' WHERE id = 1`);
      }
      await db().raffleState.update({ where: { id: 1 }, data: { closedAt: new Date() } });
    };
    const downloadArchive = async () => {
      const archive = await archiveRoute(
        new NextRequest("http://localhost:3000/api/raffle/archive.zip", {
          method: "POST",
          headers: { authorization: `Bearer ${users.admin.token}`, host: "localhost:3000" },
        }),
        { params: Promise.resolve({}) },
      );
      expect(archive.status).toBe(200);
      // Not JSON: the archive is a ZIP download.
      expectDownload(archive.headers, "application/zip", /\.zip$/);
      await archive.arrayBuffer();
    };
    await closeBySql();
    await downloadArchive();
    const closed = await vi.waitFor(async () => {
      const res = await callRoute(closeoutRoute, { path: "/api/raffle/closeout", token: users.admin.token });
      expect(res.json.closeout.archives).toHaveLength(1);
      return res;
    });
    expect(closed.json.closeout.retention.purgeDueAt).not.toBeNull();
    expectContract(closeoutAnswerSchema, closed.json);
    const reopened = await callRoute(reopenRoute, {
      method: "POST",
      path: "/api/raffle/reopen",
      body: { reason: "A prize was handed to the wrong winner" },
      token: users.admin.token,
    });
    expect(reopened.status, JSON.stringify(reopened.json)).toBe(200);
    expectContract(closeoutSavedSchema, reopened.json);
    await closeBySql();
    // Purge needs an archive downloaded after this close.
    await downloadArchive();
    await vi.waitFor(async () =>
      expect(
        (await callRoute(closeoutRoute, { path: "/api/raffle/closeout", token: users.admin.token })).json.closeout
          .archives,
      ).toHaveLength(2),
    );
    const purged = await callRoute(purgeRoute, {
      method: "POST",
      path: "/api/raffle/purge",
      body: { confirm: "PURGE" },
      token: users.admin.token,
    });
    expect(purged.status, JSON.stringify(purged.json)).toBe(200);
    expect(purged.json.closeout.purgedAt).not.toBeNull();
    expectContract(purgeAnswerSchema, purged.json);
  });

  it(
    "the payment ledger: GET /api/reconciliation/payments (settled with evidence, awaiting) and " + "/summary",
    async () => {
      const tickets = await createTickets(users.admin, 1, 3);
      const settled = await sellTicket(users.staff, tickets[0].control_number, {
        method: "gcash",
        reference: "1001543610110",
      });
      await sellTicket(users.staff, tickets[1].control_number, { method: "bank_transfer" });
      await sellTicket(users.staff, tickets[2].control_number, { method: "cash" });
      const form = new FormData();
      form.set("reason", "The treasurer saw the transfer on the phone");
      form.set("file", new Blob([new Uint8Array(SAMPLE_FILES.png)], { type: "image/png" }), "receipt.png");
      const encoded = new Request("http://localhost/", { method: "POST", body: form });
      const bytes = new Uint8Array(await encoded.arrayBuffer());
      const path = `/api/reconciliation/payments/${settled.payment_id}/settle`;
      const settle = await settleRoute(
        new NextRequest(new URL(path, TEST_ORIGIN), {
          method: "POST",
          headers: {
            "content-type": encoded.headers.get("content-type")!,
            "content-length": String(bytes.length),
            host: "localhost:3000",
            authorization: `Bearer ${users.admin.token}`,
          },
          body: bytes,
        }),
        { params: Promise.resolve({ id: settled.payment_id! }) },
      );
      expect(settle.status, await settle.clone().text()).toBe(200);
      for (const state of ["settled_by_hand", "awaiting_statement"]) {
        const list = await callRoute(ledgerRoute, {
          path: `/api/reconciliation/payments?state=${state}`,
          token: users.admin.token,
        });
        expect(list.status).toBe(200);
        expect(list.json.payments).toHaveLength(1);
        if (state === "settled_by_hand") expect(list.json.payments[0].evidence).not.toBeNull();
        expectContract(ledgerListSchema, list.json);
      }
      const summary = await callRoute(ledgerSummaryRoute, {
        path: "/api/reconciliation/summary",
        token: users.admin.token,
      });
      expect(summary.status).toBe(200);
      expectContract(ledgerSummarySchema, summary.json);
    },
  );

  it("statements: GET /api/reconciliation/imports and /lines, a line matched and one with candidates", async () => {
    const tickets = await createTickets(users.admin, 1, 2);
    const paid = await sellTicket(users.staff, tickets[0].control_number, {
      method: "bank_transfer",
      reference: "BDO-5550001",
      buyerName: "Juan Luna",
    });
    await sellTicket(users.staff, tickets[1].control_number, { method: "bank_transfer", reference: "BDO-5550002" });
    const amount = paid.payment!.amount_expected;
    const today = new Date().toLocaleDateString("en-CA", { timeZone: "Asia/Manila" });
    const file = BANK_LAYOUTS.bdo.file([
      { date: today, reference: "BDO-5550001", description: "Transfer from JUAN LUNA", amount },
      { date: today, reference: "X-999", description: "Transfer", amount },
    ]);
    const upload = await uploadStatement({
      token: users.admin.token,
      bytes: new TextEncoder().encode(file),
      fileName: "bdo.csv",
      kind: "bank_csv",
      mapping: BANK_LAYOUTS.bdo.mapping,
    });
    expect(upload.status, JSON.stringify(upload.json)).toBeLessThan(300);
    const imports = await callRoute(importsRoute, { path: "/api/reconciliation/imports", token: users.admin.token });
    expect(imports.status).toBe(200);
    expect(imports.json.imports).toHaveLength(1);
    expectContract(importsAnswerSchema, imports.json);
    const matched = await callRoute(linesRoute, {
      path: "/api/reconciliation/lines?state=matched",
      token: users.admin.token,
    });
    expect(matched.status).toBe(200);
    expect(matched.json.lines).toHaveLength(1);
    expectContract(linesPageSchema, matched.json);
    const open = await callRoute(linesRoute, {
      path: "/api/reconciliation/lines?state=unmatched",
      token: users.admin.token,
    });
    expect(open.status).toBe(200);
    expect(open.json.lines).toHaveLength(1);
    expect(open.json.lines[0].candidates.length).toBeGreaterThan(0);
    expectContract(linesPageSchema, open.json);
  });

  it(
    "the draw's setup: prizes (list, add, change) and GET /api/raffle/state before and after Close " + "sales",
    async () => {
      const added = await callRoute(addPrizeRoute, {
        method: "POST",
        path: "/api/prizes",
        body: { rank: 1, name: "Motorcycle", valuePhp: 80000, backups: 1 },
        token: users.admin.token,
      });
      expect(added.status, JSON.stringify(added.json)).toBe(201);
      expectContract(prizeSavedSchema, added.json);
      const changed = await callRoute(editPrizeRoute, {
        method: "PUT",
        path: `/api/prizes/${added.json.prize.id}`,
        params: { id: added.json.prize.id },
        body: { rank: 1, name: "Motorcycle 150cc", valuePhp: 85000, backups: 2 },
        token: users.admin.token,
      });
      expect(changed.status, JSON.stringify(changed.json)).toBe(200);
      expectContract(prizeSavedSchema, changed.json);
      const spare = await callRoute(addPrizeRoute, {
        method: "POST",
        path: "/api/prizes",
        body: { rank: 2, name: "Rice cooker", valuePhp: 2500 },
        token: users.admin.token,
      });
      expect(spare.status, JSON.stringify(spare.json)).toBe(201);
      const removed = await callRoute(deletePrizeRoute, {
        method: "DELETE",
        path: `/api/prizes/${spare.json.prize.id}`,
        params: { id: spare.json.prize.id },
        token: users.admin.token,
      });
      expect(removed.status, JSON.stringify(removed.json)).toBe(200);
      expectContract(prizeSavedSchema, removed.json);
      const prizes = await callRoute(prizesRoute, { path: "/api/prizes", token: users.staff.token });
      expect(prizes.status).toBe(200);
      expect(prizes.json.prizes).toHaveLength(1);
      expectContract(prizesAnswerSchema, prizes.json);
      // A seller holding unsold stubs and owing cash: open checklist items, which Close sales overrides with reasons.
      const [first] = await createTickets(users.admin, 1, 3);
      const seller = await createSellerWithAllocation(users.admin, { from: 1, to: 3 });
      await sellTicket(seller, first.control_number, { method: "cash" });
      const open = await callRoute(raffleStateRoute, { path: "/api/raffle/state", token: users.staff.token });
      expect(open.status).toBe(200);
      expect(open.json.state.checklist.length).toBeGreaterThan(0);
      expectContract(raffleStateAnswerSchema, open.json);
      const closed = await callRoute(closeSalesRoute, {
        method: "POST",
        path: "/api/raffle/close-sales",
        body: {
          overrides: open.json.state.checklist.map((c: { item: string }) => ({
            item: c.item,
            reason: "Counted by hand at the venue",
          })),
        },
        token: users.admin.token,
      });
      expect(closed.status, JSON.stringify(closed.json)).toBe(200);
      expect(closed.json.state.closeOverrides.length).toBeGreaterThan(0);
      expectContract(closeSalesAnswerSchema, closed.json);
      const after = await callRoute(raffleStateRoute, { path: "/api/raffle/state", token: users.staff.token });
      expectContract(raffleStateAnswerSchema, after.json);
    },
  );

  it("draws: POST /api/draws commits over the sold tickets, GET /api/draws lists it", async () => {
    await createSoldTickets(10);
    const post = (route: typeof commitDrawRoute, path: string, body: unknown) =>
      callRoute(route, { method: "POST", path, body, token: users.admin.token });
    expect(
      (await post(addPrizeRoute, "/api/prizes", { rank: 1, name: "Motorcycle", valuePhp: 80000, backups: 0 })).status,
    ).toBe(201);
    expect((await post(closeSalesRoute, "/api/raffle/close-sales", { overrides: [] })).status).toBe(200);
    const committed = await post(commitDrawRoute, "/api/draws", { source: { type: "dice", count: 20 } });
    expect(committed.status, JSON.stringify(committed.json)).toBe(201);
    expectContract(drawCommittedSchema, committed.json);
    const draws = await callRoute(drawsRoute, { path: "/api/draws", token: users.admin.token });
    expect(draws.status).toBe(200);
    expect(draws.json.draws).toHaveLength(1);
    expectContract(drawsAnswerSchema, draws.json);
  });
});
