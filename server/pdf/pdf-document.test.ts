import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createPdf, pdfBuffer } from "@/server/pdf/pdf-document";

const hasPoppler = existsSync("/usr/bin/pdftotext");

async function render(options: Parameters<typeof createPdf>[0], draw: (doc: PDFKit.PDFDocument) => void) {
  const doc = createPdf(options);
  const done = pdfBuffer(doc);
  draw(doc);
  doc.end();
  return done;
}

describe("createPdf", () => {
  it("prints ₱, ñ and Ñ with the embedded font (read back with pdftotext)", async () => {
    const bytes = await render({ paper: "a4", title: "Test" }, (doc) => {
      doc.addPage();
      doc.font("regular").fontSize(14).text("₱50.00 Peñaflor, Ñino");
      doc.font("bold").text("₱1,250.00");
    });
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    if (!hasPoppler) return;
    const dir = mkdtempSync(path.join(tmpdir(), "pdf-"));
    const file = path.join(dir, "t.pdf");
    writeFileSync(file, bytes);
    const text = execFileSync("pdftotext", [file, "-"]).toString();
    expect(text).toContain("₱50.00 Peñaflor, Ñino");
    expect(text).toContain("₱1,250.00");
  });

  it("writes /PrintScaling /None when asked, and a tagged document says so", async () => {
    const stub = await render({ paper: "letter", title: "Stubs", noPrintScaling: true }, (doc) =>
      doc.addPage().text("x"),
    );
    expect(stub.toString("latin1")).toContain("/PrintScaling /None");
    const plain = await render({ paper: "a4", title: "Plain" }, (doc) => doc.addPage().text("x"));
    expect(plain.toString("latin1")).not.toContain("/PrintScaling");
    const tagged = await render({ paper: "a4", title: "Receipt", tagged: true }, (doc) => doc.addPage().text("x"));
    if (!hasPoppler) return;
    const dir = mkdtempSync(path.join(tmpdir(), "pdf-"));
    const file = path.join(dir, "t.pdf");
    writeFileSync(file, tagged);
    expect(execFileSync("pdfinfo", [file]).toString()).toMatch(/Tagged:\s+yes/);
  });
});

describe("the font files in the production build (docs/decisions/095)", () => {
  it("are named with literal new URL(…, import.meta.url), which the build copies; never resolved at run time", () => {
    const source = readFileSync(path.join(process.cwd(), "server/pdf/pdf-document.ts"), "utf8");
    const code = source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
    // Turbopack turns a require.resolve it cannot evaluate into code that throws "Cannot find module
    // as expression is too dynamic": every PDF failed on `next start` while these tests passed.
    expect(code).not.toMatch(/createRequire|require\.resolve|process\.cwd\(\)/);
    // Read whatever the line breaks: a formatter may put the argument on a line of its own.
    const reads = [...code.matchAll(/readFileSync\(\s*([^)]*\))\s*,?\s*\)/g)].map((m) => m[1]);
    expect(reads).toHaveLength(2);
    for (const arg of reads)
      expect(arg).toMatch(
        /^new URL\("\.\.\/\.\.\/node_modules\/@expo-google-fonts\/noto-sans\/[^"]+\.ttf", import\.meta\.url\)$/,
      );
  });
});
