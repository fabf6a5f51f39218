// @module-tag sql
// The reconciliation's invariants live in the database (issue 21, docs/decisions/110): statement
// files are unique by hash, lines unique per account by checksum, lines and imports never deleted,
// discarding an import discards its lines, and a payment's status follows its matched lines.
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { resetDb } from "@/tests/helpers/db";

const sha = (c: string) => c.repeat(64).slice(0, 64);

async function newImport(hash = sha("a"), account = "GCash 0917") {
  const [row] = await db().$queryRaw<{ id: string }[]>`
    INSERT INTO statement_imports (kind, account_label, file_name, file_sha256, lines_read, lines_new, lines_skipped)
    VALUES ('gcash_pdf', ${account}, 'history.pdf', ${hash}, 0, 0, 0) RETURNING id`;
  return row.id;
}

async function newLine(
  importId: string,
  options: {
    checksum: string;
    amount?: string;
    state?: string;
    paymentId?: string | null;
    matchKind?: string | null;
    note?: string | null;
    account?: string;
  },
) {
  const [row] = await db().$queryRaw<{ id: string }[]>`
    INSERT INTO statement_lines (import_id, account_label, line_no, occurred_at, description, reference,
    reference_normalized, amount, checksum, state, payment_id, match_kind, note)
    VALUES (${importId}::uuid, ${options.account ?? "GCash 0917"}, 1, now(), 'Received GCash', '1001543610110',
    '1001543610110', ${options.amount ?? "50.00"}::numeric,
            ${options.checksum}, ${options.state ?? "unmatched"}, ${options.paymentId ?? null}::uuid,
    ${options.matchKind ?? null}, ${options.note ?? null})
    RETURNING id`;
  return row.id;
}

async function gcashPayment(amount = "100.00", reference = "1001543610110") {
  return db().payment.create({
    data: {
      method: "gcash",
      reference,
      referenceNormalized: reference,
      gcashReferenceKey: reference,
      amountExpected: amount,
    },
  });
}
const statusOf = async (id: string) => (await db().payment.findUniqueOrThrow({ where: { id } })).status;

beforeEach(async () => {
  await resetDb();
});

describe("statement imports and lines", () => {
  it("refuses the same file twice and the same line twice for one account, not for another", async () => {
    const first = await newImport();
    await expect(newImport()).rejects.toThrow();
    await newLine(first, { checksum: "c1" });
    await expect(newLine(first, { checksum: "c1" })).rejects.toThrow();
    await newLine(first, { checksum: "c1", account: "BDO 1234" });
  });

  it("never deletes or truncates lines or imports", async () => {
    const imp = await newImport();
    await newLine(imp, { checksum: "c1" });
    await expect(db().$executeRaw`DELETE FROM statement_lines`).rejects.toThrow(/never deleted/);
    await expect(db().$executeRaw`DELETE FROM statement_imports`).rejects.toThrow(/never deleted/);
    await expect(db().$executeRawUnsafe(`TRUNCATE statement_lines CASCADE`)).rejects.toThrow(/never deleted/);
    await expect(db().$executeRaw`UPDATE statement_lines SET amount = 1`).rejects.toThrow(/never changed/);
    expect(await db().statementLine.count()).toBe(1);
  });

  it("refuses credits of ₱0 or less, an ignore without a reason, a matched line without its payment", async () => {
    const imp = await newImport();
    await expect(newLine(imp, { checksum: "z", amount: "0.00" })).rejects.toThrow();
    await expect(newLine(imp, { checksum: "n", amount: "-5.00" })).rejects.toThrow();
    await expect(newLine(imp, { checksum: "i", state: "ignored" })).rejects.toThrow();
    await expect(newLine(imp, { checksum: "m", state: "matched", matchKind: "auto" })).rejects.toThrow();
    await expect(newLine(imp, { checksum: "d", state: "discarded" })).rejects.toThrow(/discarded import/);
  });

  it(
    "makes a payment verified when its matched lines reach its " + "amount, and claimed again when they are discarded",
    async () => {
      const payment = await gcashPayment("100.00");
      const imp = await newImport();
      await newLine(imp, {
        checksum: "p1",
        amount: "60.00",
        state: "matched",
        matchKind: "accepted",
        note: "first half",
        paymentId: payment.id,
      });
      expect(await statusOf(payment.id)).toBe("claimed");
      await newLine(imp, {
        checksum: "p2",
        amount: "40.00",
        state: "matched",
        matchKind: "auto",
        paymentId: payment.id,
      });
      expect(await statusOf(payment.id)).toBe("verified");
      // No code path can write 'verified' by hand: the status is derived.
      await db().payment.update({ where: { id: payment.id }, data: { status: "claimed" } });
      expect(await statusOf(payment.id)).toBe("verified");

      await db()
        .$executeRaw`UPDATE statement_imports SET discarded_at = now(), discard_reason = 'wrong account' WHERE id =
        ${imp}::uuid`;
      expect(await db().statementLine.findMany({ select: { state: true } })).toEqual([
        { state: "discarded" },
        { state: "discarded" },
      ]);
      expect(await statusOf(payment.id)).toBe("claimed");
      await expect(
        db().$executeRaw`UPDATE statement_imports SET discarded_at = NULL, discard_reason = NULL`,
      ).rejects.toThrow(/only discarded once/);
      await expect(
        db().$executeRaw`UPDATE statement_lines SET state = 'unmatched', payment_id = NULL, match_kind = NULL`,
      ).rejects.toThrow(/discarded/);
    },
  );

  it("puts a verified payment back to claimed when its amount grows past what the lines cover", async () => {
    const payment = await gcashPayment("50.00");
    const imp = await newImport();
    await newLine(imp, { checksum: "p1", amount: "50.00", state: "matched", matchKind: "auto", paymentId: payment.id });
    expect(await statusOf(payment.id)).toBe("verified");
    await db().payment.update({ where: { id: payment.id }, data: { amountExpected: "100.00" } });
    expect(await statusOf(payment.id)).toBe("claimed");
  });
});
