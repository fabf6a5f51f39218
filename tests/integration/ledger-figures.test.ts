// The money figures (issue 37): computed once here, over the tables, by an oracle that does not use
// the ledger's SQL, and compared with every surface that prints them: GET /api/reconciliation/summary,
// each state's list, Close-out's blocking items, the archive's summary PDF and the remittance report.
import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { NextRequest } from "next/server";
import { beforeEach, expect, it } from "vitest";
import { POST as matchRoute } from "@/app/api/reconciliation/lines/[id]/match/route";
import { GET as paymentsRoute } from "@/app/api/reconciliation/payments/route";
import { POST as settleRoute } from "@/app/api/reconciliation/payments/[id]/settle/route";
import { GET as summaryRoute } from "@/app/api/reconciliation/summary/route";
import { POST as archiveRoute } from "@/app/api/raffle/archive.zip/route";
import { GET as closeoutRoute } from "@/app/api/raffle/closeout/route";
import { POST as remittancesRoute } from "@/app/api/remittances/route";
import { POST as customRange } from "@/app/api/tickets/admin/generate-custom-range/route";
import { PUT as registerRoute } from "@/app/api/tickets/register/[controlNumber]/route";
import { SUMMARY_FIGURES, type LedgerSummary } from "@/lib/payment-ledger";
import { amountToCentavos, formatCentavos } from "@/lib/money";
import { db } from "@/server/db/client";
import { freshAdminAndStaff, importGcashStatement } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";
import { BANK_LAYOUTS } from "@/tests/helpers/statement-files";
import { uploadStatement } from "@/tests/helpers/statement-upload";

const run = promisify(execFile);
let next = 1;

const users = freshAdminAndStaff();
beforeEach(async () => {
  next = 1;
});

async function sell(count: number, method: "gcash" | "bank_transfer" | "cash", reference?: string) {
  const made = await callRoute(customRange, {
    method: "POST",
    path: "/api/tickets/admin/generate-custom-range",
    token: users.admin.token,
    body: { startRange: next, endRange: next + count - 1, userId: "x" },
  });
  next += count;
  let paymentId: string | undefined;
  for (const t of made.json.tickets as { control_number: string }[]) {
    const body = {
      buyerName: "Andres Bonifacio",
      phoneNumber: "0917 123 4567",
      paymentMethod: method,
      paymentReference: reference,
      ...(paymentId ? { paymentId } : {}),
    };
    const r = await callRoute(registerRoute, {
      method: "PUT",
      path: `/api/tickets/register/${t.control_number}`,
      params: { controlNumber: t.control_number },
      body,
      token: users.staff.token,
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    paymentId = r.json.ticket.payment_id;
  }
  return paymentId!;
}

/** The oracle: each payment's state from the rows, in TypeScript, without the ledger's SQL. */
async function oracle(): Promise<LedgerSummary> {
  const payments = await db().$queryRaw<
    { id: string; method: string; status: string; settled: boolean; amount: string; day: string; live: boolean }[]
  >`
    SELECT p.id::text AS id, p.method, p.status, p.settled_at IS NOT NULL AS settled, p.amount_expected::text AS amount,
      to_char(p.collected_at AT TIME ZONE 'Asia/Manila', 'YYYY-MM-DD') AS day,
      EXISTS (SELECT 1 FROM tickets t WHERE t.payment_id = p.id AND t.voided_at IS NULL) AS live FROM payments p`;
  const imports = await db().$queryRaw<{ kind: string; from: string; to: string }[]>`
    SELECT kind, to_char(period_from, 'YYYY-MM-DD') AS "from", to_char(period_to, 'YYYY-MM-DD') AS "to" FROM
    statement_imports WHERE discarded_at IS NULL`;
  const named = new Set(
    (
      await db().$queryRaw<
        { id: string }[]
      >`SELECT DISTINCT payment_id::text AS id FROM statement_lines WHERE payment_id IS NOT NULL AND state IN
        ('matched', 'amount_mismatch', 'duplicate')`
    ).map((r) => r.id),
  );
  const sums: Record<string, { count: number; centavos: number }> = {};
  const add = (key: string, amount: string) => {
    sums[key] ??= { count: 0, centavos: 0 };
    sums[key].count++;
    sums[key].centavos += amountToCentavos(amount);
  };
  for (const p of payments) {
    if (p.method === "cash" || p.status === "rejected" || !p.live) continue;
    const kind = p.method === "gcash" ? "gcash_pdf" : "bank_csv";
    const covered = imports.some((i) => i.kind === kind && i.from <= p.day && p.day <= i.to) || named.has(p.id);
    const state =
      p.status === "verified" ? "verified" : p.settled ? "settledByHand" : covered ? "unverified" : "awaitingStatement";
    add(state, p.amount);
    add("claimed", p.amount);
  }
  for (const r of await db().$queryRaw<
    { amount: string }[]
  >`SELECT amount::text FROM remittances WHERE voided_at IS NULL`)
    add("cashRemitted", r.amount);
  const f = (k: string) => ({ count: sums[k]?.count ?? 0, total: ((sums[k]?.centavos ?? 0) / 100).toFixed(2) });
  return {
    claimed: f("claimed"),
    verified: f("verified"),
    settledByHand: f("settledByHand"),
    unverified: f("unverified"),
    awaitingStatement: f("awaitingStatement"),
    cashRemitted: f("cashRemitted"),
  };
}

async function pdfTextOf(zip: Buffer, file: string) {
  const dir = await mkdtemp(path.join(tmpdir(), "ledger-figures-"));
  await writeFile(path.join(dir, "a.zip"), zip);
  await run("unzip", ["-q", "a.zip", file, "-d", "out"], { cwd: dir });
  return (await run("/usr/bin/pdftotext", ["-layout", path.join(dir, "out", file), "-"])).stdout;
}

it("prints the same money on every surface as a count over the tables", async () => {
  const today = (
    await db().$queryRaw<{ d: string }[]>`SELECT to_char(now() AT TIME ZONE 'Asia/Manila', 'YYYY-MM-DD') AS d`
  )[0].d;
  await sell(1, "gcash", "1001543610110"); // verified
  await sell(1, "gcash", "1001543610111"); // unverified (no line)
  const short = await sell(2, "gcash", "1001543610112"); // unverified (₱40 of ₱100 accepted)
  await sell(1, "bank_transfer", "BANK-1"); // verified
  const settled = await sell(1, "bank_transfer", "BANK-2"); // unverified, then settled by hand
  const late = await sell(1, "bank_transfer", "BANK-3"); // awaiting (collected before any statement)
  await db().$executeRaw`UPDATE payments SET collected_at = collected_at - interval '5 days' WHERE id = ${late}::uuid`;
  await sell(3, "cash");
  await importGcashStatement(
    users.admin,
    [
      {
        time: `${today} 01:00 AM`,
        description: "Received GCash",
        reference: "1001543610110",
        credit: "50.00",
        balance: "50.00",
      },
      {
        time: `${today} 02:00 AM`,
        description: "Received GCash",
        reference: "1001543610112",
        credit: "40.00",
        balance: "90.00",
      },
    ],
    { fileName: "g.pdf" },
  );
  const csv = new TextEncoder().encode(
    BANK_LAYOUTS.bpi.file([{ date: `${today} 03:00`, reference: "BANK-1", description: "InstaPay", amount: "50.00" }]),
  );
  expect(
    (
      await uploadStatement({
        token: users.admin.token,
        bytes: csv,
        fileName: "b.csv",
        kind: "bank_csv",
        mapping: BANK_LAYOUTS.bpi.mapping,
      })
    ).status,
  ).toBe(201);
  const line = await db().statementLine.findFirstOrThrow({ where: { amount: "40.00" } });
  expect(
    (
      await callRoute(matchRoute, {
        method: "POST",
        path: `/api/reconciliation/lines/${line.id}/match`,
        params: { id: line.id },
        body: { paymentId: short, comment: "Short by ₱60" },
        token: users.admin.token,
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await callRoute(settleRoute, {
        method: "POST",
        path: `/api/reconciliation/payments/${settled}/settle`,
        params: { id: settled },
        body: { reason: "Cash to the treasurer" },
        token: users.admin.token,
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await callRoute(remittancesRoute, {
        method: "POST",
        path: "/api/remittances",
        body: { sellerId: users.staff.user.id, amount: "100.00" },
        token: users.admin.token,
      })
    ).status,
  ).toBe(201);

  const want = await oracle();
  expect(want).toEqual({
    claimed: { count: 6, total: "350.00" },
    verified: { count: 2, total: "100.00" },
    settledByHand: { count: 1, total: "50.00" },
    unverified: { count: 2, total: "150.00" },
    awaitingStatement: { count: 1, total: "50.00" },
    cashRemitted: { count: 1, total: "100.00" },
  });
  expect(
    (await callRoute(summaryRoute, { path: "/api/reconciliation/summary", token: users.admin.token })).json,
  ).toEqual(want);
  for (const [state, key] of [
    ["verified", "verified"],
    ["unverified", "unverified"],
    ["awaiting_statement", "awaitingStatement"],
    ["settled_by_hand", "settledByHand"],
  ] as const) {
    const list = (
      await callRoute(paymentsRoute, { path: `/api/reconciliation/payments?state=${state}`, token: users.admin.token })
    ).json;
    expect({ count: list.count, total: list.total }).toEqual(want[key]);
  }
  const blocking = (await callRoute(closeoutRoute, { path: "/api/raffle/closeout", token: users.admin.token })).json
    .closeout.blocking as { item: string; message: string }[];
  expect(blocking.find((b) => b.item === "unverified_payments")?.message).toMatch(
    /^2 GCash or bank payments \(₱150\.00\) are unverified/,
  );
  expect(blocking.find((b) => b.item === "awaiting_statement")?.message).toMatch(
    /^1 GCash or bank payment \(₱50\.00\) awaits a statement/,
  );

  const req = new NextRequest(new URL("/api/raffle/archive.zip", "http://localhost:3000"), {
    method: "POST",
    headers: { authorization: `Bearer ${users.admin.token}`, host: "localhost:3000" },
  });
  const zip = Buffer.from(await (await archiveRoute(req, { params: Promise.resolve({}) })).arrayBuffer());
  const summaryPdf = await pdfTextOf(zip, "reports/summary.pdf");
  const report = (await pdfTextOf(zip, "reports/remittance-report.pdf")).replace(/\s+/g, " ");
  for (const f of SUMMARY_FIGURES) {
    const unit = f.key === "cashRemitted" ? "remittance" : "payment";
    const text =
      `${formatCentavos(amountToCentavos(want[f.key].total))} ` +
      `(${want[f.key].count} ${unit}${want[f.key].count === 1 ? "" : "s"})`;
    const printed = new RegExp(`^\\s*${f.label.replace(/[()]/g, "\\$&")}\\s+(.+?)\\s*$`, "m").exec(summaryPdf)?.[1];
    expect(printed, f.label).toBe(text);
    expect(report, f.label).toContain(`${f.label}: ${text}`);
  }
});
