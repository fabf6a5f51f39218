// The close-out archive (issue 24, docs/decisions/131): one ZIP, streamed from the worker; every file's
// SHA-256 in the manifest matches, the manifest's Ed25519 signature verifies with public-key.pem,
// verify-draw.mjs in the unzipped draw folder exits 0, the download is recorded and lets Purge run.
// The PDFs inside are read back with poppler's pdftotext (required: the test fails without it), the
// summary's figures against a count over the tickets (docs/decisions/145); attachments only when
// asked (146).
import { execFile } from "node:child_process";
import { createHash, createPublicKey, randomBytes, verify } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { NextRequest } from "next/server";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { POST as commitRoute } from "@/app/api/draws/route";
import { POST as publishRoute } from "@/app/api/draws/[id]/publish/route";
import { POST as positionRoute } from "@/app/api/draws/[id]/positions/[n]/[action]/route";
import { POST as revealRoute } from "@/app/api/draws/[id]/reveal/route";
import { POST as postPrizeRoute } from "@/app/api/prizes/route";
import * as archiveModule from "@/app/api/raffle/archive.zip/route";
const archiveRoute = archiveModule.POST;
import { POST as closeSalesRoute } from "@/app/api/raffle/close-sales/route";
import { POST as closeRoute } from "@/app/api/raffle/close/route";
import { POST as purgeRoute } from "@/app/api/raffle/purge/route";
import { GET as certificatePdfRoute } from "@/app/api/draws/[id]/certificate.pdf/route";
import { POST as voidRoute } from "@/app/api/tickets/[id]/void/route";
import { restoreCell } from "@/lib/csv/ticket-csv";
import { maskName } from "@/lib/mask";
import { formatCentavos, amountToCentavos } from "@/lib/money";
import { db } from "@/server/db/client";
import { createCookieUser } from "@/tests/helpers/auth";
import { freshAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";
import { createSoldTickets } from "@/tests/helpers/sold-tickets";

const run = promisify(execFile);
const ATTACHMENT = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), randomBytes(700 * 1024)]);

const users = freshAdminAndStaff();

const DICE = "35126443526115623416";
const post = (
  handler: Parameters<typeof callRoute>[0],
  p: string,
  body: unknown,
  params: Record<string, string> = {},
) => callRoute(handler, { method: "POST", path: p, body, params, token: users.admin.token });

const PDFTOTEXT = "/usr/bin/pdftotext";

/** A PDF's text as poppler reads it (layout kept, so a label and its figure share a line). */
async function pdfText(file: string) {
  expect(existsSync(PDFTOTEXT), "poppler-utils' pdftotext is required to read the archive's PDFs").toBe(true);
  return (await run(PDFTOTEXT, ["-layout", file, "-"])).stdout;
}

async function pdfPages(file: string) {
  const { stdout } = await run("/usr/bin/pdfinfo", [file]);
  return Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1]);
}

async function download(token: string, query = "") {
  const req = new NextRequest(new URL(`/api/raffle/archive.zip${query}`, "http://localhost:3000"), {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, host: "localhost:3000" },
  });
  const res = await archiveRoute(req, { params: Promise.resolve({}) });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** Unzips a downloaded archive; returns the folder. */
async function unzipped(bytes: Buffer) {
  const dir = await mkdtemp(path.join(tmpdir(), "raffle-archive-"));
  await writeFile(path.join(dir, "archive.zip"), bytes);
  await run("unzip", ["-q", "archive.zip", "-d", "out"], { cwd: dir });
  return path.join(dir, "out");
}

/** Every file's SHA-256 and size equal its manifest entry, and nothing is unlisted; returns the names. */
async function checkManifest(out: string) {
  const manifest = JSON.parse(await readFile(path.join(out, "manifest.json"), "utf8"));
  const names = Object.keys(manifest.files).sort();
  for (const name of names) {
    const bytes = await readFile(path.join(out, name));
    expect(createHash("sha256").update(bytes).digest("hex"), name).toBe(manifest.files[name].sha256);
    expect(bytes.length, name).toBe(manifest.files[name].bytes);
  }
  const listed = (await readdir(out, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;
  expect(listed).toBe(names.length + 2);
  return names;
}

/** 30 sold (5 voided later), a gap, 3 unsold, an attachment of 700 KB (more than one slice). */
async function closedRaffle() {
  await createSoldTickets(30);
  await createSoldTickets(4, 41);
  await db().$executeRaw`
    INSERT INTO tickets (id, control_number, ticket_number, payment_method, amount, creator_email)
    SELECT gen_random_uuid(), 'B2K-123-' || lpad(n::text, 5, '0'), n, 'cash', 50, 'staff@example.com' FROM
    generate_series(45, 47) n`;
  await db()
    .$executeRaw`UPDATE tickets SET buyer_name = '=HYPERLINK("x")', email = 'b@example.com' WHERE ticket_number = 3`;
  const [five] = await db().$queryRaw<{ id: string }[]>`SELECT id::text FROM tickets WHERE ticket_number = 5`;
  expect((await post(voidRoute, `/api/tickets/${five.id}/void`, { reason: "lost_stub" }, { id: five.id })).status).toBe(
    200,
  );
  const [two] = await db().$queryRaw<{ id: string }[]>`SELECT id::text FROM tickets WHERE ticket_number = 2`;
  await db().$executeRaw`INSERT INTO ticket_attachments (id, ticket_id, file_name, file_size, content_type, data)
    VALUES (gen_random_uuid(), ${two.id}::uuid, 'gcash receipt.png', ${ATTACHMENT.length}, 'image/png', ${ATTACHMENT})`;
  expect(
    (await post(postPrizeRoute, "/api/prizes", { rank: 1, name: "Motorcycle", valuePhp: 80000, backups: 1 })).status,
  ).toBe(201);
  expect((await post(closeSalesRoute, "/api/raffle/close-sales", { overrides: [] })).status).toBe(200);
  const id = (await post(commitRoute, "/api/draws", { source: { type: "dice", count: 20 } })).json.id as string;
  expect(
    (
      await post(
        revealRoute,
        `/api/draws/${id}/reveal`,
        { outsideValue: DICE, outsideValueConfirm: DICE, witnesses: ["Pedro Penduko"] },
        { id },
      )
    ).status,
  ).toBe(200);
  expect(
    (await post(positionRoute, `/api/draws/${id}/positions/1/notify`, {}, { id, n: "1", action: "notify" })).status,
  ).toBe(200);
  expect((await post(publishRoute, `/api/draws/${id}/publish`, undefined, { id })).status).toBe(200);
  expect(
    (await post(positionRoute, `/api/draws/${id}/positions/1/claim`, {}, { id, n: "1", action: "claim" })).status,
  ).toBe(200);
  const closed = await post(closeRoute, "/api/raffle/close", { confirm: "CLOSE" });
  expect(closed.status, JSON.stringify(closed.json)).toBe(200);
}

describe("POST /api/raffle/archive.zip", () => {
  it("is one signed, self-verifying ZIP; recorded once sent; Purge then runs", async () => {
    await closedRaffle();
    expect((await download(users.staff.token)).status).toBe(403);
    const res = await download(users.admin.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    const out = await unzipped(res.bytes);
    const manifestBytes = await readFile(path.join(out, "manifest.json"));
    const manifest = JSON.parse(manifestBytes.toString("utf8"));
    expect(manifest).toMatchObject({
      format: "raffle-archive-v1",
      raffleStatus: "closed",
      appVersion: expect.any(String),
    });
    const names = await checkManifest(out);
    expect(names).toEqual(
      [
        "README.txt",
        "allocations.csv",
        "audit-log-chain.txt",
        "audit-log.csv",
        "audit-log.jsonl",
        "draw-1/certificate.json",
        "draw-1/certificate.pdf",
        "draw-1/pool.csv",
        "draw-1/verify-draw.mjs",
        "payments.csv",
        "public-key.pem",
        "remittance-adjustments.csv",
        "remittances.csv",
        "reports/remittance-report.pdf",
        "reports/settled-by-hand.csv",
        "reports/summary.pdf",
        "reports/voided-numbers.csv",
        "reports/winners-public.csv",
        "reports/winners.csv",
        "statement-lines.csv",
        "tickets.csv",
        "verify-archive.mjs",
      ].sort(),
    );
    const signature = Buffer.from((await readFile(path.join(out, "manifest.sig"), "utf8")).trim(), "base64");
    const publicKey = createPublicKey(await readFile(path.join(out, "public-key.pem"), "utf8"));
    expect(verify(null, manifestBytes, publicKey, signature)).toBe(true);
    expect(verify(null, Buffer.concat([manifestBytes, Buffer.from(" ")]), publicKey, signature)).toBe(false);

    const { stdout } = await run(process.execPath, ["verify-draw.mjs", "certificate.json", "pool.csv"], {
      cwd: path.join(out, "draw-1"),
    });
    expect(stdout).toMatch(/OK|ok|✓/);

    const tickets = await readFile(path.join(out, "tickets.csv"), "utf8");
    expect(tickets.startsWith("\uFEFFid,control_number,ticket_number,buyer_name")).toBe(true);
    expect(tickets.split("\r\n").filter(Boolean)).toHaveLength(38);
    expect(tickets).toContain(`"'=HYPERLINK(""x"")"`);
    const winners = (await readFile(path.join(out, "reports/winners.csv"), "utf8")).split("\r\n");
    expect(winners[0]).toBe(
      "\uFEFFdraw_number,position,prize_rank,prize_name,role,control_number,buyer_name,latest_event",
    );
    expect(winners[1]).toMatch(/^1,1,1,Motorcycle,winner,B2K-123-\d{5},.+,claimed$/);
    // The public list beside it (issue 37): the same rows, each name masked by lib/mask.ts.
    const publicWinners = (await readFile(path.join(out, "reports/winners-public.csv"), "utf8")).split("\r\n");
    expect(publicWinners[0]).toBe(
      "\uFEFFdraw_number,position,prize_rank,prize_name,role,control_number,buyer_name_masked,latest_event",
    );
    expect(publicWinners.length).toBe(winners.length);
    // Read as CSV (the winner may be the ticket whose buyer is a formula: quoted, and guarded with ').
    const [winner] = Papa.parse<string[]>(winners[1]).data;
    const [shown] = Papa.parse<string[]>(publicWinners[1]).data;
    expect([...shown.slice(0, 6), shown[7]]).toEqual([...winner.slice(0, 6), winner[7]]);
    expect(restoreCell(shown[6])).toBe(maskName(restoreCell(winner[6])));
    expect(restoreCell(shown[6])).toMatch(/^\S\*\*\*( \S\*\*\*)*$/);
    const jsonl = (await readFile(path.join(out, "audit-log.jsonl"), "utf8"))
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(jsonl.map((r) => r.action)).toContain("raffle.close");

    // Recorded with the ZIP's own hash and size, and audited.
    let archive = null;
    for (let i = 0; i < 50 && !archive; i++) {
      archive = await db().raffleArchive.findFirst();
      if (!archive) await new Promise((r) => setTimeout(r, 100));
    }
    expect(archive).toMatchObject({
      sha256: createHash("sha256").update(res.bytes).digest("hex"),
      raffleStatus: "closed",
    });
    expect(Number(archive!.sizeBytes)).toBe(res.bytes.length);
    expect(await db().auditLog.count({ where: { action: "raffle.archive" } })).toBe(1);

    const purged = await post(purgeRoute, "/api/raffle/purge", { confirm: "PURGE" });
    expect(purged.status, JSON.stringify(purged.json)).toBe(200);
    expect(purged.json.counts.tickets).toBe(34);
  });

  it(
    "holds the certificate, the remittance report and a " + "one-page summary whose figures are the tickets' own",
    async () => {
      await closedRaffle();
      const out = await unzipped((await download(users.admin.token)).bytes);

      // The certificate is the Minutes of the Draw from the same renderer and data as certificate.pdf.
      const certificate = JSON.parse(await readFile(path.join(out, "draw-1/certificate.json"), "utf8"));
      const minutes = await pdfText(path.join(out, "draw-1/certificate.pdf"));
      expect(minutes).toContain("Draw 1: Minutes of the Draw");
      expect(minutes).toContain(certificate.sequence[0].controlNumber);
      expect(minutes.replace(/\s+/g, "")).toContain(certificate.poolHash);
      // Signed once: the PDF shows certificate.json's own signature.
      expect(minutes.replace(/\s+/g, "")).toContain(certificate.signature);
      const drawId = certificate.drawId as string;
      const req = new NextRequest(new URL(`/api/draws/${drawId}/certificate.pdf`, "http://localhost:3000"), {
        headers: { authorization: `Bearer ${users.admin.token}`, host: "localhost:3000" },
      });
      const served = await certificatePdfRoute(req, { params: Promise.resolve({ id: drawId }) });
      expect(served.status).toBe(200);
      const servedFile = path.join(out, "..", "served-certificate.pdf");
      await writeFile(servedFile, Buffer.from(await served.arrayBuffer()));
      // The same document but for the moment of signing (each request signs afresh).
      const unsigned = (text: string) => text.replace(/Issued at[\s\S]*?Signed/, "");
      expect(unsigned(minutes)).toBe(unsigned(await pdfText(servedFile)));

      const report = await pdfText(path.join(out, "reports/remittance-report.pdf"));
      expect(report).toContain("Remittance report: all sellers");

      const summaryFile = path.join(out, "reports/summary.pdf");
      expect(await pdfPages(summaryFile)).toBe(1);
      const summary = await pdfText(summaryFile);
      const [counted] = await db().$queryRaw<
        { issued: number; sold: number; voided: number; unsold: number; gross: string }[]
      >`
      SELECT count(*)::int AS issued, count(*) FILTER (WHERE registered_at IS NOT NULL AND voided_at IS NULL)::int AS
      sold,
        count(*) FILTER (WHERE voided_at IS NOT NULL)::int AS voided, count(*) FILTER (WHERE registered_at IS NULL AND
      voided_at IS NULL)::int AS unsold,
        coalesce(sum(amount) FILTER (WHERE registered_at IS NOT NULL AND voided_at IS NULL), 0)::text AS gross FROM
      tickets`;
      expect(counted).toEqual({ issued: 37, sold: 33, voided: 1, unsold: 3, gross: "1650.00" });
      const figure = (label: string) => new RegExp(`^\\s*${label}\\s+(\\S+)\\s*$`, "m").exec(summary)?.[1];
      expect(figure("Tickets issued")).toBe(String(counted.issued));
      expect(figure("Tickets sold")).toBe(String(counted.sold));
      expect(figure("Tickets voided")).toBe(String(counted.voided));
      expect(figure("Tickets unsold")).toBe(String(counted.unsold));
      expect(figure("Gross from tickets sold")).toBe(formatCentavos(amountToCentavos(counted.gross)));
      // Two runs of numbers: 1–30 and 41–47.
      expect(summary).toContain("B2K-123-00001 to B2K-123-00030 (numbers 1–30, 30 tickets)");
      expect(summary).toContain("B2K-123-00041 to B2K-123-00047 (numbers 41–47, 7 tickets)");
      const winner = certificate.sequence.find((s: { role: string }) => s.role === "winner").controlNumber;
      expect(summary).toMatch(new RegExp(`1\\.\\s+Motorcycle\\s+₱80,000\\.00\\s+—\\s+${winner}, Claimed`));
      expect(figure("Total value of prizes")).toBe("₱80,000.00");
    },
  );

  it("holds the attachments only when asked, with a warning in README.txt", async () => {
    await closedRaffle();
    expect((await download(users.admin.token, "?attachments=maybe")).status).toBe(400);

    const without = await unzipped((await download(users.admin.token)).bytes);
    expect((await checkManifest(without)).filter((n) => n.startsWith("attachments/"))).toEqual([]);
    expect(await readFile(path.join(without, "README.txt"), "utf8")).not.toContain("PERSONAL DATA");

    const withFiles = await unzipped((await download(users.admin.token, "?attachments=1")).bytes);
    const names = await checkManifest(withFiles);
    const [attachment] = await db().$queryRaw<{ id: string }[]>`SELECT id::text FROM ticket_attachments`;
    expect(names.filter((n) => n.startsWith("attachments/"))).toEqual([
      `attachments/tickets/B2K-123-00002/${attachment.id}-gcash receipt.png`,
    ]);
    expect(
      (
        await readFile(path.join(withFiles, `attachments/tickets/B2K-123-00002/${attachment.id}-gcash receipt.png`))
      ).equals(ATTACHMENT),
    ).toBe(true);
    expect(await readFile(path.join(withFiles, "README.txt"), "utf8")).toContain("THEY HOLD PERSONAL DATA");

    let rows: { after: unknown }[] = [];
    for (let i = 0; i < 50 && rows.length < 2; i++) {
      rows = await db().auditLog.findMany({
        where: { action: "raffle.archive" },
        orderBy: { id: "asc" },
        select: { after: true },
      });
      if (rows.length < 2) await new Promise((r) => setTimeout(r, 100));
    }
    expect(rows.map((r) => (r.after as { includeAttachments: boolean }).includeAttachments)).toEqual([false, true]);
  });

  it(
    "holds every audit row in one entry per file: 25,000 rows counted back " +
      "out by unzip, the manifest hashing each entry's bytes",
    async () => {
      await db().$executeRaw`
      INSERT INTO audit_log (actor_email, action, entity_type, entity_id, after)
      SELECT 'bulk@example.com', 'ticket.register', 'ticket', n::text, jsonb_build_object('n', n) FROM
      generate_series(1, 25000) n`;
      const total = await db().auditLog.count();
      expect(total).toBeGreaterThanOrEqual(25000);
      const res = await download(users.admin.token);
      expect(res.status).toBe(200);
      const dir = await mkdtemp(path.join(tmpdir(), "raffle-archive-"));
      const zip = path.join(dir, "archive.zip");
      await writeFile(zip, res.bytes);
      // Info-ZIP's own listing: every entry, repeats included.
      const listed = (await run("unzip", ["-Z1", zip])).stdout.split("\n").filter(Boolean);
      expect(listed.length).toBeGreaterThan(10);
      expect(
        listed.filter((name, i) => listed.indexOf(name) !== i),
        "repeated entry names",
      ).toEqual([]);
      const entry = async (name: string) =>
        (await run("unzip", ["-p", zip, name], { encoding: "buffer", maxBuffer: 256 * 1024 * 1024 })).stdout as Buffer;
      const csv = (await entry("audit-log.csv")).toString("utf8");
      const parsed = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ""), { skipEmptyLines: true });
      expect(parsed.data.length - 1).toBe(total);
      expect(new Set(parsed.data.slice(1).map((r) => r[0])).size).toBe(total);
      const jsonl = (await entry("audit-log.jsonl")).toString("utf8").trim().split("\n");
      expect(jsonl).toHaveLength(total);
      expect(new Set(jsonl.map((l) => JSON.parse(l).id)).size).toBe(total);
      const manifest = JSON.parse((await entry("manifest.json")).toString("utf8"));
      expect(Object.keys(manifest.files).sort()).toEqual(
        listed.filter((n) => n !== "manifest.json" && n !== "manifest.sig").sort(),
      );
      for (const name of Object.keys(manifest.files)) {
        const bytes = await entry(name);
        expect(createHash("sha256").update(bytes).digest("hex"), name).toBe(manifest.files[name].sha256);
        expect(bytes.length, name).toBe(manifest.files[name].bytes);
      }
    },
    120_000,
  );

  it(
    "is a POST: a cross-site request with the admin's cookie is refused " +
      "and not recorded; a same-origin one counts for Purge",
    async () => {
      await closedRaffle();
      const cookieAdmin = await createCookieUser({ isAdmin: true });
      // No GET at all: a page navigation (cookie, no Origin) cannot take it.
      expect("GET" in archiveModule).toBe(false);
      const attempt = async (headers: Record<string, string>) => {
        const req = new NextRequest(new URL("/api/raffle/archive.zip", "http://localhost:3000"), {
          method: "POST",
          headers: { host: "localhost:3000", cookie: cookieAdmin.cookie, ...headers },
        });
        const res = await archiveRoute(req, { params: Promise.resolve({}) });
        return {
          status: res.status,
          body: res.headers.get("content-type")?.includes("json")
            ? await res.json()
            : Buffer.from(await res.arrayBuffer()),
        };
      };
      const refused: Record<string, string>[] = [
        {}, // a form from anywhere without Origin
        { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
        // The browser's word wins over a matching Origin.
        { origin: "http://localhost:3000", "sec-fetch-site": "cross-site" },
        { origin: "http://localhost:3000", "sec-fetch-site": "same-site" },
      ];
      for (const headers of refused) {
        const res = await attempt(headers);
        expect(res.status, JSON.stringify(headers)).toBe(403);
        expect(res.body).toMatchObject({ code: "bad_origin" });
      }
      await new Promise((r) => setTimeout(r, 300));
      expect(await db().raffleArchive.count()).toBe(0);
      expect((await post(purgeRoute, "/api/raffle/purge", { confirm: "PURGE" })).status).toBe(409);

      const ok = await attempt({ origin: "http://localhost:3000", "sec-fetch-site": "same-origin" });
      expect(ok.status).toBe(200);
      let recorded = 0;
      for (let i = 0; i < 50 && !recorded; i++) {
        recorded = await db().raffleArchive.count();
        if (!recorded) await new Promise((r) => setTimeout(r, 100));
      }
      expect(recorded).toBe(1);
      expect((await post(purgeRoute, "/api/raffle/purge", { confirm: "PURGE" })).status).toBe(200);
    },
  );

  it(
    "carries the audit log's hash chain; verify-archive.mjs passes it, " +
      "and fails a row rewritten behind the triggers' back",
    async () => {
      await closedRaffle();
      const out = await unzipped((await download(users.admin.token)).bytes);
      const good = await run(process.execPath, ["verify-archive.mjs", "."], { cwd: out });
      expect(good.stdout).toContain("ok   audit log hash chain");
      expect(good.stdout).toContain("All checks passed");
      // What a role that owns the table can do (a single-role install): the triggers set aside, a row changed.
      const [row] = await db().$queryRaw<{ id: bigint }[]>`SELECT id FROM audit_log WHERE action = 'ticket.void'`;
      await db().$executeRawUnsafe(`ALTER TABLE audit_log DISABLE TRIGGER USER`);
      await db().$executeRaw`UPDATE audit_log SET actor_email = 'someone-else@example.com' WHERE id = ${row.id}`;
      await db().$executeRawUnsafe(`ALTER TABLE audit_log ENABLE TRIGGER USER`);
      const tampered = await unzipped((await download(users.admin.token)).bytes);
      const bad = await run(process.execPath, ["verify-archive.mjs", "."], { cwd: tampered }).then(
        () => null,
        (error: { code: number; stdout: string }) => error,
      );
      expect(bad?.code).toBe(1);
      expect(bad?.stdout).toContain(`FAIL audit log hash chain (row ${row.id} (line `);
      expect(bad?.stdout).toContain("The archive does NOT check out.");
      // A file changed after signing fails too.
      await writeFile(path.join(out, "tickets.csv"), "changed");
      await expect(run(process.execPath, ["verify-archive.mjs", "."], { cwd: out })).rejects.toMatchObject({ code: 1 });
    },
  );
});
