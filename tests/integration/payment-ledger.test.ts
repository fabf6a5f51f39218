// @module-tag sql
// The payment ledger (issue 37, docs/decisions/193): every state × method × statement coverage, read
// back through every surface that shows it (the list, the summary, the Unverified claims report,
// Close sales' checklist and Close-out's blockers), which must agree with one another and with an
// oracle written here; settling by hand and undoing it, with each refusal.
import { describe, expect, it } from "vitest";
import { POST as matchRoute } from "@/app/api/reconciliation/lines/[id]/match/route";
import { GET as paymentsRoute } from "@/app/api/reconciliation/payments/route";
import { POST as settleRoute } from "@/app/api/reconciliation/payments/[id]/settle/route";
import { POST as unsettleRoute } from "@/app/api/reconciliation/payments/[id]/unsettle/route";
import { GET as reportRoute } from "@/app/api/reconciliation/reports/[name]/route";
import { GET as summaryRoute } from "@/app/api/reconciliation/summary/route";
import { GET as closeoutRoute } from "@/app/api/raffle/closeout/route";
import { GET as stateRoute } from "@/app/api/raffle/state/route";
import { POST as customRange } from "@/app/api/tickets/admin/generate-custom-range/route";
import { PUT as registerRoute } from "@/app/api/tickets/register/[controlNumber]/route";
import { POST as voidRoute } from "@/app/api/tickets/[id]/void/route";
import { ledgerListHref, LEDGER_STATES, type LedgerMethod, type LedgerState } from "@/lib/payment-ledger";
import { db } from "@/server/db/client";
import { freshAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";
import { BANK_LAYOUTS, gcashStatementPdf } from "@/tests/helpers/statement-files";
import { uploadStatement } from "@/tests/helpers/statement-upload";

const users = freshAdminAndStaff();

const REFERENCE: Record<LedgerMethod, string> = { gcash: "1001543610110", bank_transfer: "INST-0001" };
const OTHER_REFERENCE: Record<LedgerMethod, string> = { gcash: "1001543610999", bank_transfer: "INST-9999" };

async function manilaDay(offsetDays: number): Promise<string> {
  const [{ d }] = await db().$queryRaw<
    { d: string }[]
  >`SELECT to_char((now() AT TIME ZONE 'Asia/Manila') + make_interval(days => ${offsetDays}::int), 'YYYY-MM-DD') AS d`;
  return d;
}

/** One ₱50 ticket sold by staff with the method and reference; returns the payment and ticket ids. */
async function sellOne(method: LedgerMethod, reference: string, number = 1) {
  const res = await callRoute(customRange, {
    method: "POST",
    path: "/api/tickets/admin/generate-custom-range",
    token: users.admin.token,
    body: { startRange: number, endRange: number, userId: "admin@example.com" },
  });
  expect(res.status).toBe(201);
  const ticket = res.json.tickets[0] as { id: string; control_number: string };
  const body = {
    buyerName: "Melchora Aquino",
    phoneNumber: "0917 123 4567",
    paymentMethod: method,
    paymentReference: reference,
  };
  const r = await callRoute(registerRoute, {
    method: "PUT",
    path: `/api/tickets/register/${ticket.control_number}`,
    params: { controlNumber: ticket.control_number },
    body,
    token: users.staff.token,
  });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return { paymentId: r.json.ticket.payment_id as string, ticketId: ticket.id };
}

/** Imports one statement of `method` whose covered range is exactly `day`, carrying `lines`. */
async function importStatement(
  method: LedgerMethod,
  day: string,
  lines: { reference: string; amount: string }[],
  name: string,
) {
  // A statement always has at least one credit: a stranger's, so its range is `day` either way.
  const all = [...lines, { reference: method === "gcash" ? "9999999999999" : "STRANGER-1", amount: "7.00" }];
  if (method === "gcash") {
    const pdf = await gcashStatementPdf({
      rows: all.map((l, i) => ({
        time: `${day} 0${i + 1}:00 AM`,
        description: "Received GCash",
        reference: l.reference,
        credit: l.amount,
        balance: "1,000.00",
      })),
      from: day,
      to: day,
    });
    return uploadStatement({ token: users.admin.token, bytes: pdf, fileName: `${name}.pdf`, kind: "gcash_pdf" });
  }
  const csv = new TextEncoder().encode(
    BANK_LAYOUTS.bpi.file(
      all.map((l, i) => ({
        date: `${day} 0${i + 1}:00`,
        reference: l.reference,
        description: "InstaPay",
        amount: l.amount,
      })),
    ),
  );
  return uploadStatement({
    token: users.admin.token,
    bytes: csv,
    fileName: `${name}.csv`,
    kind: "bank_csv",
    mapping: BANK_LAYOUTS.bpi.mapping,
  });
}

const otherMethod = (m: LedgerMethod): LedgerMethod => (m === "gcash" ? "bank_transfer" : "gcash");
const settle = (id: string, body: unknown) =>
  callRoute(settleRoute, {
    method: "POST",
    path: `/api/reconciliation/payments/${id}/settle`,
    params: { id },
    body,
    token: users.admin.token,
  });
const unsettle = (id: string, body: unknown) =>
  callRoute(unsettleRoute, {
    method: "POST",
    path: `/api/reconciliation/payments/${id}/unsettle`,
    params: { id },
    body,
    token: users.admin.token,
  });

interface Case {
  name: string;
  /**
   * Which statement covers the payment's day: none, its method's, only the other method's, or its method's on another
   * day.
   */
  coverage: "none" | "its_method" | "other_method" | "its_method_other_day";
  /** The line the covering statement carries for it. */
  line: "none" | "exact" | "short_accepted";
  hand?: "settle" | "settle_then_unsettle";
  voided?: boolean;
  expected: LedgerState | null;
}

const CASES: Case[] = [
  { name: "no statement yet", coverage: "none", line: "none", expected: "awaiting_statement" },
  {
    name: "no statement yet, settled by hand",
    coverage: "none",
    line: "none",
    hand: "settle",
    expected: "settled_by_hand",
  },
  { name: "its statement carries it", coverage: "its_method", line: "exact", expected: "verified" },
  { name: "its statement covers the day, no line", coverage: "its_method", line: "none", expected: "unverified" },
  {
    name: "a short line accepted with a comment",
    coverage: "its_method",
    line: "short_accepted",
    expected: "unverified",
  },
  {
    name: "a short line accepted, the rest settled by hand",
    coverage: "its_method",
    line: "short_accepted",
    hand: "settle",
    expected: "settled_by_hand",
  },
  {
    name: "settled by hand, then undone",
    coverage: "its_method",
    line: "none",
    hand: "settle_then_unsettle",
    expected: "unverified",
  },
  {
    name: "only the other method's statement covers the day",
    coverage: "other_method",
    line: "none",
    expected: "awaiting_statement",
  },
  {
    name: "its method's statement covers another day",
    coverage: "its_method_other_day",
    line: "none",
    expected: "awaiting_statement",
  },
  { name: "posted on a later day's statement", coverage: "its_method_other_day", line: "exact", expected: "verified" },
  { name: "its only ticket voided", coverage: "its_method", line: "none", voided: true, expected: null },
];

describe.each(["gcash", "bank_transfer"] as const)("the ledger for %s payments", (method) => {
  it.each(CASES)("$name → $expected", async (c) => {
    const today = await manilaDay(0);
    const sale = await sellOne(method, REFERENCE[method]);
    if (c.coverage !== "none") {
      const statementMethod = c.coverage === "other_method" ? otherMethod(method) : method;
      const day = c.coverage === "its_method_other_day" ? await manilaDay(-3) : today;
      const amount = c.line === "short_accepted" ? "40.00" : "50.00";
      const lines =
        c.line === "none"
          ? [{ reference: OTHER_REFERENCE[statementMethod], amount: "50.00" }]
          : [{ reference: REFERENCE[method], amount }];
      const imported = await importStatement(statementMethod, day, lines, "statement");
      expect(imported.status, JSON.stringify(imported.json)).toBe(201);
    }
    if (c.line === "short_accepted") {
      const line = await db().statementLine.findFirstOrThrow({ where: { amount: "40.00" } });
      const accepted = await callRoute(matchRoute, {
        method: "POST",
        path: `/api/reconciliation/lines/${line.id}/match`,
        params: { id: line.id },
        body: { paymentId: sale.paymentId, comment: "Buyer sent ₱40 only" },
        token: users.admin.token,
      });
      expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
    }
    if (c.voided) {
      expect(
        (
          await callRoute(voidRoute, {
            method: "POST",
            path: `/api/tickets/${sale.ticketId}/void`,
            params: { id: sale.ticketId },
            body: { reason: "spoiled_misprint" },
            token: users.admin.token,
          })
        ).status,
      ).toBe(200);
    }
    if (c.hand)
      expect((await settle(sale.paymentId, { reason: "Paid the rest in cash to the treasurer" })).status).toBe(200);
    if (c.hand === "settle_then_unsettle")
      expect((await unsettle(sale.paymentId, { reason: "The treasurer has no such cash" })).status).toBe(200);

    // Every surface, against the oracle.
    const list = (
      await callRoute(paymentsRoute, {
        path: `/api/reconciliation/payments?method=${method}`,
        token: users.admin.token,
      })
    ).json;
    expect(list.payments.map((p: any) => [p.paymentId, p.state])).toEqual(
      c.expected ? [[sale.paymentId, c.expected]] : [],
    );
    const summary = (await callRoute(summaryRoute, { path: "/api/reconciliation/summary", token: users.admin.token }))
      .json;
    const key = {
      verified: "verified",
      unverified: "unverified",
      awaiting_statement: "awaitingStatement",
      settled_by_hand: "settledByHand",
    } as const;
    for (const state of LEDGER_STATES) {
      const filtered = (
        await callRoute(paymentsRoute, {
          path: `/api/reconciliation/payments?state=${state}`,
          token: users.admin.token,
        })
      ).json;
      const want = state === c.expected ? { count: 1, total: "50.00" } : { count: 0, total: "0.00" };
      expect({ count: filtered.count, total: filtered.total }, state).toEqual(want);
      expect(summary[key[state]], state).toEqual(want);
    }
    expect(summary.claimed).toEqual(c.expected ? { count: 1, total: "50.00" } : { count: 0, total: "0.00" });
    const claims = (
      await callRoute(reportRoute, {
        path: "/api/reconciliation/reports/unverified-claims",
        params: { name: "unverified-claims" },
        token: users.admin.token,
      })
    ).json;
    expect(claims.count).toBe(c.expected === "unverified" ? 1 : 0);

    const blocking = (await callRoute(closeoutRoute, { path: "/api/raffle/closeout", token: users.admin.token })).json
      .closeout.blocking as { item: string; message: string; href: string }[];
    const checklist = (await callRoute(stateRoute, { path: "/api/raffle/state", token: users.admin.token })).json.state
      .checklist as { item: string; message: string; href: string }[];
    for (const items of [blocking, checklist]) {
      const money = items.filter((b) => b.item === "unverified_payments" || b.item === "awaiting_statement");
      if (c.expected === "unverified")
        expect(money).toEqual([
          {
            item: "unverified_payments",
            message: expect.stringMatching(/^1 GCash or bank payment \(₱50\.00\) is unverified/),
            href: ledgerListHref("unverified"),
          },
        ]);
      else if (c.expected === "awaiting_statement")
        expect(money).toEqual([
          {
            item: "awaiting_statement",
            message: expect.stringMatching(/^1 GCash or bank payment \(₱50\.00\) awaits a statement/),
            href: ledgerListHref("awaiting_statement"),
          },
        ]);
      else expect(money).toEqual([]);
    }
  });
});

describe("settling by hand", () => {
  it(
    "refuses without a reason (422), when verified (409), cash, " + "twice, and a non-admin; undo needs a reason",
    async () => {
      const today = await manilaDay(0);
      const gcash = await sellOne("gcash", REFERENCE.gcash, 1);
      const verified = await sellOne("gcash", "1001543610120", 2);
      const cash = await sellOne("cash" as LedgerMethod, "", 3);
      expect(
        (await importStatement("gcash", today, [{ reference: "1001543610120", amount: "50.00" }], "g")).status,
      ).toBe(201);

      for (const body of [{}, { reason: "" }, { reason: "  \u0000 " }]) {
        const res = await settle(gcash.paymentId, body);
        expect(res.status).toBe(422);
        expect(res.json).toMatchObject({
          code: "reason_required",
          message: "A reason is required to settle a payment by hand",
        });
      }
      expect(await settle(verified.paymentId, { reason: "cash" })).toMatchObject({
        status: 409,
        json: { message: "This payment is verified by its statement lines: there is nothing to settle by hand" },
      });
      expect((await settle(cash.paymentId, { reason: "cash" })).status).toBe(409);
      const asStaff = await callRoute(settleRoute, {
        method: "POST",
        path: `/api/reconciliation/payments/${gcash.paymentId}/settle`,
        params: { id: gcash.paymentId },
        body: { reason: "x" },
        token: users.staff.token,
      });
      expect(asStaff.status).toBe(403);
      expect((await unsettle(gcash.paymentId, { reason: "x" })).status).toBe(409);

      expect((await settle(gcash.paymentId, { reason: "Handed to the treasurer in cash" })).status).toBe(200);
      expect((await settle(gcash.paymentId, { reason: "again" })).status).toBe(409);
      const row = await db().payment.findUniqueOrThrow({ where: { id: gcash.paymentId } });
      expect(row).toMatchObject({ settleReason: "Handed to the treasurer in cash", settledById: users.admin.user.id });
      expect((await unsettle(gcash.paymentId, {})).json).toMatchObject({ code: "reason_required" });
      expect((await unsettle(gcash.paymentId, { reason: "Wrong buyer" })).status).toBe(200);
      const audit = await db().auditLog.findMany({
        where: { entityId: gcash.paymentId },
        orderBy: { createdAt: "asc" },
      });
      expect(audit.map((a) => a.action)).toEqual(["payment.settle", "payment.unsettle"]);
    },
  );

  it("the database refuses a settlement without a reason, on cash, or on a verified payment", async () => {
    const today = await manilaDay(0);
    const verified = await sellOne("gcash", REFERENCE.gcash, 1);
    const cash = await sellOne("cash" as LedgerMethod, "", 2);
    expect((await importStatement("gcash", today, [{ reference: REFERENCE.gcash, amount: "50.00" }], "g")).status).toBe(
      201,
    );
    await expect(
      db().$executeRaw`UPDATE payments SET settled_at = now(), settle_reason = 'x'
        WHERE id = ${verified.paymentId}::uuid`,
    ).rejects.toThrow(/RF220|verified/);
    await expect(
      db().$executeRaw`UPDATE payments SET settled_at = now(), settle_reason = 'x' WHERE id = ${cash.paymentId}::uuid`,
    ).rejects.toThrow(/payments_settled_check/);
    await expect(
      db().$executeRaw`UPDATE payments SET settled_at = now(), settle_reason = ' ' WHERE method = 'gcash'`,
    ).rejects.toThrow(/payments_settled_check|RF220/);
  });
});
