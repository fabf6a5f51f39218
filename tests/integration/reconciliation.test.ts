// Reconciliation (issue 21): importing statements, no double counting, every matching state, the
// per-line decisions, discard and un-verify, and the five reports — through the real routes.
import { beforeEach, describe, expect, it } from "vitest";
import { POST as discardRoute } from "@/app/api/reconciliation/imports/[id]/discard/route";
import { GET as importsRoute } from "@/app/api/reconciliation/imports/route";
import { POST as ignoreRoute } from "@/app/api/reconciliation/lines/[id]/ignore/route";
import { POST as matchRoute } from "@/app/api/reconciliation/lines/[id]/match/route";
import { GET as linesRoute } from "@/app/api/reconciliation/lines/route";
import { POST as unverifyRoute } from "@/app/api/reconciliation/payments/[id]/unverify/route";
import { GET as profilesRoute } from "@/app/api/reconciliation/profiles/route";
import { GET as reportRoute } from "@/app/api/reconciliation/reports/[name]/route";
import { POST as customRange } from "@/app/api/tickets/admin/generate-custom-range/route";
import { PUT as registerRoute } from "@/app/api/tickets/register/[controlNumber]/route";
import { db } from "@/server/db/client";
import { freshAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";
import { BANK_LAYOUTS, gcashStatementPdf, type GcashRow } from "@/tests/helpers/statement-files";
import { uploadStatement } from "@/tests/helpers/statement-upload";

let today: string;
let nextNumber = 1;
const PASSWORD = "0917";

const REF = {
  exact: "1001543610110",
  over: "1001543610111",
  dup: "1001543610112",
  fake: "1001543610113",
  part: "1001543610114",
};

const users = freshAdminAndStaff();
beforeEach(async () => {
  nextNumber = 1;
  today = (
    await db().$queryRaw<{ d: string }[]>`SELECT to_char(now() AT TIME ZONE 'Asia/Manila', 'YYYY-MM-DD') AS d`
  )[0].d;
});

/** Sells `count` tickets (₱50 each) as one payment; returns the payment id and control numbers. */
async function sell(
  count: number,
  payment: { method: "gcash" | "bank_transfer" | "cash"; reference?: string; buyer?: string },
) {
  const res = await callRoute(customRange, {
    method: "POST",
    path: "/api/tickets/admin/generate-custom-range",
    token: users.admin.token,
    body: { startRange: nextNumber, endRange: nextNumber + count - 1, userId: "admin@example.com" },
  });
  expect(res.status).toBe(201);
  nextNumber += count;
  const controls = (res.json.tickets as { control_number: string }[]).map((t) => t.control_number);
  let paymentId: string | undefined;
  for (const c of controls) {
    const body = {
      buyerName: payment.buyer ?? "Juan Dela Cruz",
      phoneNumber: "0917 123 4567",
      paymentMethod: payment.method,
      paymentReference: payment.reference,
      ...(paymentId ? { paymentId } : {}),
    };
    const r = await callRoute(registerRoute, {
      method: "PUT",
      path: `/api/tickets/register/${c}`,
      params: { controlNumber: c },
      body,
      token: users.staff.token,
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    paymentId = r.json.ticket.payment_id;
  }
  return { paymentId: paymentId!, controls };
}

const at = (time: string) => `${today} ${time}`;
const gcashRow = (
  time: string,
  reference: string,
  credit: string,
  description = "Received GCash from JUAN DELA CRUZ",
): GcashRow => ({ time: at(time), description, reference, credit, balance: "1,000.00" });
const status = async (id: string) => (await db().payment.findUniqueOrThrow({ where: { id } })).status;
const lines = async (state?: string) =>
  (
    await callRoute(linesRoute, {
      path: `/api/reconciliation/lines${state ? `?state=${state}` : ""}`,
      token: users.admin.token,
    })
  ).json.lines as any[];
const report = (name: string) =>
  callRoute(reportRoute, { path: `/api/reconciliation/reports/${name}`, params: { name }, token: users.admin.token });

async function statement(rows: GcashRow[], extra: { from?: string; to?: string } = {}) {
  return gcashStatementPdf({ rows, password: PASSWORD, from: extra.from ?? today, to: extra.to ?? today });
}

describe("importing a GCash statement", () => {
  it("matches every state, verifies what is covered, and answers {id, lines, new, skipped}", async () => {
    const exact = await sell(2, { method: "gcash", reference: REF.exact });
    const over = await sell(1, { method: "gcash", reference: REF.over });
    const dup = await sell(1, { method: "gcash", reference: REF.dup });
    const pdf = await statement([
      gcashRow("09:00 AM", REF.exact, "100.00"),
      gcashRow("09:05 AM", REF.over, "60.00"),
      gcashRow("09:10 AM", REF.dup, "50.00"),
      gcashRow("09:11 AM", REF.dup, "50.00"),
      gcashRow("09:20 AM", "9999999999999", "75.00", "Received GCash from PEDRO"),
      {
        time: at("09:30 AM"),
        description: "Transfer to bank",
        reference: "8888888888888",
        debit: "500.00",
        balance: "500.00",
      },
      gcashRow("09:40 AM", "7777777777777", "0.00"),
    ]);

    const preview = await uploadStatement({
      token: users.admin.token,
      bytes: pdf,
      fileName: "history.pdf",
      kind: "gcash_pdf",
      password: PASSWORD,
      preview: true,
    });
    expect(preview.status).toBe(200);
    expect(preview.json.lines.map((l: any) => [l.reference, l.amount, l.wouldBe])).toEqual([
      [REF.exact, "100.00", "matched"],
      [REF.over, "60.00", "amount_mismatch"],
      [REF.dup, "50.00", "matched"],
      [REF.dup, "50.00", "duplicate"],
      ["9999999999999", "75.00", "unmatched"],
    ]);
    expect(preview.json).toMatchObject({ new: 5, skipped: 1 });
    expect(await db().statementImport.count()).toBe(0);
    expect(await db().statementLine.count()).toBe(0);

    const res = await uploadStatement({
      token: users.admin.token,
      bytes: pdf,
      fileName: "history.pdf",
      kind: "gcash_pdf",
      password: PASSWORD,
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ id: expect.any(String), lines: 6, new: 5, skipped: 1 });
    expect(res.json.new + res.json.skipped).toBe(res.json.lines);
    expect(await status(exact.paymentId)).toBe("verified");
    expect(await status(over.paymentId)).toBe("claimed");
    expect(await status(dup.paymentId)).toBe("verified");
    expect((await lines()).map((l) => l.state)).toEqual([
      "matched",
      "amount_mismatch",
      "matched",
      "duplicate",
      "unmatched",
    ]);
    expect((await lines("duplicate"))[0]).toMatchObject({
      paymentId: dup.paymentId,
      accountLabel: "GCash 0917",
      amount: "50.00",
    });

    const again = await uploadStatement({
      token: users.admin.token,
      bytes: pdf,
      fileName: "again.pdf",
      kind: "gcash_pdf",
      password: PASSWORD,
    });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({
      code: "duplicate_file",
      message: `Already imported on ${today} as import ${res.json.id} (history.pdf)`,
    });
    const previewAgain = await uploadStatement({
      token: users.admin.token,
      bytes: pdf,
      fileName: "again.pdf",
      kind: "gcash_pdf",
      password: PASSWORD,
      preview: true,
    });
    expect(previewAgain.status).toBe(409);
  });

  it("adds 0 lines for the days an overlapping statement repeats", async () => {
    const first = await statement([
      gcashRow("08:00 AM", "1111111111111", "50.00"),
      gcashRow("08:00 AM", "1111111111111", "50.00"),
    ]);
    expect(
      (
        await uploadStatement({
          token: users.admin.token,
          bytes: first,
          fileName: "a.pdf",
          kind: "gcash_pdf",
          password: PASSWORD,
        })
      ).json,
    ).toMatchObject({ lines: 2, new: 2, skipped: 0 });
    // The next export repeats both identical lines and adds one.
    const next = await statement([
      gcashRow("08:00 AM", "1111111111111", "50.00"),
      gcashRow("08:00 AM", "1111111111111", "50.00"),
      gcashRow("11:00 PM", "2222222222222", "20.00"),
    ]);
    const res = await uploadStatement({
      token: users.admin.token,
      bytes: next,
      fileName: "b.pdf",
      kind: "gcash_pdf",
      password: PASSWORD,
    });
    expect(res.json).toMatchObject({ lines: 3, new: 1, skipped: 2 });
    expect(await db().statementLine.count()).toBe(3);
  });

  it("lets one of two concurrent imports of the same file win", { tags: ["sql"] }, async () => {
    const pdf = await statement([gcashRow("08:00 AM", "1111111111111", "50.00")]);
    const both = await Promise.all(
      [1, 2].map(() =>
        uploadStatement({
          token: users.admin.token,
          bytes: pdf,
          fileName: "same.pdf",
          kind: "gcash_pdf",
          password: PASSWORD,
        }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.status === 409)!.json.code).toBe("duplicate_file");
    expect(await db().statementImport.count()).toBe(1);
    expect(await db().statementLine.count()).toBe(1);
  });

  it("refuses a wrong password, a missing one, and writes nothing", async () => {
    const pdf = await statement([gcashRow("08:00 AM", "1111111111111", "50.00")]);
    const wrong = await uploadStatement({
      token: users.admin.token,
      bytes: pdf,
      fileName: "a.pdf",
      kind: "gcash_pdf",
      password: "nope",
    });
    expect(wrong).toMatchObject({ status: 422, json: { code: "wrong_password" } });
    const none = await uploadStatement({ token: users.admin.token, bytes: pdf, fileName: "a.pdf", kind: "gcash_pdf" });
    expect(none).toMatchObject({ status: 422, json: { code: "password_required" } });
    expect(await db().statementImport.count()).toBe(0);
  });
});

describe("decisions on lines", () => {
  it(
    "accepts a mismatch only with a comment, confirms a " + "suggestion, ignores with a reason, and records each",
    async () => {
      const over = await sell(1, { method: "gcash", reference: REF.over });
      const suggested = await sell(1, { method: "gcash", reference: REF.fake, buyer: "Pedro Penduko" });
      const pdf = await statement([
        gcashRow("09:05 AM", REF.over, "60.00"),
        gcashRow("09:20 AM", "9999999999999", "50.00", "Received GCash from PEDRO P."),
        gcashRow("09:30 AM", "5555555555555", "12.00"),
      ]);
      expect(
        (
          await uploadStatement({
            token: users.admin.token,
            bytes: pdf,
            fileName: "h.pdf",
            kind: "gcash_pdf",
            password: PASSWORD,
          })
        ).status,
      ).toBe(201);
      const [mismatch, unmatched, stray] = await lines();
      expect(unmatched.state).toBe("unmatched");
      expect(unmatched.candidates[0]).toMatchObject({
        paymentId: suggested.paymentId,
        controlNumbers: suggested.controls,
        amount: "50.00",
        payerName: "Pedro Penduko",
      });
      expect(unmatched.candidates[0].reason).toBe("Same amount, same day; the description names PEDRO");

      const match = (id: string, body: unknown) =>
        callRoute(matchRoute, {
          method: "POST",
          path: `/api/reconciliation/lines/${id}/match`,
          params: { id },
          body,
          token: users.admin.token,
        });
      const noComment = await match(mismatch.id, { paymentId: over.paymentId });
      expect(noComment).toMatchObject({
        status: 422,
        json: {
          code: "comment_required",
          message: "A comment is required to accept an amount that differs from the payment's",
        },
      });
      const accepted = await match(mismatch.id, { paymentId: over.paymentId, comment: "Buyer rounded up" });
      expect(accepted).toMatchObject({
        status: 200,
        json: { state: "matched", matchKind: "accepted", paymentStatus: "verified" },
      });
      expect(await status(over.paymentId)).toBe("verified");

      const confirmed = await match(unmatched.id, { paymentId: suggested.paymentId });
      expect(confirmed.json).toMatchObject({ state: "matched", matchKind: "confirmed", paymentStatus: "verified" });
      expect((await match(unmatched.id, { paymentId: suggested.paymentId })).status).toBe(409);

      const ignore = (body: unknown) =>
        callRoute(ignoreRoute, {
          method: "POST",
          path: `/api/reconciliation/lines/${stray.id}/ignore`,
          params: { id: stray.id },
          body,
          token: users.admin.token,
        });
      expect((await ignore({ reason: " " })).status).toBe(400);
      expect((await ignore({ reason: "Personal transfer" })).json).toMatchObject({ state: "ignored" });
      expect((await lines("ignored"))[0]).toMatchObject({ note: "Personal transfer", paymentId: null });

      const actions = (
        await db().auditLog.findMany({ where: { action: { startsWith: "statement" } }, orderBy: { createdAt: "asc" } })
      ).map((r) => r.action);
      expect(actions).toEqual([
        "statement.import",
        "statement_line.match",
        "statement_line.match",
        "statement_line.ignore",
      ]);
    },
  );

  it("un-verifies a payment with a reason, and a discarded import returns its payments to claimed", async () => {
    const exact = await sell(1, { method: "gcash", reference: REF.exact });
    const pdf = await statement([gcashRow("09:00 AM", REF.exact, "50.00")]);
    const imp = (
      await uploadStatement({
        token: users.admin.token,
        bytes: pdf,
        fileName: "h.pdf",
        kind: "gcash_pdf",
        password: PASSWORD,
      })
    ).json;
    expect(await status(exact.paymentId)).toBe("verified");

    const unverify = (body: unknown) =>
      callRoute(unverifyRoute, {
        method: "POST",
        path: `/api/reconciliation/payments/${exact.paymentId}/unverify`,
        params: { id: exact.paymentId },
        body,
        token: users.admin.token,
      });
    expect((await unverify({})).status).toBe(400);
    expect((await unverify({ reason: "Reversed by GCash" })).json).toMatchObject({
      status: "claimed",
      linesReleased: 1,
    });
    expect(await status(exact.paymentId)).toBe("claimed");
    expect((await unverify({ reason: "again" })).status).toBe(409);
    const [line] = await lines();
    expect(line).toMatchObject({ state: "unmatched", note: "Reversed by GCash" });

    // Matched again by hand, then the import is discarded: back to claimed, lines discarded.
    await callRoute(matchRoute, {
      method: "POST",
      path: `/api/reconciliation/lines/${line.id}/match`,
      params: { id: line.id },
      body: { paymentId: exact.paymentId },
      token: users.admin.token,
    });
    expect(await status(exact.paymentId)).toBe("verified");
    const discard = (body: unknown) =>
      callRoute(discardRoute, {
        method: "POST",
        path: `/api/reconciliation/imports/${imp.id}/discard`,
        params: { id: imp.id },
        body,
        token: users.admin.token,
      });
    expect((await discard({ reason: "Wrong account" })).json).toMatchObject({ lines: 1, unverified: 1 });
    expect(await status(exact.paymentId)).toBe("claimed");
    expect((await lines()).map((l) => l.state)).toEqual(["discarded"]);
    expect((await discard({ reason: "again" })).status).toBe(409);
    const listed = (await callRoute(importsRoute, { path: "/api/reconciliation/imports", token: users.admin.token }))
      .json.imports;
    expect(listed[0]).toMatchObject({ id: imp.id, discardReason: "Wrong account", lines: 1, new: 1, skipped: 0 });
  });
});

describe("reports", () => {
  it(
    "lists unverified claims, money without tickets, " + "mismatches, duplicates and matched, in JSON and CSV",
    async () => {
      const real = await sell(1, { method: "gcash", reference: REF.exact });
      const fake = await sell(2, { method: "gcash", reference: REF.fake });
      await sell(1, { method: "cash" });
      // Before any statement covers today, nothing is an unverified claim.
      expect((await report("unverified-claims")).json).toEqual({ rows: [], count: 0, total: "0.00" });
      const pdf = await statement([
        gcashRow("09:00 AM", REF.exact, "50.00"),
        gcashRow("09:10 AM", REF.exact, "50.00"),
        gcashRow("10:00 AM", "9999999999999", "75.00"),
      ]);
      await uploadStatement({
        token: users.admin.token,
        bytes: pdf,
        fileName: "h.pdf",
        kind: "gcash_pdf",
        password: PASSWORD,
      });

      const claims = (await report("unverified-claims")).json;
      expect(claims).toMatchObject({ count: 1, total: "100.00" });
      expect(claims.rows[0]).toMatchObject({
        paymentId: fake.paymentId,
        reference: REF.fake,
        amount: "100.00",
        controlNumbers: fake.controls,
        collectedBy: expect.any(String),
      });
      expect((await report("unmatched")).json).toMatchObject({ count: 1, total: "75.00" });
      expect((await report("duplicates")).json).toMatchObject({ count: 1, total: "50.00" });
      expect((await report("matched")).json).toMatchObject({
        count: 1,
        total: "50.00",
        rows: [{ paymentId: real.paymentId, controlNumbers: real.controls }],
      });
      expect((await report("mismatches")).json).toMatchObject({ count: 0, total: "0.00" });

      const csv = await report("unverified-claims.csv");
      expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(csv.json).toContain("Payment ID,Reference,Amount,Control numbers,Paid at,Collected by,Payer");
      expect(csv.json).toContain(`${fake.paymentId},${REF.fake},100.00,${fake.controls.join(" ")}`);
      // Times in the raffle's zone with its offset (issue 38 item 6), not UTC.
      const paidAt = csv.json.split("\r\n")[1].split(",")[4];
      expect(paidAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+08:00$/);
      expect(new Date(paidAt).toISOString()).toBe(claims.rows[0].paidAt);
      expect((await report("nope")).status).toBe(404);
    },
  );
});

describe("bank CSV statements", () => {
  it(
    "matches bank payments by normalised reference, saves the " + "profile's mapping, and refuses missing columns",
    async () => {
      const bank = await sell(3, { method: "bank_transfer", reference: "inst-0001" });
      const file = new TextEncoder().encode(
        BANK_LAYOUTS.bdo.file([
          { date: today, reference: "INST 0001", description: "InstaPay JUAN", amount: "150.00" },
          { date: today, reference: "X1", description: "Fee", amount: "1,000.00", debit: true },
        ]),
      );
      const missing = await uploadStatement({
        token: users.admin.token,
        bytes: file,
        fileName: "bdo.csv",
        kind: "bank_csv",
        mapping: BANK_LAYOUTS.bpi.mapping,
      });
      expect(missing).toMatchObject({ status: 422, json: { code: "missing_columns" } });
      expect(missing.json.message).toContain("'Transaction Date'");
      expect(await db().statementImport.count()).toBe(0);

      const res = await uploadStatement({
        token: users.admin.token,
        bytes: file,
        fileName: "bdo.csv",
        kind: "bank_csv",
        mapping: BANK_LAYOUTS.bdo.mapping,
        profile: "BDO",
      });
      expect(res).toMatchObject({ status: 201, json: { lines: 1, new: 1, skipped: 0 } });
      expect(await status(bank.paymentId)).toBe("verified");
      // The statement gave a date only: the report says that date, never "00:00" as if a time were known.
      const matched = (await report("matched.csv")).json.split("\r\n")[1].split(",");
      expect(matched[2]).toBe(today);
      expect(
        (await callRoute(profilesRoute, { path: "/api/reconciliation/profiles", token: users.admin.token })).json
          .profiles,
      ).toEqual([{ name: "BDO", mapping: BANK_LAYOUTS.bdo.mapping }]);
      const noMapping = await uploadStatement({
        token: users.admin.token,
        bytes: file,
        fileName: "bdo2.csv",
        kind: "bank_csv",
      });
      expect(noMapping).toMatchObject({ status: 400, json: { code: "validation_failed" } });
    },
  );

  it("refuses a file over 10 MB with 413 file_too_large", async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    const res = await uploadStatement({
      token: users.admin.token,
      bytes: big,
      fileName: "big.csv",
      kind: "bank_csv",
      mapping: BANK_LAYOUTS.bpi.mapping,
    });
    expect(res).toMatchObject({ status: 413, json: { code: "file_too_large" } });
  });

  it("is for administrators only", async () => {
    const file = new TextEncoder().encode(BANK_LAYOUTS.bpi.file([]));
    expect(
      (
        await uploadStatement({
          token: users.staff.token,
          bytes: file,
          fileName: "x.csv",
          kind: "bank_csv",
          mapping: BANK_LAYOUTS.bpi.mapping,
        })
      ).status,
    ).toBe(403);
  });
});
