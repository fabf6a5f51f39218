// A PDF read back the way a person's tools read it: poppler's pdftotext (installed by .ci/run).
// Without the tool the test fails, naming it: a PDF whose text nobody read is not tested.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";

/** The text of a PDF (`pdftotext -layout`), after checking that the bytes are a PDF at all. */
export function pdfText(bytes: Buffer): string {
  expect(bytes.subarray(0, 5).toString(), "the answer is a PDF").toBe("%PDF-");
  const file = path.join(mkdtempSync(path.join(tmpdir(), "e2e-pdf-")), "doc.pdf");
  writeFileSync(file, bytes);
  try {
    return execFileSync("pdftotext", ["-layout", file, "-"]).toString();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT")
      throw new Error("pdftotext is not installed (apt-get install poppler-utils; .ci/run does it)");
    throw error;
  }
}
