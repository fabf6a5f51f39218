import { describe, expect, it } from "vitest";
import { detectAttachmentType } from "@/server/attachments/file-type";
import { cleanFileName, contentDisposition } from "@/server/attachments/file-name";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : Buffer.from(p)))));

describe("detectAttachmentType", () => {
  it("knows each accepted type by its leading bytes", () => {
    expect(detectAttachmentType(bytes([0xff, 0xd8, 0xff, 0xdb]))?.mime).toBe("image/jpeg");
    expect(detectAttachmentType(bytes([0x89], "PNG\r\n\x1a\n", "rest"))?.mime).toBe("image/png");
    expect(detectAttachmentType(bytes("RIFF", [1, 2, 3, 4], "WEBPVP8L"))?.mime).toBe("image/webp");
    expect(detectAttachmentType(bytes([0, 0, 0, 0x18], "ftypheic", [0, 0, 0, 0], "mif1heic"))?.mime).toBe("image/heic");
    expect(detectAttachmentType(bytes([0, 0, 0, 0x18], "ftypmif1", [0, 0, 0, 0], "mif1heix"))?.mime).toBe("image/heic");
    expect(detectAttachmentType(bytes([0, 0, 0, 0x10], "ftypmif1", [0, 0, 0, 0]))?.mime).toBe("image/heif");
    expect(detectAttachmentType(bytes("%PDF-1.4\n"))?.mime).toBe("application/pdf");
  });

  it("refuses everything else, including near misses", () => {
    for (const b of [
      bytes("MZ", [0x90, 0x00]), // Windows executable
      bytes("RIFF", [1, 2, 3, 4], "WAVEfmt "), // audio
      bytes([0, 0, 0, 0x18], "ftypisom", [0, 0, 0, 0], "isommp41"), // MP4 video
      bytes("GIF89a"),
      bytes("<svg xmlns='http://www.w3.org/2000/svg'/>"),
      bytes("%PDF"),
      bytes([0xff, 0xd8]),
      bytes(""),
    ]) {
      expect(detectAttachmentType(b)).toBeNull();
    }
  });
});

describe("cleanFileName", () => {
  const png = { mime: "image/png", ext: "png" } as const;
  it("keeps the last path part without control or bidi characters", () => {
    expect(cleanFileName("C:\\Users\\x\\gcash.png", png)).toBe("gcash.png");
    expect(cleanFileName("../../etc/passwd", png)).toBe("passwd.png");
    expect(cleanFileName("re\u0000ce\u001Fipt\u202Egnp.exe", png)).toBe("receiptgnp.png");
    expect(cleanFileName("  .hidden.png ", png)).toBe("hidden.png");
    expect(cleanFileName("", png)).toBe("attachment.png");
    expect(cleanFileName("/", png)).toBe("attachment.png");
  });

  it("shortens long names to 200 characters, keeping the extension", () => {
    const name = cleanFileName(`${"a".repeat(300)}.png`, png);
    expect(name).toHaveLength(200);
    expect(name.endsWith(".png")).toBe(true);
  });
});

describe("the stored extension is the detected type's (issue 25 item 8)", () => {
  const png = { mime: "image/png", ext: "png" } as const;
  const pdf = { mime: "application/pdf", ext: "pdf" } as const;
  it("replaces the user's extension, or adds one", () => {
    expect(cleanFileName("poly.html", png)).toBe("poly.png");
    expect(cleanFileName("poly.HTML", png)).toBe("poly.png");
    expect(cleanFileName("receipt", pdf)).toBe("receipt.pdf");
    expect(cleanFileName("GCash receipt 12.05.2026.jpeg", png)).toBe("GCash receipt 12.05.2026.png");
    expect(cleanFileName("evil.svg.", png)).toBe("evil.svg.png");
    expect(cleanFileName(".html", png)).toBe("html.png");
    expect(cleanFileName(".", png)).toBe("attachment.png");
  });
});

describe("contentDisposition", () => {
  it("gives an ASCII fallback and the exact name as RFC 5987 filename*", () => {
    expect(contentDisposition("receipt.pdf")).toBe(`attachment; filename="receipt.pdf"; filename*=UTF-8''receipt.pdf`);
    expect(contentDisposition(`Peña "x" (1)'s.jpg`)).toBe(
      `attachment; filename="Pe_a _x_ (1)'s.jpg"; filename*=UTF-8''Pe%C3%B1a%20%22x%22%20%281%29%27s.jpg`,
    );
  });
});
