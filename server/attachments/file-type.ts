import "server-only";

/** The types a proof of payment may have (photos of the stub, receipts, PDFs). */
export const ATTACHMENT_TYPES = {
  jpeg: { mime: "image/jpeg", ext: "jpg" },
  png: { mime: "image/png", ext: "png" },
  webp: { mime: "image/webp", ext: "webp" },
  heic: { mime: "image/heic", ext: "heic" },
  heif: { mime: "image/heif", ext: "heif" },
  pdf: { mime: "application/pdf", ext: "pdf" },
} as const;

export type AttachmentType = (typeof ATTACHMENT_TYPES)[keyof typeof ATTACHMENT_TYPES];

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

/** ISO-BMFF brands of HEIC (HEVC-coded) and other HEIF images, as phones write them. */
const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs"]);
const HEIF_BRANDS = new Set(["mif1", "msf1", "heif"]);

/**
 * The file's type from its leading bytes, never from its name or the declared type: null for
 * anything else (an .exe renamed .jpg stays an .exe).
 */
export function detectAttachmentType(bytes: Uint8Array): AttachmentType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return ATTACHMENT_TYPES.jpeg;
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b))
    return ATTACHMENT_TYPES.png;
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP")
    return ATTACHMENT_TYPES.webp;
  if (bytes.length >= 5 && ascii(bytes, 0, 5) === "%PDF-") return ATTACHMENT_TYPES.pdf;
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === "ftyp") {
    // The major brand, then the compatible brands up to the box's end.
    const boxSize = Math.min(
      ((bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3]) >>> 0,
      bytes.length,
      256,
    );
    const brands = [ascii(bytes, 8, 12)];
    for (let i = 16; i + 4 <= boxSize; i += 4) brands.push(ascii(bytes, i, i + 4));
    if (brands.some((b) => HEIC_BRANDS.has(b))) return ATTACHMENT_TYPES.heic;
    if (brands.some((b) => HEIF_BRANDS.has(b))) return ATTACHMENT_TYPES.heif;
  }
  return null;
}

/** The extension a stored type is served with (`application/pdf` → `pdf`); null for a type not listed. */
export function extensionForMime(mime: string): string | null {
  return Object.values(ATTACHMENT_TYPES).find((t) => t.mime === mime)?.ext ?? null;
}
