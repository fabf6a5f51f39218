// The close-out archive (issue 24, docs/decisions/131): one ZIP, streamed from the worker; every file's
// SHA-256 in the manifest matches, the manifest's Ed25519 signature verifies with public-key.pem,
// verify-draw.mjs in the unzipped draw folder exits 0, the download is recorded and lets Purge run.
import { execFile } from "node:child_process";
import { createHash, createPublicKey, verify } from "node:crypto";
import { mkdtemp, readFile, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { NextRequest } from "next/server";
import { beforeEach, describe, expect, it } from "vitest";
import { POST as commitRoute } from "@/app/api/draws/route";
import { POST as publishRoute } from "@/app/api/draws/[id]/publish/route";
import { POST as positionRoute } from "@/app/api/draws/[id]/positions/[n]/[action]/route";
import { POST as revealRoute } from "@/app/api/draws/[id]/reveal/route";
import { POST as postPrizeRoute } from "@/app/api/prizes/route";
import { GET as archiveRoute } from "@/app/api/raffle/archive.zip/route";
import { POST as closeSalesRoute } from "@/app/api/raffle/close-sales/route";
import { POST as closeRoute } from "@/app/api/raffle/close/route";
import { POST as purgeRoute } from "@/app/api/raffle/purge/route";
import { db } from "@/server/db/client";
import { resetDb } from "@/tests/helpers/db";
import { createAdminAndStaff, createSignedInUser } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";
import { createSoldTickets } from "@/tests/helpers/sold-tickets";

const run = promisify(execFile);
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let staff: Awaited<ReturnType<typeof createSignedInUser>>;

beforeEach(async () => {
  await resetDb();
  ({ admin, staff } = await createAdminAndStaff());
});

const DICE = "35126443526115623416";
const post = (handler: Parameters<typeof callRoute>[0], p: string, body: unknown, params: Record<string, string> = {}) =>
  callRoute(handler, { method: "POST", path: p, body, params, token: admin.token });

async function download(token: string) {
  const req = new NextRequest(new URL("/api/raffle/archive.zip", "http://localhost:3000"), { headers: { authorization: `Bearer ${token}`, host: "localhost:3000" } });
  const res = await archiveRoute(req, { params: Promise.resolve({}) });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function closedRaffle() {
  await createSoldTickets(30);
  await db().$executeRaw`UPDATE tickets SET buyer_name = '=HYPERLINK("x")', email = 'b@example.com' WHERE ticket_number = 3`;
  expect((await post(postPrizeRoute, "/api/prizes", { rank: 1, name: "Motorcycle", valuePhp: 80000, backups: 1 })).status).toBe(201);
  expect((await post(closeSalesRoute, "/api/raffle/close-sales", { overrides: [] })).status).toBe(200);
  const id = (await post(commitRoute, "/api/draws", { source: { type: "dice", count: 20 } })).json.id as string;
  expect((await post(revealRoute, `/api/draws/${id}/reveal`, { outsideValue: DICE, outsideValueConfirm: DICE, witnesses: ["Pedro Penduko"] }, { id })).status).toBe(200);
  expect((await post(positionRoute, `/api/draws/${id}/positions/1/notify`, {}, { id, n: "1", action: "notify" })).status).toBe(200);
  expect((await post(publishRoute, `/api/draws/${id}/publish`, undefined, { id })).status).toBe(200);
  expect((await post(positionRoute, `/api/draws/${id}/positions/1/claim`, {}, { id, n: "1", action: "claim" })).status).toBe(200);
  const closed = await post(closeRoute, "/api/raffle/close", { confirm: "CLOSE" });
  expect(closed.status, JSON.stringify(closed.json)).toBe(200);
}

describe("GET /api/raffle/archive.zip", () => {
  it("is one signed, self-verifying ZIP; recorded once sent; Purge then runs", async () => {
    await closedRaffle();
    expect((await download(staff.token)).status).toBe(403);
    const res = await download(admin.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    const dir = await mkdtemp(path.join(tmpdir(), "raffle-archive-"));
    await writeFile(path.join(dir, "archive.zip"), res.bytes);
    await run("unzip", ["-q", "archive.zip", "-d", "out"], { cwd: dir });
    const out = path.join(dir, "out");

    const manifestBytes = await readFile(path.join(out, "manifest.json"));
    const manifest = JSON.parse(manifestBytes.toString("utf8"));
    expect(manifest).toMatchObject({ format: "raffle-archive-v1", raffleStatus: "closed", appVersion: expect.any(String) });
    const names = Object.keys(manifest.files).sort();
    expect(names).toEqual(
      ["README.txt", "allocations.csv", "audit-log.csv", "audit-log.jsonl", "draw-1/certificate.json", "draw-1/pool.csv", "draw-1/verify-draw.mjs",
        "payments.csv", "public-key.pem", "remittance-adjustments.csv", "remittances.csv", "reports/voided-numbers.csv", "reports/winners.csv",
        "statement-lines.csv", "tickets.csv"].sort(),
    );
    for (const name of names) {
      const bytes = await readFile(path.join(out, name));
      expect(createHash("sha256").update(bytes).digest("hex"), name).toBe(manifest.files[name].sha256);
      expect(bytes.length, name).toBe(manifest.files[name].bytes);
    }
    const listed = (await readdir(out, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;
    expect(listed).toBe(names.length + 2);
    const signature = Buffer.from((await readFile(path.join(out, "manifest.sig"), "utf8")).trim(), "base64");
    const publicKey = createPublicKey(await readFile(path.join(out, "public-key.pem"), "utf8"));
    expect(verify(null, manifestBytes, publicKey, signature)).toBe(true);
    expect(verify(null, Buffer.concat([manifestBytes, Buffer.from(" ")]), publicKey, signature)).toBe(false);

    const { stdout } = await run(process.execPath, ["verify-draw.mjs", "certificate.json", "pool.csv"], { cwd: path.join(out, "draw-1") });
    expect(stdout).toMatch(/OK|ok|✓/);

    const tickets = await readFile(path.join(out, "tickets.csv"), "utf8");
    expect(tickets.startsWith("\uFEFFid,control_number,ticket_number,buyer_name")).toBe(true);
    expect(tickets.split("\r\n").filter(Boolean)).toHaveLength(31);
    expect(tickets).toContain(`"'=HYPERLINK(""x"")"`);
    const winners = (await readFile(path.join(out, "reports/winners.csv"), "utf8")).split("\r\n");
    expect(winners[0]).toBe("\uFEFFdraw_number,position,prize_rank,prize_name,role,control_number,buyer_name,latest_event");
    expect(winners[1]).toMatch(/^1,1,1,Motorcycle,winner,B2K-123-\d{5},.+,claimed$/);
    const jsonl = (await readFile(path.join(out, "audit-log.jsonl"), "utf8")).trim().split("\n").map((l) => JSON.parse(l));
    expect(jsonl.map((r) => r.action)).toContain("raffle.close");

    // Recorded with the ZIP's own hash and size, and audited.
    let archive = null;
    for (let i = 0; i < 50 && !archive; i++) {
      archive = await db().raffleArchive.findFirst();
      if (!archive) await new Promise((r) => setTimeout(r, 100));
    }
    expect(archive).toMatchObject({ sha256: createHash("sha256").update(res.bytes).digest("hex"), raffleStatus: "closed" });
    expect(Number(archive!.sizeBytes)).toBe(res.bytes.length);
    expect(await db().auditLog.count({ where: { action: "raffle.archive" } })).toBe(1);

    const purged = await post(purgeRoute, "/api/raffle/purge", { confirm: "PURGE" });
    expect(purged.status, JSON.stringify(purged.json)).toBe(200);
    expect(purged.json.counts.tickets).toBe(30);
  });
});
