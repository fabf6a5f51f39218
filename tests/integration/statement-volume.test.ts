// Issue 36: a statement commit at volume. 5,000 lines commit in one import (lines written as typed
// arrays in batches); a statement longer than one import takes is refused with what to do instead,
// and nothing is written (a 353,000-line file once froze the embedded database and took 2.2 GB).
import { afterEach, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { STATEMENT_LIMITS } from "@/server/reconciliation/import-statement";
import { freshAdminAndStaff } from "@/tests/helpers/factories";
import { BANK_LAYOUTS } from "@/tests/helpers/statement-files";
import { uploadStatement } from "@/tests/helpers/statement-upload";

const usualMax = STATEMENT_LIMITS.maxLines;

const users = freshAdminAndStaff();
afterEach(() => {
  STATEMENT_LIMITS.maxLines = usualMax;
});

/** n credits of ₱50.00 on 2026-11-01, each with its own reference (none matches a payment). */
const bankFile = (n: number) =>
  new TextEncoder().encode(
    BANK_LAYOUTS.bpi.file(
      Array.from({ length: n }, (_, i) => ({
        date:
          `2026-11-01 ` +
          `${String(8 + (Math.floor(i / 3600) % 12)).padStart(2, "0")}:` +
          `${String(Math.floor(i / 60) % 60).padStart(2, "0")}`,
        reference: `INST-${100_000 + i}`,
        description: `InstaPay BUYER ${i}`,
        amount: "50.00",
      })),
    ),
  );

it("commits a 5,000-line statement: every line written, one import row", async () => {
  const started = performance.now();
  const res = await uploadStatement({
    token: users.admin.token,
    bytes: bankFile(5000),
    fileName: "bpi-5000.csv",
    kind: "bank_csv",
    mapping: BANK_LAYOUTS.bpi.mapping,
  });
  const ms = performance.now() - started;
  expect(res).toMatchObject({ status: 201, json: { lines: 5000, new: 5000, skipped: 0 } });
  expect(await db().statementLine.count()).toBe(5000);
  expect(await db().statementImport.count()).toBe(1);
  console.info(`[statement-volume] 5,000 lines committed in ${Math.round(ms)} ms`);
}, 120_000);

it("refuses a statement over the line limit with 413 and what to do, writing nothing", async () => {
  STATEMENT_LIMITS.maxLines = 100;
  const res = await uploadStatement({
    token: users.admin.token,
    bytes: bankFile(101),
    fileName: "bpi-101.csv",
    kind: "bank_csv",
    mapping: BANK_LAYOUTS.bpi.mapping,
  });
  expect(res).toMatchObject({
    status: 413,
    json: {
      success: false,
      code: "payload_too_large",
      message:
        "This statement has 101 credit lines; one import takes at most 100. Export a " +
        "shorter period (for example one month) and import each file.",
    },
  });
  expect(await db().statementLine.count()).toBe(0);
  expect(await db().statementImport.count()).toBe(0);
  const preview = await uploadStatement({
    token: users.admin.token,
    bytes: bankFile(101),
    fileName: "bpi-101.csv",
    kind: "bank_csv",
    mapping: BANK_LAYOUTS.bpi.mapping,
    preview: true,
  });
  expect(preview).toMatchObject({ status: 413, json: { code: "payload_too_large" } });
});
