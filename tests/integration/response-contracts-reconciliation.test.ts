// One contract per answer (issue 41, docs/decisions/260): a statement's preview and import, the line
// and payment decisions, the bank profiles and the reports, parsed strictly with their
// lib/schemas/reconciliation-answers.ts contracts.
// Not JSON: a report as CSV ({name}.csv), a sample statement, a settlement's evidence file: checked
// by their media type and disposition instead.
import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { POST as discardRoute } from "@/app/api/reconciliation/imports/[id]/discard/route";
import { POST as ignoreRoute } from "@/app/api/reconciliation/lines/[id]/ignore/route";
import { POST as matchRoute } from "@/app/api/reconciliation/lines/[id]/match/route";
import { GET as linesRoute } from "@/app/api/reconciliation/lines/route";
import { GET as evidenceRoute } from "@/app/api/reconciliation/payments/[id]/evidence/[evidenceId]/route";
import { POST as settleRoute } from "@/app/api/reconciliation/payments/[id]/settle/route";
import { POST as unsettleRoute } from "@/app/api/reconciliation/payments/[id]/unsettle/route";
import { POST as unverifyRoute } from "@/app/api/reconciliation/payments/[id]/unverify/route";
import { GET as profilesRoute } from "@/app/api/reconciliation/profiles/route";
import { GET as reportsRoute } from "@/app/api/reconciliation/reports/[name]/route";
import { GET as samplesRoute } from "@/app/api/reconciliation/samples/[name]/route";
import {
  importCommittedSchema,
  importDiscardedSchema,
  importPreviewSchema,
  lineIgnoredSchema,
  lineMatchedSchema,
  lineReportSchema,
  paymentSettledSchema,
  paymentUnsettledSchema,
  paymentUnverifiedSchema,
  profilesAnswerSchema,
  unverifiedClaimsReportSchema,
} from "@/lib/schemas/reconciliation-answers";
import { expectContract, expectDownload } from "@/tests/helpers/contracts";
import { resetDb } from "@/tests/helpers/db";
import { createAdminAndStaff, createTickets, freshAdminAndStaff, sellTicket } from "@/tests/helpers/factories";
import { callRoute, TEST_ORIGIN } from "@/tests/helpers/http";
import { BANK_LAYOUTS } from "@/tests/helpers/statement-files";
import { uploadStatement } from "@/tests/helpers/statement-upload";
import { callBinary, SAMPLE_FILES } from "@/tests/helpers/upload";

const users = freshAdminAndStaff();

const post = (handler: Parameters<typeof callRoute>[0], path: string, body: unknown, params: Record<string, string>) =>
  callRoute(handler, { method: "POST", path, body, params, token: users.admin.token });

/** Three bank transfers sold; a statement paying the first (matched), an unknown reference and a line to set aside. */
async function importedStatement(preview: boolean) {
  const tickets = await createTickets(users.admin, 1, 3);
  const sold = [];
  for (const [i, ticket] of tickets.entries())
    sold.push(
      await sellTicket(users.staff, ticket.control_number, {
        method: "bank_transfer",
        reference: `BDO-555000${i + 1}`,
      }),
    );
  const amount = sold[0].payment!.amount_expected;
  const today = new Date().toLocaleDateString("en-CA", { timeZone: "Asia/Manila" });
  const file = BANK_LAYOUTS.bdo.file([
    { date: today, reference: "BDO-5550001", description: "Transfer from MARIA CLARA", amount },
    { date: today, reference: "X-999", description: "Transfer", amount },
    { date: today, reference: "X-998", description: "Bank charge", amount },
  ]);
  const upload = await uploadStatement({
    token: users.admin.token,
    bytes: new TextEncoder().encode(file),
    fileName: "bdo.csv",
    kind: "bank_csv",
    mapping: BANK_LAYOUTS.bdo.mapping,
    profile: "BDO",
    preview,
  });
  return { upload, sold };
}

describe("reconciliation's answers parse with their lib/schemas/ contract, strictly", () => {
  it(
    "a statement's preview, its import, a line matched by hand, one set aside, the reports, unverify " + "and discard",
    async () => {
      const previewed = (await importedStatement(true)).upload;
      expect(previewed.status, JSON.stringify(previewed.json)).toBe(200);
      expect(previewed.json.lines).toHaveLength(3);
      expect(previewed.json.lines.some((l: { paymentId: string | null }) => l.paymentId)).toBe(true);
      expectContract(importPreviewSchema, previewed.json);
      await resetDb();
      Object.assign(users, await createAdminAndStaff());
      const { upload, sold } = await importedStatement(false);
      expect(upload.status, JSON.stringify(upload.json)).toBe(201);
      expectContract(importCommittedSchema, upload.json);
      const open = await callRoute(linesRoute, {
        path: "/api/reconciliation/lines?state=unmatched",
        token: users.admin.token,
      });
      expect(open.json.lines).toHaveLength(2);
      const [toMatch, toIgnore] = open.json.lines as { id: string; reference: string }[];
      const matched = await post(
        matchRoute,
        `/api/reconciliation/lines/${toMatch.id}/match`,
        { paymentId: sold[1].payment_id, comment: "The buyer typed the wrong reference" },
        { id: toMatch.id },
      );
      expect(matched.status, JSON.stringify(matched.json)).toBe(200);
      expectContract(lineMatchedSchema, matched.json);
      const ignored = await post(
        ignoreRoute,
        `/api/reconciliation/lines/${toIgnore.id}/ignore`,
        { reason: "A bank charge" },
        { id: toIgnore.id },
      );
      expect(ignored.status, JSON.stringify(ignored.json)).toBe(200);
      expectContract(lineIgnoredSchema, ignored.json);
      const report = (name: string) =>
        callRoute(reportsRoute, {
          path: `/api/reconciliation/reports/${name}`,
          params: { name },
          token: users.admin.token,
        });
      const claims = await report("unverified-claims");
      expect(claims.status).toBe(200);
      expect(claims.json.rows).toHaveLength(1);
      expectContract(unverifiedClaimsReportSchema, claims.json);
      const matchedLines = await report("matched");
      expect(matchedLines.status).toBe(200);
      expect(matchedLines.json.rows).toHaveLength(2);
      expectContract(lineReportSchema, matchedLines.json);
      const unverified = await post(
        unverifyRoute,
        `/api/reconciliation/payments/${sold[1].payment_id}/unverify`,
        { reason: "Matched to the wrong payment" },
        { id: sold[1].payment_id! },
      );
      expect(unverified.status, JSON.stringify(unverified.json)).toBe(200);
      expectContract(paymentUnverifiedSchema, unverified.json);
      const unmatched = await report("unmatched");
      expect(unmatched.json.rows.length).toBeGreaterThan(0);
      expectContract(lineReportSchema, unmatched.json);
      const discarded = await post(
        discardRoute,
        `/api/reconciliation/imports/${upload.json.id}/discard`,
        { reason: "The wrong account's statement" },
        { id: upload.json.id },
      );
      expect(discarded.status, JSON.stringify(discarded.json)).toBe(200);
      expectContract(importDiscardedSchema, discarded.json);
      const profiles = await callRoute(profilesRoute, {
        path: "/api/reconciliation/profiles",
        token: users.admin.token,
      });
      expect(profiles.status).toBe(200);
      expect(profiles.json.profiles.length).toBeGreaterThan(0);
      expectContract(profilesAnswerSchema, profiles.json);
    },
  );

  it("settle by hand with evidence (its file is not JSON), and unsettle", async () => {
    const [ticket] = await createTickets(users.admin, 1, 1);
    const sold = await sellTicket(users.staff, ticket.control_number, { method: "gcash", reference: "1001543610110" });
    const id = sold.payment_id!;
    const form = new FormData();
    form.set("reason", "The treasurer saw the transfer on the phone");
    form.set("file", new Blob([new Uint8Array(SAMPLE_FILES.png)], { type: "image/png" }), "receipt.png");
    const encoded = new Request("http://localhost/", { method: "POST", body: form });
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    const res = await settleRoute(
      new NextRequest(new URL(`/api/reconciliation/payments/${id}/settle`, TEST_ORIGIN), {
        method: "POST",
        headers: {
          "content-type": encoded.headers.get("content-type")!,
          "content-length": String(bytes.length),
          host: "localhost:3000",
          authorization: `Bearer ${users.admin.token}`,
        },
        body: bytes,
      }),
      { params: Promise.resolve({ id }) },
    );
    const settled = await res.json();
    expect(res.status, JSON.stringify(settled)).toBe(200);
    expect(settled.evidence).not.toBeNull();
    expectContract(paymentSettledSchema, settled);
    const evidenceId = settled.evidence.id as string;
    const file = await callBinary(evidenceRoute, {
      path: `/api/reconciliation/payments/${id}/evidence/${evidenceId}`,
      params: { id, evidenceId },
      token: users.admin.token,
    });
    expect(file.status).toBe(200);
    expectDownload(file.headers, "image/png", /^receipt\.png$/);
    const unsettled = await post(
      unsettleRoute,
      `/api/reconciliation/payments/${id}/unsettle`,
      { reason: "Settled the wrong payment" },
      { id },
    );
    expect(unsettled.status, JSON.stringify(unsettled.json)).toBe(200);
    expectContract(paymentUnsettledSchema, unsettled.json);
  });
});

describe("reconciliation's files (not JSON): media type and disposition", () => {
  it("a report as CSV and a sample statement", async () => {
    const csv = await callBinary(reportsRoute, {
      path: "/api/reconciliation/reports/matched.csv",
      params: { name: "matched.csv" },
      token: users.admin.token,
    });
    expect(csv.status).toBe(200);
    expectDownload(csv.headers, "text/csv; charset=utf-8", /^reconciliation-matched\.csv$/);
    const sample = await callBinary(samplesRoute, {
      path: "/api/reconciliation/samples/bdo.csv",
      params: { name: "bdo.csv" },
      token: users.admin.token,
    });
    expect(sample.status).toBe(200);
    expectDownload(sample.headers, /^text\/csv/, /bdo.*\.csv$/);
  });
});
