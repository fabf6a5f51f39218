// Issue 22: POST /api/print/stubs and GET /api/print/jobs against a real database, with the PDF
// rendered in a real worker thread and read back the way a person's tools read it: pdftotext for
// the text, pdftoppm + zbarimg for every QR code (poppler-utils and zbar-tools, installed by
// .ci/run), each verify QR's URL answered by the verify page.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as customRange } from "@/app/api/tickets/admin/generate-custom-range/route";
import { PUT as register } from "@/app/api/tickets/register/[controlNumber]/route";
import { POST as voidTicket } from "@/app/api/tickets/[id]/void/route";
import { POST as replaceQr } from "@/app/api/tickets/[id]/qr/replace/route";
import { GET as printJobsRoute } from "@/app/api/print/jobs/route";
import { POST as printRoute } from "@/app/api/print/stubs/route";
import { GET as verifyPage } from "@/app/v/[token]/route";
import { printJobsResponseSchema } from "@/lib/schemas/stubs";
import { db, sql } from "@/server/db/client";
import { resetVerifyRateLimit } from "@/server/public/verify-rate-limit";
import { resetDb } from "@/tests/helpers/db";
import { createAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";

let admin: Awaited<ReturnType<typeof createAdminAndStaff>>["admin"];
let staff: Awaited<ReturnType<typeof createAdminAndStaff>>["staff"];
let tickets: { id: string; control_number: string; ticket_number: number }[];
const dir = mkdtempSync(path.join(tmpdir(), "stubs-"));

beforeAll(async () => {
  await resetDb();
  ({ admin, staff } = await createAdminAndStaff());
  await db().settings.update({
    where: { id: 1 },
    data: {
      siteName: "Batch 2000 Homecoming Raffle",
      ticketPrice: 50,
      permitNumber: "FTEB-12345 Series of 2026",
      drawAt: "2026-12-20T15:00",
      venue: "Peñaflor Covered Court",
    },
  });
  // The draw's prize table (issue 23): the buyer's ticket lists the prizes by rank.
  await db().prize.createMany({
    data: [
      { rank: 2, name: "Rice cooker", valuePhp: 2500 },
      { rank: 1, name: "Motorcycle", valuePhp: 80000 },
    ],
  });
  const made = await callRoute(customRange, {
    method: "POST",
    path: "/api/tickets/admin/generate-custom-range",
    body: { startRange: 1, endRange: 12, userId: "x" },
    token: admin.token,
  });
  expect(made.status, JSON.stringify(made.json)).toBe(201);
  tickets = made.json.tickets;
  const sold = await callRoute(register, {
    method: "PUT",
    path: `/api/tickets/register/${tickets[1].control_number}`,
    params: { controlNumber: tickets[1].control_number },
    body: { buyerName: "Maria Peñaflor", phoneNumber: "09171234567" },
    token: staff.token,
  });
  expect(sold.status, JSON.stringify(sold.json)).toBe(200);
  const voided = await callRoute(voidTicket, {
    method: "POST",
    path: `/api/tickets/${tickets[11].id}/void`,
    params: { id: tickets[11].id },
    body: { reason: "spoiled_misprint" },
    token: admin.token,
  });
  expect(voided.status, JSON.stringify(voided.json)).toBe(200);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeEach(() => resetVerifyRateLimit());

function printRequest(body: unknown, token = admin.token, signal?: AbortSignal) {
  const headers = new Headers({
    "content-type": "application/json",
    host: "localhost:3000",
    authorization: `Bearer ${token}`,
  });
  const req = new NextRequest("http://localhost:3000/api/print/stubs", {
    method: "POST",
    headers,
    body: JSON.stringify(body),
    signal,
  });
  return printRoute(req, { params: Promise.resolve({}) });
}

async function print(body: unknown) {
  const res = await printRequest(body);
  const bytes = Buffer.from(await res.arrayBuffer());
  return { res, bytes };
}

function pdfText(bytes: Buffer, name: string) {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, bytes);
  const info = execFileSync("pdfinfo", [file]).toString();
  return {
    file,
    pages: Number(/Pages:\s+(\d+)/.exec(info)![1]),
    text: execFileSync("pdftotext", ["-layout", file, "-"]).toString(),
  };
}

/** Every QR code on every page, read by zbarimg from a 300 dpi raster. */
function qrCodes(file: string): string[] {
  const prefix = `${file}-r`;
  execFileSync("pdftoppm", ["-r", "300", "-gray", "-png", file, prefix]);
  const images = readdirSync(dir)
    .filter((f) => f.startsWith(path.basename(prefix)))
    .map((f) => path.join(dir, f));
  return images.flatMap((image) => {
    try {
      return execFileSync("zbarimg", ["-q", "--raw", "-Sdisable", "-Sqrcode.enable", image], {
        stdio: ["ignore", "pipe", "ignore"],
      })
        .toString()
        .split("\n")
        .filter(Boolean);
    } catch {
      return [];
    }
  });
}

async function waitForDigest(id: string) {
  for (let i = 0; i < 100; i++) {
    const [row] = await sql<{ sha256: string | null }>(`SELECT sha256 FROM print_jobs WHERE id = $1::uuid`, [id]);
    if (row?.sha256) return row.sha256;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("no digest recorded");
}

describe("POST /api/print/stubs", () => {
  it(
    "streams a PDF whose text, pages and QR codes are right, logs it " +
      "with the digest of the bytes sent, and audits it",
    async () => {
      const { res, bytes } = await print({
        from: "00001",
        to: 12,
        paper: "a4",
        layout: "5-up",
        order: "sequential",
        calibration: true,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(res.headers.get("content-disposition")).toBe('attachment; filename="stubs-00001-00011.pdf"');
      expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
      expect(bytes.toString("latin1")).toContain("/PrintScaling /None");
      const { file, pages, text } = pdfText(bytes, "first");
      // 11 tickets (the voided one is left out), 5 a page, after the calibration page.
      expect(pages).toBe(1 + 3);
      expect(text).toContain("Print at Actual size / 100%");
      for (const t of tickets.slice(0, 11)) expect(text).toContain(t.control_number);
      expect(text).not.toContain(tickets[11].control_number);
      expect(text).toContain("₱50.00");
      // The parts every stub shares are drawn once (a form XObject) and placed on every row.
      const count = (needle: string) => text.split(needle).length - 1;
      expect(count("Price ₱50.00")).toBe(11);
      expect(count("Buyer's signature")).toBe(11);
      expect(count("Permit No. FTEB-12345 Series of 2026")).toBe(11);
      expect(count("Verify code")).toBe(11);
      expect(count("Prizes: 1st Motorcycle · 2nd Rice cooker")).toBe(11);
      expect(text).toContain("Peñaflor Covered Court");
      expect(text).toContain("Maria Peñaflor");
      expect(text).toContain("Permit No. FTEB-12345 Series of 2026");
      expect(text).not.toContain("REPRINT");

      const codes = qrCodes(file);
      const counterfoils = codes.filter((c) => !c.startsWith("HTTP"));
      const verifyUrls = codes.filter((c) => c.startsWith("HTTP://LOCALHOST:3000/V/"));
      expect(counterfoils.sort()).toEqual(
        tickets
          .slice(0, 11)
          .map((t) => t.control_number)
          .sort(),
      );
      expect(verifyUrls).toHaveLength(11);
      for (const url of verifyUrls) {
        const token = url.slice(url.lastIndexOf("/") + 1);
        const page = await callRoute(verifyPage, { path: `/v/${token}`, params: { token } });
        expect(page.status, url).toBe(200);
      }

      const log = await callRoute(printJobsRoute, { path: "/api/print/jobs", token: admin.token });
      expect(log.status).toBe(200);
      const parsed = printJobsResponseSchema.parse(log.json);
      const job = parsed.jobs[0];
      expect(job).toMatchObject({
        requestedBy: "admin@example.com",
        paper: "a4",
        layout: "5-up",
        order: "sequential",
        from: 1,
        to: 11,
        ticketCount: 11,
        reprintCount: 0,
        calibration: true,
      });
      expect(await waitForDigest(job.id)).toBe(createHash("sha256").update(bytes).digest("hex"));
      const audit = await db().auditLog.findFirst({ where: { action: "tickets.print", entityId: job.id } });
      expect(audit?.after).toMatchObject({ ticket_count: 11, reprint_count: 0, numbers: [[1, 11]] });
      const counts = await sql<{ n: number; c: number }>(
        `SELECT ticket_number AS n, print_count AS c FROM ticket_stubs ORDER BY 1`,
      );
      expect(counts.map((r) => r.c)).toEqual(Array(11).fill(1));
    },
  );

  it("marks a reprint 'REPRINT 2' and keeps its verify code; a replaced code prints the new one", async () => {
    const first = pdfText((await print({ ticketIds: [tickets[2].id] })).bytes, "r1");
    const second = pdfText((await print({ ticketIds: [tickets[2].id] })).bytes, "r2");
    // Printed once already with the whole range: this is its 2nd and 3rd print.
    expect(first.text).toContain("REPRINT 2");
    expect(second.text).toContain("REPRINT 3");
    const code = (text: string) => /([0-9A-Z]{3}-[0-9A-Z]{3})\s*$/m.exec(text.split("Verify code")[1] ?? "")?.[1];
    expect(code(second.text)).toBe(code(first.text));
    const replaced = await callRoute(replaceQr, {
      method: "POST",
      path: `/api/tickets/${tickets[2].id}/qr/replace`,
      params: { id: tickets[2].id },
      body: { reason: "Stub lost at the parish fair" },
      token: admin.token,
    });
    expect(replaced.status, JSON.stringify(replaced.json)).toBe(200);
    const third = pdfText((await print({ ticketIds: [tickets[2].id] })).bytes, "r3");
    expect(code(third.text)).not.toBe(code(first.text));
  });

  it("lays cut-stack pages so that each position's pile is consecutive", async () => {
    // 10 tickets (1-10), 5 a page: P = 2; page 1 holds tickets 1, 3, 5, 7, 9.
    const { bytes } = await print({ from: 1, to: 10, order: "cut-stack" });
    const file = path.join(dir, "cut.pdf");
    writeFileSync(file, bytes);
    const page1 = execFileSync("pdftotext", ["-f", "1", "-l", "1", file, "-"]).toString();
    const onPage1 = tickets
      .slice(0, 10)
      .filter((t) => page1.includes(t.control_number))
      .map((t) => t.ticket_number);
    expect(onPage1).toEqual([1, 3, 5, 7, 9]);
  });

  it("prints 10 a page on Letter", async () => {
    const { res, bytes } = await print({ from: 1, to: 11, paper: "letter", layout: "10-up" });
    expect(res.status).toBe(200);
    const { pages, file } = pdfText(bytes, "letter");
    expect(pages).toBe(2);
    expect(execFileSync("pdfinfo", [file]).toString()).toMatch(/Page size:\s+612 x 792/);
  });

  it("prints the Tickets list's current filter (the list's own conditions) and selected rows", async () => {
    // The filter: registered tickets matching 'peñaflor' (the list's search, case-insensitive).
    const { res, bytes } = await print({ filter: { search: "peñaflor", status: "registered", payment: "all" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="stubs-00002.pdf"');
    const filtered = pdfText(bytes, "filter");
    expect(filtered.pages).toBe(1);
    expect(tickets.filter((t) => filtered.text.includes(t.control_number)).map((t) => t.ticket_number)).toEqual([2]);
    expect(filtered.text).toContain("Maria Peñaflor");
    const log = printJobsResponseSchema.parse(
      (await callRoute(printJobsRoute, { path: "/api/print/jobs", token: admin.token })).json,
    );
    expect(log.jobs[0]).toMatchObject({ from: 2, to: 2, ticketCount: 1 });
    const job = await db().printJob.findUniqueOrThrow({ where: { id: log.jobs[0].id }, select: { selector: true } });
    expect(job.selector).toEqual({ filter: { search: "peñaflor", status: "registered" }, numbers: [[2, 2]] });

    // The unregistered filter: every unregistered ticket but the voided one (ticket 12).
    const unregistered = pdfText((await print({ filter: { status: "unregistered" } })).bytes, "unregistered");
    expect(tickets.filter((t) => unregistered.text.includes(t.control_number)).map((t) => t.ticket_number)).toEqual([
      1, 3, 4, 5, 6, 7, 8, 9, 10, 11,
    ]);

    // Selected rows: exactly those tickets, in number order.
    const picked = pdfText((await print({ ticketIds: [tickets[7].id, tickets[3].id] })).bytes, "picked");
    expect(tickets.filter((t) => picked.text.includes(t.control_number)).map((t) => t.ticket_number)).toEqual([4, 8]);
  });

  it("refuses bad bodies with the schema's messages, and staff", async () => {
    const bad = async (body: unknown) => {
      const res = await printRequest(body);
      return { status: res.status, json: await res.json() };
    };
    expect(await bad({ from: 5, to: 1 })).toMatchObject({ status: 400, json: { code: "validation_failed" } });
    expect(await bad({ from: "42", to: 50 })).toMatchObject({ status: 400 });
    expect(await bad({})).toMatchObject({ status: 400 });
    expect(await bad({ from: 1, to: 2, ticketIds: [tickets[0].id] })).toMatchObject({ status: 400 });
    expect(await bad({ from: 1, to: 2, filter: {} })).toMatchObject({ status: 400 });
    expect(await bad({ filter: { status: "sold" } })).toMatchObject({
      status: 400,
      json: { message: "status must be one of all, registered, unregistered" },
    });
    expect(await bad({ filter: { search: "x", limit: 5 } })).toMatchObject({ status: 400 });
    expect(await bad({ filter: { search: "no such buyer anywhere" } })).toMatchObject({ status: 404 });
    expect(await bad({ from: 1, to: 2, layout: "3-up" })).toMatchObject({ status: 400 });
    expect(await bad({ from: 90000, to: 90010 })).toMatchObject({ status: 404 });
    const asStaff = await printRequest({ from: 1, to: 2 }, staff.token);
    expect(asStaff.status).toBe(403);
  });

  it("answers 429 with Retry-After while another print runs on this instance", async () => {
    const firstRes = await printRequest({ from: 1, to: 11 });
    expect(firstRes.status).toBe(200);
    const second = await printRequest({ from: 1, to: 2 });
    expect(second.status).toBe(429);
    expect(second.headers.get("retry-after")).toBe("10");
    expect((await second.json()).code).toBe("job_busy");
    await firstRes.arrayBuffer();
  });

  it("refuses more than 10,000 existing tickets with 413 too_many_tickets, counting tickets, not numbers", async () => {
    await sql(
      `INSERT INTO tickets (id, control_number, ticket_number) SELECT gen_random_uuid(), ` +
        `'B2K-123-' || lpad(n::text, 5, '0'), n FROM generate_series(20001, 30001) AS n`,
    );
    const res = await printRequest({ from: 20001, to: 30001 });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      success: false,
      code: "too_many_tickets",
      message: "Print at most 10,000 tickets at a time; split the range",
    });
    // The same limit for a filter: every unregistered ticket is now over 10,000.
    const byFilter = await printRequest({ filter: { status: "unregistered" } });
    expect(byFilter.status).toBe(413);
    expect((await byFilter.json()).code).toBe("too_many_tickets");
    // A span wider than 10,000 numbers with fewer tickets in it is fine to ask for.
    const wide = await printRequest({ from: 1, to: 20002, layout: "10-up" });
    expect(wide.status).toBe(200);
    await wide.body?.cancel();
  });
});
