// @module-tag sql
// A settlement by hand with its evidence file (issue 37, docs/decisions/235): written with the
// settlement in one request or not at all, kept like a proof of payment (types from the bytes, 10 MB),
// shown on the Payments list, downloaded by administrators, audited, append-only in the database
// (with the settlement it supports), and in the archive when attachments are asked for.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { POST as archiveRoute } from "@/app/api/raffle/archive.zip/route";
import { GET as evidenceRoute } from "@/app/api/reconciliation/payments/[id]/evidence/[evidenceId]/route";
import { GET as paymentsRoute } from "@/app/api/reconciliation/payments/route";
import { POST as settleRoute } from "@/app/api/reconciliation/payments/[id]/settle/route";
import { POST as unsettleRoute } from "@/app/api/reconciliation/payments/[id]/unsettle/route";
import { POST as customRange } from "@/app/api/tickets/admin/generate-custom-range/route";
import { PUT as registerRoute } from "@/app/api/tickets/register/[controlNumber]/route";
import type { LedgerList } from "@/lib/payment-ledger";
import { db } from "@/server/db/client";
import { freshAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute, TEST_ORIGIN } from "@/tests/helpers/http";
import { callBinary, SAMPLE_FILES } from "@/tests/helpers/upload";

const run = promisify(execFile);

const users = freshAdminAndStaff();

const REFERENCE = "1001543610110";
const RECEIPT = Buffer.concat([SAMPLE_FILES.png, Buffer.from(" treasurer's receipt 0042")]);

/** One ₱50 GCash ticket sold by staff, no statement yet (awaiting a statement); returns its payment id. */
async function sellGcash(reference = REFERENCE, number = 1): Promise<string> {
  const res = await callRoute(customRange, {
    method: "POST",
    path: "/api/tickets/admin/generate-custom-range",
    token: users.admin.token,
    body: { startRange: number, endRange: number, userId: "admin@example.com" },
  });
  expect(res.status).toBe(201);
  const control = res.json.tickets[0].control_number as string;
  const body = {
    buyerName: "Melchora Aquino",
    phoneNumber: "0917 123 4567",
    paymentMethod: "gcash",
    paymentReference: reference,
  };
  const r = await callRoute(registerRoute, {
    method: "PUT",
    path: `/api/tickets/register/${control}`,
    params: { controlNumber: control },
    body,
    token: users.staff.token,
  });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.ticket.payment_id as string;
}

/** POST …/settle as multipart/form-data: `reason` and `file` when given. */
async function settleWithFile(
  paymentId: string,
  options: { reason?: string; file?: { bytes: Uint8Array; name: string }; token?: string },
) {
  const form = new FormData();
  if (options.reason !== undefined) form.set("reason", options.reason);
  if (options.file)
    form.set(
      "file",
      new Blob([new Uint8Array(options.file.bytes)], { type: "application/octet-stream" }),
      options.file.name,
    );
  const encoded = new Request("http://localhost/", { method: "POST", body: form });
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  const headers = new Headers({
    "content-type": encoded.headers.get("content-type")!,
    host: "localhost:3000",
    "content-length": String(bytes.length),
  });
  headers.set("authorization", `Bearer ${options.token ?? users.admin.token}`);
  const p = `/api/reconciliation/payments/${paymentId}/settle`;
  const res = await settleRoute(new NextRequest(new URL(p, TEST_ORIGIN), { method: "POST", headers, body: bytes }), {
    params: Promise.resolve({ id: paymentId }),
  });
  return { status: res.status, json: (await res.json()) as any };
}

const listSettled = async () =>
  (
    await callRoute<LedgerList>(paymentsRoute, {
      path: "/api/reconciliation/payments?state=settled_by_hand",
      token: users.admin.token,
    })
  ).json;
const download = (paymentId: string, evidenceId: string, token = users.admin.token) =>
  callBinary(evidenceRoute, {
    path: `/api/reconciliation/payments/${paymentId}/evidence/${evidenceId}`,
    params: { id: paymentId, evidenceId },
    token,
  });
const stateOf = async (paymentId: string) => {
  const [row] = await db().$queryRaw<{ settled: boolean; evidence: number; audits: number }[]>`
    SELECT p.settled_at IS NOT NULL AS settled, (SELECT count(*)::int FROM payment_settle_evidence WHERE payment_id =
    p.id) AS evidence,
      (SELECT count(*)::int FROM audit_log WHERE entity_id = p.id::text) AS audits
    FROM payments p WHERE p.id = ${paymentId}::uuid`;
  return row;
};

describe("settling by hand with an evidence file", () => {
  it(
    "writes the settlement and its file together; the list shows " +
      "it, it downloads as stored, the audit row names it",
    async () => {
      const paymentId = await sellGcash();
      const settled = await settleWithFile(paymentId, {
        reason: "Paid in cash to the treasurer; receipt 0042",
        file: { bytes: RECEIPT, name: "receipt 0042.jpg" },
      });
      expect(settled.status, JSON.stringify(settled.json)).toBe(200);
      const sha256 = createHash("sha256").update(RECEIPT).digest("hex");
      // The type is the bytes' (a PNG named .jpg is stored as a PNG, its name corrected).
      expect(settled.json).toMatchObject({
        state: "settled_by_hand",
        evidence: { fileName: "receipt 0042.png", contentType: "image/png", fileSize: RECEIPT.length, sha256 },
      });

      const list = await listSettled();
      expect(list.count).toBe(1);
      expect(list.payments[0]).toMatchObject({
        paymentId,
        settleReason: "Paid in cash to the treasurer; receipt 0042",
        evidence: {
          id: settled.json.evidence.id,
          fileName: "receipt 0042.png",
          fileSize: RECEIPT.length,
          contentType: "image/png",
          sha256,
          removed: false,
        },
      });

      const file = await download(paymentId, settled.json.evidence.id);
      expect(file.status).toBe(200);
      expect(file.bytes.equals(RECEIPT)).toBe(true);
      expect(file.headers.get("content-type")).toBe("image/png");
      expect(file.headers.get("content-disposition")).toContain('filename="receipt 0042.png"');
      expect(file.headers.get("x-content-type-options")).toBe("nosniff");
      expect((await download(paymentId, settled.json.evidence.id, users.staff.token)).status).toBe(403);
      // Another payment's id does not reach the file.
      const other = await sellGcash("1001543610111", 2);
      expect((await download(other, settled.json.evidence.id)).status).toBe(404);

      const [audit] = await db().auditLog.findMany({ where: { action: "payment.settle", entityId: paymentId } });
      expect(audit.after).toMatchObject({
        reason: "Paid in cash to the treasurer; receipt 0042",
        evidence: { id: settled.json.evidence.id, fileName: "receipt 0042.png", sha256, fileSize: RECEIPT.length },
      });
    },
  );

  it("a JSON settle and a form without a file carry no evidence", async () => {
    const first = await sellGcash();
    const second = await sellGcash("1001543610111", 2);
    expect(
      (
        await callRoute(settleRoute, {
          method: "POST",
          path: `/api/reconciliation/payments/${first}/settle`,
          params: { id: first },
          body: { reason: "Cash to the treasurer" },
          token: users.admin.token,
        })
      ).json,
    ).toMatchObject({ evidence: null });
    expect((await settleWithFile(second, { reason: "Cash to the treasurer" })).json).toMatchObject({
      state: "settled_by_hand",
      evidence: null,
    });
    expect((await listSettled()).payments.map((p) => p.evidence)).toEqual([null, null]);
    expect(await db().paymentSettleEvidence.count()).toBe(0);
  });

  it(
    "refuses a file that is no proof, an empty one, one without " + "a reason, and a seller; nothing is written",
    async () => {
      const paymentId = await sellGcash();
      const cases = [
        {
          options: { reason: "Cash", file: { bytes: SAMPLE_FILES.exe, name: "receipt.jpg" } },
          status: 415,
          message: "Only JPEG, PNG, WebP, HEIC and PDF files can be attached",
        },
        {
          options: { reason: "Cash", file: { bytes: new Uint8Array(0), name: "receipt.png" } },
          status: 400,
          message: "The evidence file is empty",
        },
        {
          options: { file: { bytes: RECEIPT, name: "receipt.png" } },
          status: 422,
          message: "A reason is required to settle a payment by hand",
        },
        {
          options: { reason: " ", file: { bytes: RECEIPT, name: "receipt.png" } },
          status: 422,
          message: "A reason is required to settle a payment by hand",
        },
        {
          options: { reason: "Cash", file: { bytes: RECEIPT, name: "receipt.png" }, token: users.staff.token },
          status: 403,
          message: "Administrator access required",
        },
      ];
      for (const c of cases) {
        const res = await settleWithFile(paymentId, c.options);
        expect({ status: res.status, message: res.json.message }, JSON.stringify(c.options.file?.name)).toEqual({
          status: c.status,
          message: c.message,
        });
      }
      const tooBig = Buffer.concat([SAMPLE_FILES.png, Buffer.alloc(10 * 1024 * 1024)]);
      expect(
        (await settleWithFile(paymentId, { reason: "Cash", file: { bytes: tooBig, name: "big.png" } })).status,
      ).toBe(413);
      expect(await stateOf(paymentId)).toEqual({ settled: false, evidence: 0, audits: 0 });
    },
  );

  it(
    "an undone settlement keeps its file; settling again shows only " +
      "the new settlement's; the database holds the rules",
    async () => {
      const paymentId = await sellGcash();
      const first = await settleWithFile(paymentId, {
        reason: "Cash to the treasurer",
        file: { bytes: RECEIPT, name: "receipt.png" },
      });
      expect(first.status).toBe(200);
      const unsettled = await callRoute(unsettleRoute, {
        method: "POST",
        path: `/api/reconciliation/payments/${paymentId}/unsettle`,
        params: { id: paymentId },
        body: { reason: "Wrong payment" },
        token: users.admin.token,
      });
      expect(unsettled.status).toBe(200);
      expect((await listSettled()).count).toBe(0);
      expect((await download(paymentId, first.json.evidence.id)).bytes.equals(RECEIPT)).toBe(true);
      expect((await settleWithFile(paymentId, { reason: "Transfer to the old account" })).status).toBe(200);
      expect((await listSettled()).payments[0]).toMatchObject({
        settleReason: "Transfer to the old account",
        evidence: null,
      });

      // A file names the settlement in force: any other time, or a payment not settled, is refused.
      const insert = (settledAt: string) => db().$executeRaw`
      INSERT INTO payment_settle_evidence (payment_id, settled_at, file_name, content_type, file_size, sha256, data)
      VALUES (${paymentId}::uuid, ${settledAt}::timestamptz, 'x.png', 'image/png', 3, ${"a".repeat(64)},
      '\\x010203'::bytea)`;
      await expect(insert("2026-01-01T00:00:00Z")).rejects.toThrow(/RF221|Evidence goes with a settlement by hand/);
      // One file per settlement.
      const [{ settled_at }] = await db().$queryRaw<
        { settled_at: Date }[]
      >`SELECT settled_at FROM payments WHERE id = ${paymentId}::uuid`;
      await insert(settled_at.toISOString());
      await expect(insert(settled_at.toISOString())).rejects.toThrow(
        /payment_settle_evidence_payment_id_settled_at_key|unique/i,
      );
      // Append-only outside the purge.
      await expect(db().$executeRaw`UPDATE payment_settle_evidence SET file_name = 'other.png'`).rejects.toThrow(
        /append-only/,
      );
      await expect(db().$executeRaw`DELETE FROM payment_settle_evidence`).rejects.toThrow(/append-only/);
      await expect(db().$executeRawUnsafe(`TRUNCATE payment_settle_evidence`)).rejects.toThrow(
        /append-only|referenced/,
      );
      await expect(
        db().$executeRaw`UPDATE payment_settle_evidence SET data = NULL, file_name = 'removed', removed_at = now()`,
      ).rejects.toThrow(/append-only/);
      expect(await db().paymentSettleEvidence.count()).toBe(2);
    },
  );

  it(
    "the archive carries the file under attachments/settled-by-hand/ when " +
      "asked, and lists every settlement in reports/settled-by-hand.csv",
    async () => {
      const withFile = await sellGcash();
      const without = await sellGcash("1001543610111", 2);
      const settled = await settleWithFile(withFile, {
        reason: "Cash to the treasurer, receipt 0042",
        file: { bytes: RECEIPT, name: "receipt.png" },
      });
      expect((await settleWithFile(without, { reason: "Transfer to the old account" })).status).toBe(200);
      const zip = async (query: string) => {
        const req = new NextRequest(new URL(`/api/raffle/archive.zip${query}`, TEST_ORIGIN), {
          method: "POST",
          headers: { authorization: `Bearer ${users.admin.token}`, host: "localhost:3000" },
        });
        const res = await archiveRoute(req, { params: Promise.resolve({}) });
        expect(res.status).toBe(200);
        const dir = await mkdtemp(path.join(tmpdir(), "settle-archive-"));
        await writeFile(path.join(dir, "a.zip"), Buffer.from(await res.arrayBuffer()));
        return path.join(dir, "a.zip");
      };
      const plain = await zip("");
      expect((await run("unzip", ["-Z1", plain])).stdout).not.toContain("attachments/");
      const report = (await run("unzip", ["-p", plain, "reports/settled-by-hand.csv"])).stdout
        .split("\r\n")
        .filter(Boolean);
      expect(report[0]).toBe(
        "\uFEFFpayment_id,method,reference,amount,control_numbers," +
          "settled_at,settled_by,reason,evidence_file,evidence_sha256",
      );
      expect(report).toHaveLength(3);
      const rowOf = (id: string) => report.find((line) => line.startsWith(`${id},`));
      expect(rowOf(withFile)).toMatch(
        new RegExp(
          `^${withFile},gcash,${REFERENCE},50\\.00,[^,]+-00001,\\S+Z,admin@example\\.com,"Cash to ` +
            `the treasurer, receipt 0042",receipt\\.png,${settled.json.evidence.sha256}$`,
        ),
      );
      expect(rowOf(without)).toMatch(
        new RegExp(
          `^${without},gcash,1001543610111,50\\.00,[^,]+-00002,` +
            `\\S+Z,admin@example\\.com,Transfer to the old account,,$`,
        ),
      );
      const full = await zip("?attachments=1");
      const name = `attachments/settled-by-hand/${REFERENCE}/${settled.json.evidence.id}-receipt.png`;
      expect(
        (await run("unzip", ["-Z1", full])).stdout.split("\n").filter((n) => n.startsWith("attachments/")),
      ).toEqual([name]);
      const bytes = (await run("unzip", ["-p", full, name], { encoding: "buffer" })).stdout as unknown as Buffer;
      expect(Buffer.from(bytes).equals(RECEIPT)).toBe(true);
    },
  );
});
