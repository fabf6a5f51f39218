// The demo raffle and the sample statements (issue 38 items 7 and 9): the demo leaves a line in
// every reconciliation state, a sale by every method, and a published draw with a disqualified
// winner; each sample statement imports in its bank's built-in layout.
import { execFileSync } from "node:child_process";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { GET as certificatePdfRoute } from "@/app/api/draws/[id]/certificate.pdf/route";
import { GET as commitmentPdfRoute } from "@/app/api/draws/[id]/commitment.pdf/route";
import { GET as receiptPdfRoute } from "@/app/api/remittances/[id]/receipt.pdf/route";
import { GET as reportPdfRoute } from "@/app/api/remittances/report.pdf/route";
import { renderCloseoutSummary } from "@/server/pdf/closeout-summary";
import { readCloseoutSummary } from "@/server/closeout/archive-summary";
import { GET as sampleRoute } from "@/app/api/reconciliation/samples/[name]/route";
import { db } from "@/server/db/client";
import { ensureInstallationSecrets } from "@/server/secrets/installation-secrets";
import { BANK_SAMPLE_LAYOUTS, builtInMapping, SAMPLE_BANKS } from "@/lib/statement-samples";
import { sampleStatement } from "@/server/reconciliation/sample-statements";
import { seedDemoRaffle } from "@/scripts/lib/demo-raffle";
import { principalOf } from "@/tests/helpers/principal";
import { freshAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";
import { uploadStatement } from "@/tests/helpers/statement-upload";

const users = freshAdminAndStaff();

/** A sample as the browser downloads it (a CSV comes back as text). */
async function sample(name: string, token = users.admin.token) {
  const res = await callRoute(sampleRoute, { path: `/api/reconciliation/samples/${name}`, params: { name }, token });
  return { ...res, bytes: new TextEncoder().encode(typeof res.json === "string" ? res.json : "") };
}

describe("sample statements", () => {
  it(
    "offers a CSV per bank layout that imports with that bank's " + "built-in mapping, and names the samples otherwise",
    async () => {
      for (const bank of SAMPLE_BANKS) {
        const file = await sample(`${bank.toLowerCase()}.csv`);
        expect(file.status).toBe(200);
        expect(file.headers.get("content-disposition")).toMatch(
          new RegExp(`^attachment; filename="sample-${bank.toLowerCase()}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
        );
        expect(builtInMapping(bank)).toEqual(BANK_SAMPLE_LAYOUTS[bank].mapping);
        const preview = await uploadStatement({
          token: users.admin.token,
          bytes: file.bytes,
          fileName: `${bank}.csv`,
          kind: "bank_csv",
          mapping: builtInMapping(bank),
          preview: true,
        });
        expect(preview.status, JSON.stringify(preview.json)).toBe(200);
        // Four credits (the service charge is a debit), none of them a raffle payment.
        expect(preview.json.lines.map((l: { amount: string }) => l.amount)).toEqual([
          "150.00",
          "50.00",
          "200.00",
          "100.00",
        ]);
      }
      expect(builtInMapping("Other")).toBeUndefined();
      const gcash = await sampleStatement({ principal: principalOf(users.admin), name: "gcash.pdf" });
      expect(gcash.contentType).toBe("application/pdf");
      const read = await uploadStatement({
        token: users.admin.token,
        bytes: gcash.bytes,
        fileName: gcash.fileName,
        kind: "gcash_pdf",
        preview: true,
      });
      expect(read.status, JSON.stringify(read.json)).toBe(200);
      expect(read.json.lines.map((l: { amount: string }) => l.amount)).toEqual(["150.00", "50.00", "200.00", "100.00"]);
      const none = await sample("nope.csv");
      expect(none.status).toBe(404);
      expect(none.json.message).toBe(
        "No sample statement named 'nope.csv' (samples: gcash.pdf, bdo.csv, bpi.csv, metrobank.csv)",
      );
      expect((await sample("bdo.csv", users.staff.token)).status).toBe(403);
    },
  );
});

/** A PDF route's bytes, as the browser receives them. */
async function pdfOf(
  handler: (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>,
  urlPath: string,
  params: Record<string, string> = {},
) {
  const res = await handler(
    new NextRequest(new URL(urlPath, "http://localhost:3000"), {
      headers: { authorization: `Bearer ${users.admin.token}`, host: "localhost:3000" },
    }),
    { params: Promise.resolve(params) },
  );
  expect(res.status, urlPath).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

describe("the demo raffle", () => {
  it(
    "fills one whole raffle: every method, every line state, " +
      "remittances, a published draw with a disqualified winner",
    async () => {
      await ensureInstallationSecrets();
      const lines: string[] = [];
      const summary = await seedDemoRaffle((line) => lines.push(line));
      expect(summary).toMatchObject({ tickets: 300, sold: 73, voided: 3, drawNumber: 1 });
      const methods = await db().$queryRaw<
        { method: string }[]
      >`SELECT DISTINCT payment_method AS method FROM tickets WHERE registered_at IS NOT NULL ORDER BY 1`;
      expect(methods.map((m) => m.method)).toEqual(["bank_transfer", "cash", "gcash"]);
      const states = await db().$queryRaw<{ state: string }[]>`SELECT DISTINCT state FROM statement_lines ORDER BY 1`;
      expect(states.map((s) => s.state)).toEqual([
        "amount_mismatch",
        "discarded",
        "duplicate",
        "ignored",
        "matched",
        "unmatched",
      ]);
      expect(await db().statementLine.count({ where: { matchKind: "confirmed" } })).toBe(1);
      expect(await db().remittance.count()).toBe(summary.remittances);
      // One payment settled by hand with its evidence file, so the Payments tab's Settled view has both to show.
      const settled = await db().payment.findMany({
        where: { settledAt: { not: null } },
        include: { settleEvidence: true },
      });
      expect(settled).toHaveLength(1);
      expect(settled[0].settleEvidence.map((e) => e.fileName)).toEqual(["treasurer receipt 0457.png"]);
      const [state] = await db().$queryRaw<
        { status: string; published: boolean }[]
      >`SELECT status, published_at IS NOT NULL AS published FROM raffle_state WHERE id = 1`;
      expect(state.published).toBe(true);
      const events = await db().$queryRaw<{ event: string }[]>`SELECT event FROM winner_events ORDER BY id`;
      expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(["disqualified", "claimed"]));
      // One time format on every PDF (issue 38 item 6): "Dec 2, 2026 9:46 PM" in the raffle's zone,
      // never an ISO timestamp or a US date.
      const draw = await db().draw.findFirstOrThrow();
      const remittance = await db().remittance.findFirstOrThrow();
      const pdfs: [string, Buffer][] = [
        ["certificate", await pdfOf(certificatePdfRoute, `/api/draws/${draw.id}/certificate.pdf`, { id: draw.id })],
        ["commitment", await pdfOf(commitmentPdfRoute, `/api/draws/${draw.id}/commitment.pdf`, { id: draw.id })],
        [
          "receipt",
          await pdfOf(receiptPdfRoute, `/api/remittances/${remittance.id}/receipt.pdf`, { id: remittance.id }),
        ],
        ["remittance report", await pdfOf(reportPdfRoute, "/api/remittances/report.pdf")],
        [
          "close-out summary",
          await renderCloseoutSummary(
            await readCloseoutSummary({ raffleStatus: "selling", exportedAt: new Date().toISOString() }),
            "a4",
          ),
        ],
      ];
      for (const [name, pdf] of pdfs) {
        const text = execFileSync("pdftotext", ["-layout", "-", "-"], { input: pdf }).toString();
        expect(text.match(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/g), `${name}: an ISO timestamp`).toBeNull();
        expect(text.match(/\b\d{1,2}\/\d{1,2}\/\d{4}\b/g), `${name}: a US date`).toBeNull();
        expect(text, `${name}: a date in the one format`).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4}/);
      }
      // Seeding twice is refused, nothing written.
      await expect(seedDemoRaffle(() => {})).rejects.toThrow(
        "The demo raffle needs an empty raffle: 300 tickets already exist",
      );
      expect(await db().ticket.count()).toBe(300);
    },
    180_000,
  );
});
