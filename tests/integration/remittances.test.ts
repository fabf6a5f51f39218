// Seller accountability (issue 20; docs/decisions/090–094): stub allocations and returns, cash owed,
// remittances with gap-free receipt numbers held by the database, adjustments, statements, the
// allocation restriction, and the receipt PDF read back with pdftotext.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { beforeEach, describe, expect, it } from "vitest";
import { DELETE as deleteUserRoute } from "@/app/api/auth/delete-user/route";
import { GET as userProgressRoute } from "@/app/api/dashboard/admin/user-progress/route";
import { POST as voidTicketRoute } from "@/app/api/tickets/[id]/void/route";
import { PUT as registerRoute } from "@/app/api/tickets/register/[controlNumber]/route";
import { POST as registerMultipleRoute } from "@/app/api/tickets/register-multiple/route";
import { POST as adjustmentsRoute } from "@/app/api/remittances/adjustments/route";
import { GET as balancesRoute } from "@/app/api/remittances/balances/route";
import { GET as receiptRoute } from "@/app/api/remittances/[id]/receipt.pdf/route";
import { POST as voidRemittanceRoute } from "@/app/api/remittances/[id]/void/route";
import { GET as reportRoute } from "@/app/api/remittances/report.pdf/route";
import { POST as remittancesRoute } from "@/app/api/remittances/route";
import { POST as allocationsRoute } from "@/app/api/sellers/[id]/allocations/route";
import { POST as returnsRoute } from "@/app/api/sellers/[id]/returns/route";
import { GET as statementRoute } from "@/app/api/sellers/[id]/statement/route";
import { GET as myStatementRoute } from "@/app/api/sellers/me/statement/route";
import { PUT as settingsRoute } from "@/app/api/settings/route";
import type { SellerBalance } from "@/lib/schemas/remittance";
import { db } from "@/server/db/client";
import { resetDb } from "@/tests/helpers/db";
import { createAdminAndStaff, createSignedInUser, createTickets } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

let admin: SignedIn;
let ana: SignedIn;
let ben: SignedIn;

beforeEach(async () => {
  await resetDb();
  ({ admin, staff: ana } = await createAdminAndStaff());
  await db().user.update({ where: { id: ana.user.id }, data: { displayName: "Ana Seller" } });
  ben = await createSignedInUser({ email: "ben@example.com", displayName: "Ben Seller" });
});

const register = (ref: string, body: Record<string, unknown>, token = ana.token) =>
  callRoute(registerRoute, {
    method: "PUT",
    path: `/api/tickets/register/${encodeURIComponent(ref)}`,
    params: { controlNumber: ref },
    body: { buyerName: "Maria Clara", phoneNumber: "09171234567", ...body },
    token,
  });
const allocate = (sellerId: string, body: unknown, token = admin.token) =>
  callRoute(allocationsRoute, {
    method: "POST",
    path: `/api/sellers/${sellerId}/allocations`,
    params: { id: sellerId },
    body,
    token,
  });
const giveBack = (sellerId: string, body: unknown, token = admin.token) =>
  callRoute(returnsRoute, {
    method: "POST",
    path: `/api/sellers/${sellerId}/returns`,
    params: { id: sellerId },
    body,
    token,
  });
const remit = (body: Record<string, unknown>, token = admin.token) =>
  callRoute(remittancesRoute, { method: "POST", path: "/api/remittances", body, token });
const voidReceipt = (id: string, body: unknown, token = admin.token) =>
  callRoute(voidRemittanceRoute, { method: "POST", path: `/api/remittances/${id}/void`, params: { id }, body, token });
const adjust = (body: unknown, token = admin.token) =>
  callRoute(adjustmentsRoute, { method: "POST", path: "/api/remittances/adjustments", body, token });
const voidTicket = (id: string, reason = "refunded") =>
  callRoute(voidTicketRoute, {
    method: "POST",
    path: `/api/tickets/${id}/void`,
    params: { id },
    body: { reason },
    token: admin.token,
  });
const balances = async () => {
  const res = await callRoute(balancesRoute, { path: "/api/remittances/balances", token: admin.token });
  expect(res.status).toBe(200);
  return res.json as { sellers: SellerBalance[]; totals: Record<string, unknown>; cashOnHandAlert: string };
};
const balanceOf = async (sellerId: string) => (await balances()).sellers.find((s) => s.sellerId === sellerId);

/** Calls a route whose answer is bytes (a PDF). */
async function fetchBytes(
  handler: typeof receiptRoute,
  urlPath: string,
  token: string,
  params: Record<string, string> = {},
) {
  const req = new NextRequest(new URL(urlPath, "http://localhost:3000"), {
    headers: { authorization: `Bearer ${token}`, host: "localhost:3000" },
  });
  const res = await handler(req, { params: Promise.resolve(params) });
  return { status: res.status, type: res.headers.get("content-type"), bytes: Buffer.from(await res.arrayBuffer()) };
}
function pdfInfo(bytes: Buffer) {
  const dir = mkdtempSync(path.join(tmpdir(), "remit-pdf-"));
  const file = path.join(dir, "doc.pdf");
  writeFileSync(file, bytes);
  return execFileSync("pdfinfo", [file]).toString();
}
function pdfText(bytes: Buffer) {
  const dir = mkdtempSync(path.join(tmpdir(), "remit-pdf-"));
  const file = path.join(dir, "doc.pdf");
  writeFileSync(file, bytes);
  return execFileSync("pdftotext", ["-layout", file, "-"]).toString();
}

describe("stub allocations", () => {
  it(
    "hands a seller a range, refuses an overlap naming the holder " +
      "and allocating nothing, and takes back unsold stubs",
    async () => {
      await createTickets(admin, 1, 20);
      const first = await allocate(ana.user.id, { from: "00001", to: 10 });
      expect(first.status).toBe(201);
      expect(first.json.allocation).toMatchObject({ from: "00001", to: "00010", allocated: 10 });

      const overlap = await allocate(ben.user.id, { from: 8, to: 15 });
      expect(overlap.status).toBe(409);
      expect(overlap.json).toMatchObject({
        code: "already_allocated",
        message: "Ticket 00008 is already allocated to Ana Seller",
      });
      expect(await db().stubAllocation.count({ where: { sellerId: ben.user.id } })).toBe(0);

      const missing = await allocate(ben.user.id, { from: 15, to: 25 });
      expect(missing.json).toMatchObject({ code: "not_found", message: "Ticket 00025 does not exist" });
      const backwards = await allocate(ben.user.id, { from: 15, to: 12 });
      expect(backwards.status).toBe(400);
      expect(backwards.json.issues[0].path).toBe("to");

      const returned = await giveBack(ana.user.id, { ticketIds: ["00009", 10] });
      expect(returned.status).toBe(200);
      expect(returned.json.numbers).toEqual(["00009", "00010"]);
      // A returned stub can be allocated again.
      expect((await allocate(ben.user.id, { from: 9, to: 15 })).status).toBe(201);
      const anaRow = await balanceOf(ana.user.id);
      expect(anaRow).toMatchObject({ allocated: 8, returned: 2, outstandingStubs: 8, outstandingValue: "400.00" });
    },
  );

  it("refuses to take back a sold stub or one the seller does not hold, all or nothing", async () => {
    const tickets = await createTickets(admin, 1, 5);
    await allocate(ana.user.id, { from: 1, to: 3 });
    expect((await register(tickets[0].control_number, {})).status).toBe(200);
    const sold = await giveBack(ana.user.id, { ticketIds: ["00001", "00002"] });
    expect(sold.json).toMatchObject({
      code: "conflict",
      message: "Ticket 00001 is sold: only unsold stubs can be returned",
    });
    const notHeld = await giveBack(ana.user.id, { ticketIds: ["00002", "00004"] });
    expect(notHeld.json).toMatchObject({ code: "conflict", message: "Ticket 00004 is not held by Ana Seller" });
    const other = await giveBack(ben.user.id, { ticketIds: ["00002"] });
    expect(other.status).toBe(409);
    expect(await db().stubAllocation.count({ where: { returnedAt: { not: null } } })).toBe(0);
    // A stub sold by anyone leaves its holder's outstanding count; its cash is owed by whoever registered it.
    expect((await register(tickets[1].control_number, {}, ben.token)).status).toBe(200);
    expect(await balanceOf(ana.user.id)).toMatchObject({
      allocated: 3,
      outstandingStubs: 1,
      sold: 1,
      cashCollected: "50.00",
    });
    expect(await balanceOf(ben.user.id)).toMatchObject({ allocated: 0, sold: 1, cashCollected: "50.00" });
  });

  it("lets only one of ten concurrent overlapping allocations through", { tags: ["sql"] }, async () => {
    await createTickets(admin, 1, 50);
    const sellers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => createSignedInUser({ email: `s${i}@example.com` })),
    );
    const results = await Promise.all(sellers.map((s, i) => allocate(s.user.id, { from: 1 + i, to: 30 + i })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.json.code === "already_allocated")).toHaveLength(9);
    const [{ held, distinct }] = await db().$queryRaw<{ held: number; distinct: number }[]>`
      SELECT count(*)::int AS held, count(DISTINCT ticket_id)::int AS distinct FROM stub_allocations WHERE returned_at
      IS NULL`;
    expect(held).toBe(30);
    expect(distinct).toBe(30);
  });

  it(
    "with restrict_sales_to_allocations on, a seller " + "registering another's stub gets 403 naming the holder",
    async () => {
      const tickets = await createTickets(admin, 1, 6);
      await allocate(ana.user.id, { from: 1, to: 3 });
      // Off by default: anyone sells any stub.
      expect((await register(tickets[0].control_number, {}, ben.token)).status).toBe(200);
      const on = await callRoute(settingsRoute, {
        method: "PUT",
        path: "/api/settings",
        token: admin.token,
        body: { restrict_sales_to_allocations: true },
      });
      expect(on.json.settings).toMatchObject({ restrict_sales_to_allocations: true, cash_on_hand_alert: 5000 });

      const refused = await register(tickets[1].control_number, {}, ben.token);
      expect(refused.status).toBe(403);
      expect(refused.json).toMatchObject({
        code: "not_your_stub",
        message: "Ticket 00002 is not allocated to you: it is allocated to Ana Seller",
      });
      const unallocated = await register(tickets[4].control_number, {}, ben.token);
      expect(unallocated.json).toMatchObject({
        code: "not_your_stub",
        message: "Ticket 00005 is not allocated to you: it is not allocated to any seller",
      });
      const many = await callRoute(registerMultipleRoute, {
        method: "POST",
        path: "/api/tickets/register-multiple",
        token: ben.token,
        body: { ticketIds: [tickets[2].id], buyerName: "Jose Rizal", phoneNumber: "09171234567" },
      });
      expect(many.status).toBe(403);
      expect(many.json.code).toBe("not_your_stub");
      expect((await register(tickets[1].control_number, {}, ana.token)).status).toBe(200);
      // Administrators are not restricted.
      expect((await register(tickets[5].control_number, {}, admin.token)).status).toBe(200);
      expect(await db().ticket.count({ where: { registeredAt: { not: null } } })).toBe(3);
    },
  );
});

describe("the balance: cash collected − remitted − adjustments", () => {
  type Step =
    | { sell: number; method?: "cash" | "gcash" | "bank_transfer" }
    | { voidTicket: number; reason?: string }
    | { remit: string }
    | { voidLastReceipt: true }
    | { adjust: string };
  const cases: { name: string; steps: Step[]; expect: Partial<SellerBalance> }[] = [
    {
      name: "two cash sales",
      steps: [{ sell: 1 }, { sell: 2 }],
      expect: { sold: 2, cashCollected: "100.00", nonCashCollected: "0.00", remitted: "0.00", balance: "100.00" },
    },
    {
      name: "GCash goes to the organisation",
      steps: [{ sell: 1 }, { sell: 2, method: "gcash" }],
      expect: { sold: 2, cashCollected: "50.00", nonCashCollected: "50.00", balance: "50.00" },
    },
    {
      name: "bank transfer too",
      steps: [{ sell: 1, method: "bank_transfer" }],
      expect: { sold: 1, cashCollected: "0.00", nonCashCollected: "50.00", balance: "0.00" },
    },
    {
      name: "a voided cash sale leaves",
      steps: [{ sell: 1 }, { sell: 2 }, { voidTicket: 2, reason: "spoiled_misprint" }],
      expect: { sold: 1, cashCollected: "50.00", balance: "50.00" },
    },
    {
      name: "a refund leaves",
      steps: [{ sell: 1 }, { sell: 2 }, { voidTicket: 1, reason: "refunded" }],
      expect: { sold: 1, cashCollected: "50.00", balance: "50.00" },
    },
    {
      name: "a remittance lowers it",
      steps: [{ sell: 1 }, { sell: 2 }, { sell: 3 }, { remit: "120.50" }],
      expect: { cashCollected: "150.00", remitted: "120.50", balance: "29.50" },
    },
    {
      name: "a voided remittance leaves it",
      steps: [{ sell: 1 }, { remit: "50.00" }, { voidLastReceipt: true }],
      expect: { remitted: "0.00", balance: "50.00" },
    },
    {
      name: "a write-off closes a shortage",
      steps: [{ sell: 1 }, { sell: 2 }, { remit: "90.00" }, { adjust: "10.00" }],
      expect: { remitted: "90.00", adjustments: "10.00", balance: "0.00" },
    },
    {
      name: "a negative adjustment raises it",
      steps: [{ sell: 1 }, { adjust: "-0.05" }],
      expect: { adjustments: "-0.05", balance: "50.05" },
    },
    {
      name: "a remittance may exceed the balance",
      steps: [{ sell: 1 }, { remit: "70.00" }],
      expect: { balance: "-20.00" },
    },
    {
      name: "centavos stay exact",
      steps: [{ remit: "0.10" }, { remit: "0.20" }, { adjust: "-0.30" }],
      expect: { remitted: "0.30", adjustments: "-0.30", balance: "0.00" },
    },
  ];

  it.each(cases)("$name", async ({ steps, expect: expected }) => {
    const tickets = await createTickets(admin, 1, 5);
    let lastReceipt = "";
    let gcash = 1001543610110;
    for (const step of steps) {
      if ("sell" in step) {
        const method = step.method ?? "cash";
        const body: Record<string, unknown> = { paymentMethod: method };
        if (method === "gcash") body.paymentReference = String(gcash++);
        if (method === "bank_transfer") body.paymentReference = `BANK-${step.sell}`;
        expect((await register(tickets[step.sell - 1].control_number, body)).status).toBe(200);
      } else if ("voidTicket" in step) {
        expect((await voidTicket(tickets[step.voidTicket - 1].id, step.reason)).status).toBe(200);
      } else if ("remit" in step) {
        const res = await remit({ sellerId: ana.user.id, amount: step.remit, method: "cash" });
        expect(res.status).toBe(201);
        lastReceipt = res.json.remittance.id;
      } else if ("voidLastReceipt" in step) {
        expect((await voidReceipt(lastReceipt, { reason: "typed the wrong amount" })).status).toBe(200);
      } else {
        expect(
          (await adjust({ sellerId: ana.user.id, amount: step.adjust, reason: "counted at handover" })).status,
        ).toBe(201);
      }
    }
    expect(await balanceOf(ana.user.id)).toMatchObject(expected);
  });

  it(
    "cashCollected equals User Sales' cashCollected, and every " + "row and total equals a count over the tables",
    async () => {
      const tickets = await createTickets(admin, 1, 30);
      await allocate(ana.user.id, { from: 1, to: 15 });
      await allocate(ben.user.id, { from: 16, to: 30 });
      for (let i = 0; i < 12; i++)
        await register(
          tickets[i].control_number,
          i % 3 === 0 ? { paymentMethod: "gcash", paymentReference: String(2002000000000 + i) } : {},
          i % 2 ? ana.token : ben.token,
        );
      await voidTicket(tickets[1].id);
      await voidTicket(tickets[20].id, "lost_stub");
      await remit({ sellerId: ana.user.id, amount: "100.00" });
      await remit({ sellerId: ben.user.id, amount: "25.00", method: "gcash" });
      await adjust({ sellerId: ben.user.id, amount: "5.00", reason: "rounding" });

      const answer = await balances();
      const progress = await callRoute(userProgressRoute, {
        path: "/api/dashboard/admin/user-progress",
        token: admin.token,
      });
      for (const row of answer.sellers) {
        const sales = progress.json.userProgress.find((p: { userEmail: string }) => p.userEmail === row.email);
        expect(Number(row.cashCollected)).toBe(sales?.cashCollected ?? 0);
        const [truth] = await db().$queryRaw<
          { sold: number; cash: string; remitted: string; adjustments: string; held: number; outstanding: number }[]
        >`
        SELECT
          (SELECT count(*)::int FROM tickets WHERE registered_by_id = ${row.sellerId}::uuid AND registered_at IS NOT
        NULL AND voided_at IS NULL) AS sold,
          (SELECT coalesce(sum(amount), 0)::text FROM tickets WHERE registered_by_id = ${row.sellerId}::uuid AND
        registered_at IS NOT NULL AND voided_at IS NULL AND payment_method = 'cash') AS cash,
          (SELECT coalesce(sum(amount), 0)::text FROM remittances WHERE seller_id = ${row.sellerId}::uuid AND voided_at
        IS NULL) AS remitted,
          (SELECT coalesce(sum(amount), 0)::text FROM remittance_adjustments WHERE seller_id = ${row.sellerId}::uuid) AS
        adjustments,
          (SELECT count(*)::int FROM stub_allocations WHERE seller_id = ${row.sellerId}::uuid AND returned_at IS NULL)
        AS held,
          (SELECT count(*)::int FROM stub_allocations a JOIN tickets t ON t.id = a.ticket_id
            WHERE a.seller_id = ${row.sellerId}::uuid AND a.returned_at IS NULL AND t.registered_at IS NULL AND
        t.voided_at IS NULL) AS outstanding`;
        expect(row.sold).toBe(truth.sold);
        expect(Number(row.cashCollected)).toBe(Number(truth.cash));
        expect(Number(row.remitted)).toBe(Number(truth.remitted));
        expect(Number(row.adjustments)).toBe(Number(truth.adjustments));
        expect(row.allocated).toBe(truth.held);
        expect(row.outstandingStubs).toBe(truth.outstanding);
        expect(Math.round(Number(row.balance) * 100)).toBe(
          Math.round((Number(truth.cash) - Number(truth.remitted) - Number(truth.adjustments)) * 100),
        );
      }
      expect(answer.totals).toMatchObject({
        sellers: 2,
        allocated: 30,
        sold: 11,
        outstandingStubs: 17,
        cashCollected: "350.00",
        remitted: "125.00",
        adjustments: "5.00",
        balance: "220.00",
      });
    },
  );

  it("flags sellers whose cash on hand passes the cash_on_hand_alert setting; 0 turns the flag off", async () => {
    const tickets = await createTickets(admin, 1, 3);
    for (const t of tickets) await register(t.control_number, {});
    expect((await balanceOf(ana.user.id))?.overAlert).toBe(false);
    await callRoute(settingsRoute, {
      method: "PUT",
      path: "/api/settings",
      token: admin.token,
      body: { cash_on_hand_alert: "100" },
    });
    const answer = await balances();
    expect(answer.cashOnHandAlert).toBe("100.00");
    expect(answer.sellers.find((s) => s.sellerId === ana.user.id)?.overAlert).toBe(true);
    // Exactly at the limit is not past it; 0 turns the flag off.
    await callRoute(settingsRoute, {
      method: "PUT",
      path: "/api/settings",
      token: admin.token,
      body: { cash_on_hand_alert: 150 },
    });
    expect((await balanceOf(ana.user.id))?.overAlert).toBe(false);
    await callRoute(settingsRoute, {
      method: "PUT",
      path: "/api/settings",
      token: admin.token,
      body: { cash_on_hand_alert: 0 },
    });
    expect(await balanceOf(ana.user.id)).toMatchObject({ balance: "150.00", overAlert: false });
  });
});

describe("remittances and receipts", () => {
  it("answers the receipt number and the remittance as the issue states", async () => {
    const res = await remit({ sellerId: ana.user.id, amount: "1250", method: "cash", note: "first week" });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      success: true,
      remittance: {
        receiptNumber: 1,
        sellerId: ana.user.id,
        amount: "1250.00",
        method: "cash",
        note: "first week",
        coversUntil: expect.any(String),
        createdAt: expect.any(String),
        id: expect.any(String),
      },
    });
    const covers = await remit({ sellerId: ana.user.id, amount: "1.00", coversUntil: "2026-11-20T18:00:00+08:00" });
    expect(covers.json.remittance).toMatchObject({ receiptNumber: 2, coversUntil: "2026-11-20T10:00:00.000Z" });
  });

  it(
    "numbers twenty concurrent remittances 1–20, each once; a refused request uses no number",
    { tags: ["sql"] },
    async () => {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          remit({ sellerId: i % 2 ? ana.user.id : ben.user.id, amount: `${i + 1}.00` }),
        ),
      );
      expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
      const numbers = results.map((r) => r.json.remittance.receiptNumber as number).sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect((await remit({ sellerId: "6f1c1f40-8a55-4c1e-9d4e-2f0d7c1b0a99", amount: "5.00" })).status).toBe(404);
      expect((await remit({ sellerId: ana.user.id, amount: "0" })).status).toBe(400);
      expect((await remit({ sellerId: ana.user.id, amount: "5.00" })).json.remittance.receiptNumber).toBe(21);
    },
  );

  it.each([["0"], ["-5.00"], ["1000000.01"], ["12.345"], ["abc"], [1250], [null]])(
    "answers 400 validation_failed naming amount for %j",
    async (amount) => {
      const res = await remit({ sellerId: ana.user.id, amount });
      expect(res.status).toBe(400);
      expect(res.json.code).toBe("validation_failed");
      expect(res.json.issues.map((i: { path: string }) => i.path)).toEqual(["amount"]);
      expect(await db().remittance.count()).toBe(0);
    },
  );

  it(
    "voids a receipt once: it keeps its number, stays in the " + "statement marked void, and leaves the balance",
    async () => {
      const [t] = await createTickets(admin, 1, 1);
      await register(t.control_number, {});
      const first = await remit({ sellerId: ana.user.id, amount: "50.00" });
      const id = first.json.remittance.id;
      expect((await voidReceipt(id, {})).json.issues[0].path).toBe("reason");
      const voided = await voidReceipt(id, { reason: "counted twice" });
      expect(voided.json.remittance).toMatchObject({ receiptNumber: 1, voided: true, voidReason: "counted twice" });
      const again = await voidReceipt(id, { reason: "again" });
      expect(again.status).toBe(409);
      expect(again.json).toMatchObject({ code: "conflict", message: "Receipt No. 1 is already void" });
      expect((await voidReceipt("6f1c1f40-8a55-4c1e-9d4e-2f0d7c1b0a99", { reason: "x" })).status).toBe(404);
      const second = await remit({ sellerId: ana.user.id, amount: "45.00" });
      expect(second.json.remittance.receiptNumber).toBe(2);
      const statement = await callRoute(myStatementRoute, { path: "/api/sellers/me/statement", token: ana.token });
      expect(statement.json.statement).toMatchObject({ cashCollected: "50.00", remitted: "45.00", balance: "5.00" });
      expect(statement.json.statement.receipts).toMatchObject([
        { receiptNumber: 1, amount: "50.00", voided: true },
        { receiptNumber: 2, amount: "45.00", voided: false },
      ]);
    },
  );

  it(
    "is append-only in the database: no UPDATE of the amount, no DELETE, no TRUNCATE; adjustments likewise",
    { tags: ["sql"] },
    async () => {
      const res = await remit({ sellerId: ana.user.id, amount: "10.00" });
      const id = res.json.remittance.id;
      await adjust({ sellerId: ana.user.id, amount: "1.00", reason: "x" });
      await expect(db().$executeRaw`UPDATE remittances SET amount = 1 WHERE id = ${id}::uuid`).rejects.toThrow(
        /never changed/,
      );
      await expect(db().$executeRaw`UPDATE remittances SET receipt_number = 7 WHERE id = ${id}::uuid`).rejects.toThrow(
        /never changed/,
      );
      await expect(db().$executeRaw`DELETE FROM remittances WHERE id = ${id}::uuid`).rejects.toThrow(/never deleted/);
      await expect(db().$executeRawUnsafe(`TRUNCATE remittances`)).rejects.toThrow(/never deleted/);
      await expect(db().$executeRaw`UPDATE remittance_adjustments SET amount = 2`).rejects.toThrow(
        /never changed or deleted/,
      );
      await expect(db().$executeRaw`DELETE FROM remittance_adjustments`).rejects.toThrow(/never changed or deleted/);
      await expect(db().$executeRawUnsafe(`TRUNCATE remittance_adjustments`)).rejects.toThrow(
        /never changed or deleted/,
      );
      // A void is the one change, and it is one-way.
      await db()
        .$executeRaw`UPDATE remittances SET voided_at = now(), voided_by_id = ${admin.user.id}::uuid, void_reason = 'x'
          WHERE id = ${id}::uuid`;
      await expect(
        db().$executeRaw`UPDATE remittances SET voided_at = NULL, voided_by_id = NULL, void_reason = NULL WHERE id =
            ${id}::uuid`,
      ).rejects.toThrow(/never changed/);
      expect(await db().remittance.count()).toBe(1);
    },
  );

  it(
    "keeps allocation history: a return is written once, rows " + "are never deleted but go with their ticket",
    async () => {
      const [t] = await createTickets(admin, 1, 1);
      await allocate(ana.user.id, { from: 1, to: 1 });
      await expect(db().$executeRaw`DELETE FROM stub_allocations`).rejects.toThrow(/never deleted/);
      await expect(db().$executeRaw`UPDATE stub_allocations SET seller_id = ${ben.user.id}::uuid`).rejects.toThrow(
        /only records its return/,
      );
      await giveBack(ana.user.id, { ticketIds: [t.id] });
      await expect(db().$executeRaw`UPDATE stub_allocations SET returned_at = now()`).rejects.toThrow(
        /only records its return/,
      );
      await db().ticket.delete({ where: { id: t.id } });
      expect(await db().stubAllocation.count()).toBe(0);
    },
  );
});

describe("statements, receipts and reports: who sees what", () => {
  it("a seller reads their own statement; another's is 403; administrators read anyone's", async () => {
    const tickets = await createTickets(admin, 1, 10);
    await allocate(ana.user.id, { from: 1, to: 10 });
    await register(tickets[4].control_number, {});
    const mine = await callRoute(myStatementRoute, { path: "/api/sellers/me/statement", token: ana.token });
    expect(mine.status).toBe(200);
    expect(mine.json.statement).toMatchObject({
      allocated: 10,
      sold: 1,
      outstandingStubs: 9,
      cashCollected: "50.00",
      remitted: "0.00",
      balance: "50.00",
      heldRanges: [
        [1, 4],
        [6, 10],
      ],
      receipts: [],
    });
    const byId = await callRoute(statementRoute, {
      path: `/api/sellers/${ana.user.id}/statement`,
      params: { id: ana.user.id },
      token: ana.token,
    });
    expect(byId.status).toBe(200);
    const others = await callRoute(statementRoute, {
      path: `/api/sellers/${ana.user.id}/statement`,
      params: { id: ana.user.id },
      token: ben.token,
    });
    expect(others.status).toBe(403);
    const asAdmin = await callRoute(statementRoute, {
      path: `/api/sellers/${ana.user.id}/statement`,
      params: { id: ana.user.id },
      token: admin.token,
    });
    expect(asAdmin.json.statement.outstandingStubs).toBe(9);
    const empty = await callRoute(myStatementRoute, { path: "/api/sellers/me/statement", token: ben.token });
    expect(empty.json.statement).toMatchObject({ allocated: 0, sold: 0, balance: "0.00", receipts: [] });
    expect((await callRoute(balancesRoute, { path: "/api/remittances/balances", token: ana.token })).status).toBe(403);
  });

  it.runIf(existsSync("/usr/bin/pdftotext"))(
    "prints the receipt (two copies, 'Receipt No. n', ₱ amount) for an " +
      "administrator and its seller only; the report marks a void",
    async () => {
      const res = await remit({ sellerId: ana.user.id, amount: "1250.00" });
      const id = res.json.remittance.id;
      const asAdmin = await fetchBytes(receiptRoute, `/api/remittances/${id}/receipt.pdf`, admin.token, { id });
      expect(asAdmin.status).toBe(200);
      expect(asAdmin.type).toBe("application/pdf");
      const text = pdfText(asAdmin.bytes);
      expect(text).toContain("Receipt No. 1");
      expect(text).toContain("₱1,250.00");
      expect(text).toContain("SELLER'S COPY");
      expect(text).toContain("TREASURER'S COPY");
      expect(text.match(/Receipt No\. 1/g)).toHaveLength(2);
      // Both copies on one page, A4 or Letter.
      for (const [paper, size] of [
        ["a4", /Page size:\s+595\.2\d* x 841\.8\d* pts \(A4\)/],
        ["letter", /Page size:\s+612 x 792 pts \(letter\)/],
      ] as const) {
        const doc = await fetchBytes(receiptRoute, `/api/remittances/${id}/receipt.pdf?paper=${paper}`, admin.token, {
          id,
        });
        expect(doc.status).toBe(200);
        const info = pdfInfo(doc.bytes);
        expect(info).toMatch(/Pages:\s+1\n/);
        expect(info).toMatch(size);
      }
      expect((await fetchBytes(receiptRoute, `/api/remittances/${id}/receipt.pdf`, ana.token, { id })).status).toBe(
        200,
      );
      expect((await fetchBytes(receiptRoute, `/api/remittances/${id}/receipt.pdf`, ben.token, { id })).status).toBe(
        404,
      );

      await voidReceipt(id, { reason: "wrong seller" });
      await remit({ sellerId: ana.user.id, amount: "1200.00" });
      const report = await fetchBytes(reportRoute, `/api/remittances/report.pdf?seller=${ana.user.id}`, admin.token);
      expect(report.status).toBe(200);
      const reportText = pdfText(report.bytes);
      expect(reportText).toMatch(/Receipt No\. 1 .*₱1,250\.00\s+VOID \(wrong seller\)/);
      expect(reportText).toMatch(/Receipt No\. 2 .*₱1,200\.00/);
      const all = pdfText((await fetchBytes(reportRoute, "/api/remittances/report.pdf", admin.token)).bytes);
      expect(all).toContain("Totals");
      expect((await fetchBytes(reportRoute, "/api/remittances/report.pdf", ana.token)).status).toBe(403);
    },
  );
});

describe("users with seller records", () => {
  it("are disabled, not deleted", async () => {
    await remit({ sellerId: ana.user.id, amount: "5.00" });
    const res = await callRoute(deleteUserRoute, {
      method: "DELETE",
      path: "/api/auth/delete-user",
      body: { email: ana.user.email },
      token: admin.token,
    });
    expect(res.status).toBe(409);
    expect(res.json.message).toBe(
      "staff@example.com has seller records (stubs, sales or remittances): disable the account instead of deleting it",
    );
    expect(await db().user.count({ where: { id: ana.user.id } })).toBe(1);
    await expect(db().user.delete({ where: { id: ana.user.id } })).rejects.toThrow();
  });
});
