import "server-only";
// A QR matrix as a 1-bit grayscale PNG, one pixel per module with the 4-module quiet zone, at any
// scale: what a test hands zbarimg to read our encoder's output back (qr-code.test.ts). The stub
// PDFs no longer use it: they draw each code as an inline image of the same pixels
// (qrInlineImage in render-stubs.ts, decision 150), which needs no PNG, deflate or object per code.
import { crc32, deflateSync } from "node:zlib";
import type { QrMatrix } from "@/server/stubs/qr-code";

const QUIET = 4;
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "latin1");
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** The PNG's bytes; `scale` pixels per module (1 for PDFs; more for a test's decoder). */
export function qrPng(qr: QrMatrix, scale = 1): Buffer {
  const side = (qr.size + 2 * QUIET) * scale;
  const rowBytes = Math.ceil(side / 8);
  // Filter byte 0 per row, then bits: 1 = white, 0 = black (grayscale); start all white.
  const raw = Buffer.alloc((rowBytes + 1) * side, 0xff);
  for (let y = 0; y < side; y++) raw[y * (rowBytes + 1)] = 0;
  for (let my = 0; my < qr.size; my++) {
    for (let mx = 0; mx < qr.size; mx++) {
      if (!qr.modules[my * qr.size + mx]) continue;
      for (let sy = 0; sy < scale; sy++) {
        const row = ((my + QUIET) * scale + sy) * (rowBytes + 1) + 1;
        for (let sx = 0; sx < scale; sx++) {
          const px = (mx + QUIET) * scale + sx;
          raw[row + (px >>> 3)] &= ~(0x80 >>> (px & 7));
        }
      }
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // grayscale
  return Buffer.concat([
    SIGNATURE,
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
