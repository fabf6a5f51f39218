// Issue 40: every statement PDF is bounded by what it decompresses to, not by what it weighs. A
// Flate bomb (a few MB that inflate to gigabytes) sent to the real import route is refused with 422
// `file_too_complex` naming the limit, the server's memory grows by less than 300 MB meanwhile, and
// nothing is written. The measure decrypts every kind of password protection pdfkit writes (RC4,
// AES-128, AES-256) with the user's or the owner's password, so a password cannot hide a bomb.
import { randomBytes } from "node:crypto";
import { deflateSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { PDF_EXPANSION_LIMIT_BYTES } from "@/server/reconciliation/parse-gcash-pdf";
import { inflatedLength, measurePdfExpansion, PdfTooComplex } from "@/server/reconciliation/pdf-expansion";
import { resetDb } from "@/tests/helpers/db";
import { createSignedInUser } from "@/tests/helpers/factories";
import { gcashStatementPdf, manyGcashRows } from "@/tests/helpers/statement-files";
import { uploadStatement } from "@/tests/helpers/statement-upload";

const PASSWORD = "bomb-0917";
const MB = 1024 * 1024;
let token: string;
/** 64 MB of spaces (valid content-stream whitespace) deflated to about 64 KB. */
let chunk: Buffer;

beforeAll(async () => {
  await resetDb();
  token = (await createSignedInUser({ isAdmin: true, email: "admin@example.com" })).token;
  chunk = deflateSync(Buffer.alloc(64 * MB, 0x20), { level: 9 });
}, 60_000);

describe("a statement PDF's decompressed size", () => {
  it("is counted without inflating: the count equals zlib's output for stored, fixed and dynamic blocks", () => {
    const text = Buffer.from(
      Array.from({ length: 20_000 }, (_, i) => `BT /F1 8 Tf 30 ${i} Td (Received GCash ${i * 7919}) Tj ET\n`).join(""),
    );
    for (const [bytes, level] of [
      [text, 9],
      [text, 1],
      [text.subarray(0, 50), 6],
      [randomBytes(300_000), 0],
      [randomBytes(300_000), 6],
      [Buffer.alloc(5 * MB, 0x20), 9],
      [Buffer.alloc(0), 6],
    ] as const) {
      expect(inflatedLength(deflateSync(bytes, { level }), Infinity), `${bytes.length} at level ${level}`).toBe(
        bytes.length,
      );
    }
    // Stops soon past the limit; a cut stream counts what came before the cut.
    expect(inflatedLength(chunk, MB)).toBeLessThan(MB + 300);
    expect(inflatedLength(chunk.subarray(0, chunk.length / 2), Infinity)).toBeLessThan(64 * MB);
  });

  it("is measured through every encryption pdfkit writes, with the user's or the owner's password", async () => {
    const rows = manyGcashRows(300);
    const plain = await measurePdfExpansion(await gcashStatementPdf({ rows }), {
      limitBytes: PDF_EXPANSION_LIMIT_BYTES,
    });
    expect(plain).toBeGreaterThan(50_000);
    for (const pdfVersion of ["1.4", "1.7", "1.7ext3"] as const) {
      const pdf = await gcashStatementPdf({ rows, password: PASSWORD, pdfVersion });
      for (const password of [PASSWORD, `${PASSWORD}-owner`]) {
        const measured = await measurePdfExpansion(pdf, { password, limitBytes: PDF_EXPANSION_LIMIT_BYTES });
        // The same text inside: within the ciphers' own overhead (IVs, padding, the Encrypt dictionary).
        expect(Math.abs(measured - plain) / plain, `${pdfVersion} ${password}`).toBeLessThan(0.1);
      }
      // A password that opens nothing is left to pdf.js (which answers wrong_password).
      expect(await measurePdfExpansion(pdf, { password: "nope", limitBytes: PDF_EXPANSION_LIMIT_BYTES })).toBe(0);
      const bomb = await gcashStatementPdf({
        rows: rows.slice(0, 3),
        password: PASSWORD,
        pdfVersion,
        extraFlateContents: [chunk, chunk, chunk, chunk],
      });
      await expect(
        measurePdfExpansion(bomb, { password: PASSWORD, limitBytes: PDF_EXPANSION_LIMIT_BYTES }),
      ).rejects.toBeInstanceOf(PdfTooComplex);
    }
  }, 60_000);

  it(
    "refuses a Flate bomb at the import route with 422 " +
      "file_too_complex, memory growth under 300 MB, nothing written",
    async () => {
      // About 8 MB that inflate to 8 GB, behind the statement's password.
      const bomb = await gcashStatementPdf({
        rows: manyGcashRows(5),
        password: PASSWORD,
        extraFlateContents: Array(128).fill(chunk),
      });
      expect(bomb.length).toBeGreaterThan(7 * MB);
      expect(bomb.length).toBeLessThan(10 * MB);
      global.gc?.();
      const before = process.memoryUsage.rss();
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
      try {
        for (const preview of [true, false]) {
          const res = await uploadStatement({
            token,
            bytes: bomb,
            fileName: "bomb.pdf",
            kind: "gcash_pdf",
            password: PASSWORD,
            preview,
          });
          expect(res).toEqual({
            status: 422,
            json: {
              success: false,
              code: "file_too_complex",
              message: "This PDF decompresses to more than 200 MB (the limit for a statement), so it was not read",
            },
          });
        }
        // Two at once (the kind's concurrency).
        const both = await Promise.all(
          [true, true].map((preview) =>
            uploadStatement({
              token,
              bytes: bomb,
              fileName: "bomb.pdf",
              kind: "gcash_pdf",
              password: PASSWORD,
              preview,
            }),
          ),
        );
        expect(both.map((r) => r.status)).toEqual([422, 422]);
      } finally {
        clearInterval(sampler);
      }
      expect((peak - before) / MB).toBeLessThan(300);
      const [counts] = await db().$queryRaw<{ imports: number; lines: number }[]>`
      SELECT (SELECT count(*)::int FROM statement_imports) AS imports, (SELECT count(*)::int FROM statement_lines) AS
      lines`;
      expect(counts).toEqual({ imports: 0, lines: 0 });
      // An ordinary statement still reads.
      const ok = await uploadStatement({
        token,
        bytes: await gcashStatementPdf({ rows: manyGcashRows(5), password: PASSWORD }),
        fileName: "ok.pdf",
        kind: "gcash_pdf",
        password: PASSWORD,
        preview: true,
      });
      expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    },
    120_000,
  );
});
