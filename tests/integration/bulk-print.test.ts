// @module-tag sql
// Issue 36: printing 10,000 stubs (the documented maximum) answers 200 with every page. The print's
// transaction (the stub counts, the print log, the audit row) lives within the job's limits: on a
// busy PostgreSQL it passed Prisma's 5 s interactive-transaction default and answered 500 (P2028).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { afterAll, expect, it } from "vitest";
import { POST as printRoute } from "@/app/api/print/stubs/route";
import { MAX_STUBS_PER_PRINT } from "@/lib/stubs/stub-layout";
import { db } from "@/server/db/client";
import { freshAdminAndStaff } from "@/tests/helpers/factories";
import { createSoldTickets } from "@/tests/helpers/sold-tickets";

const dir = mkdtempSync(path.join(tmpdir(), "bulk-print-"));

const users = freshAdminAndStaff();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it(
  `prints ${MAX_STUBS_PER_PRINT.toLocaleString("en-US")} stubs, A4 5-up: ` +
    `200, ${MAX_STUBS_PER_PRINT / 5} pages, every stub counted once`,
  async () => {
    expect(MAX_STUBS_PER_PRINT).toBe(10_000);
    await db().settings.update({ where: { id: 1 }, data: { maxTicketLimit: 99_999 } });
    await createSoldTickets(MAX_STUBS_PER_PRINT);
    const headers = new Headers({
      "content-type": "application/json",
      host: "localhost:3000",
      authorization: `Bearer ${users.admin.token}`,
    });
    const started = performance.now();
    const req = new NextRequest("http://localhost:3000/api/print/stubs", {
      method: "POST",
      headers,
      body: JSON.stringify({
        from: 1,
        to: MAX_STUBS_PER_PRINT,
        paper: "a4",
        layout: "5-up",
        order: "sequential",
        calibration: false,
      }),
    });
    const res = await printRoute(req, { params: Promise.resolve({}) });
    const firstByteMs = performance.now() - started;
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    const lastByteMs = performance.now() - started;
    const file = path.join(dir, "stubs.pdf");
    writeFileSync(file, bytes);
    expect(Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file]).toString())![1])).toBe(MAX_STUBS_PER_PRINT / 5);
    const [counts] = await db().$queryRaw<{ stubs: number; once: number; jobs: number; audits: number }[]>`
    SELECT (SELECT count(*)::int FROM ticket_stubs) AS stubs, (SELECT count(*)::int FROM ticket_stubs WHERE print_count
    = 1) AS once,
      (SELECT count(*)::int FROM print_jobs WHERE ticket_count = ${MAX_STUBS_PER_PRINT}) AS jobs,
      (SELECT count(*)::int FROM audit_log WHERE action = 'tickets.print') AS audits`;
    expect(counts).toEqual({ stubs: MAX_STUBS_PER_PRINT, once: MAX_STUBS_PER_PRINT, jobs: 1, audits: 1 });
    console.info(
      `[bulk-print] ${MAX_STUBS_PER_PRINT} stubs: first byte ${Math.round(firstByteMs)} ` +
        `ms, last byte ${Math.round(lastByteMs)} ms, ${bytes.length} bytes`,
    );
  },
  300_000,
);
