// The draw's outputs (issue 23, docs/decisions/125-127): the winners lists (permit office and
// public, JSON and CSV), the Commitment Notice and the Minutes of the Draw as PDFs rendered in the
// worker and read back with pdftotext, the public page's winners and its in-browser check (run
// here on Node's WebCrypto against the files the API serves, untouched and tampered).
import { execFileSync } from "node:child_process";
import { keyFingerprint } from "@/server/draw/key-fingerprint";
import { signingKeyPair } from "@/server/secrets/installation-secrets";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { GET as certificatePdfRoute } from "@/app/api/draws/[id]/certificate.pdf/route";
import { GET as commitmentPdfRoute } from "@/app/api/draws/[id]/commitment.pdf/route";
import { POST as publishRoute } from "@/app/api/draws/[id]/publish/route";
import { POST as positionRoute } from "@/app/api/draws/[id]/positions/[n]/[action]/route";
import { GET as evidenceRoute } from "@/app/api/draws/[id]/evidence/[evidenceId]/route";
import { POST as addEvidenceRoute } from "@/app/api/draws/[id]/positions/[n]/evidence/route";
import { GET as drawRoute } from "@/app/api/draws/[id]/route";
import { GET as permitCsvRoute } from "@/app/api/draws/winners.csv/route";
import { GET as permitJsonRoute } from "@/app/api/draws/winners.json/route";
import { GET as publicCertificateRoute } from "@/app/api/public/draws/[id]/certificate.json/route";
import { GET as poolCsvRoute } from "@/app/api/public/draws/[id]/pool.csv/route";
import { GET as checkScriptRoute } from "@/app/api/public/draw-check.mjs/route";
import { GET as publicCsvRoute } from "@/app/api/public/winners.csv/route";
import { GET as publicJsonRoute } from "@/app/api/public/winners.json/route";
import { GET as publicPage } from "@/app/draw/[id]/route";
import { db } from "@/server/db/client";
import * as browserCheck from "@/scripts/draw-check-browser.mjs";
import { commitDraw, freshAdminAndStaff, revealDraw } from "@/tests/helpers/factories";
import { callRoute, TEST_ORIGIN } from "@/tests/helpers/http";
import { callBinary, SAMPLE_FILES } from "@/tests/helpers/upload";
import { createSoldTickets } from "@/tests/helpers/sold-tickets";

const users = freshAdminAndStaff();

const DICE = "35126443526115623416";
const post = (
  handler: Parameters<typeof callRoute>[0],
  p: string,
  body: unknown,
  params: Record<string, string> = {},
) => callRoute(handler, { method: "POST", path: p, body, params, token: users.admin.token });
const act = (id: string, n: number, action: string, body: object = {}) =>
  post(positionRoute, `/api/draws/${id}/positions/${n}/${action}`, body, { id, n: String(n), action });

/** Two prizes (1 and 2 backups) over 20 sold tickets with addresses, committed and revealed; position 1 disqualified.
 */
async function drawnDraw() {
  await createSoldTickets(20);
  await db().$executeRaw`UPDATE tickets SET address = 'Lot ' || ticket_number || ', Calle Real, Calamba'`;
  const id = await commitDraw(users.admin, {
    prizes: [
      { rank: 1, name: "Motorcycle", valuePhp: 80000, backups: 1 },
      { rank: 2, name: "=Rice cooker", valuePhp: "2500.50", backups: 2 },
    ],
  });
  await revealDraw(users.admin, id);
  expect((await act(id, 1, "disqualify", { reason: "unreachable", note: "No answer" })).status).toBe(200);
  return id;
}

async function fetchBytes(
  handler: typeof commitmentPdfRoute,
  urlPath: string,
  token: string,
  params: Record<string, string>,
) {
  const req = new NextRequest(new URL(urlPath, "http://localhost:3000"), {
    headers: { authorization: `Bearer ${token}`, host: "localhost:3000" },
  });
  const res = await handler(req, { params: Promise.resolve(params) });
  return { status: res.status, type: res.headers.get("content-type"), bytes: Buffer.from(await res.arrayBuffer()) };
}
function pdfText(bytes: Buffer) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "draw-pdf-")), "doc.pdf");
  writeFileSync(file, bytes);
  return execFileSync("pdftotext", ["-layout", file, "-"]).toString().replace(/\s+/g, " ");
}

describe("the winners lists", () => {
  it("gives the permit office full names and addresses, the public masked names only after publication", async () => {
    const id = await drawnDraw();
    const before = await callRoute(permitJsonRoute, { path: "/api/draws/winners.json", token: users.admin.token });
    expect(before.json.publishedAt).toBeNull();
    expect(before.json.winners[0]).toMatchObject({
      prizeRank: 1,
      prizeName: "Motorcycle",
      valuePhp: "80000.00",
      drawNumber: 1,
      position: 2,
      role: "backup",
      state: "drawn",
    });
    expect(before.json.winners[0].buyerName).toMatch(/^Buyer \d+ Santos$/);
    expect(before.json.winners[0].address).toMatch(/^Lot \d+, Calle Real, Calamba$/);
    expect(
      (await callRoute(permitJsonRoute, { path: "/api/draws/winners.json", token: users.staff.token })).status,
    ).toBe(403);
    expect((await callRoute(publicJsonRoute, { path: "/api/public/winners.json" })).status).toBe(404);

    await act(id, 2, "notify");
    await act(id, 3, "notify");
    expect((await post(publishRoute, `/api/draws/${id}/publish`, undefined, { id })).status).toBe(200);

    const permit = (await callRoute(permitCsvRoute, { path: "/api/draws/winners.csv", token: users.admin.token }))
      .json as string;
    const lines = permit.split("\r\n");
    expect(lines[0]).toBe("prize_rank,prize,value_php,draw,position,control_number,full_name,address,state");
    expect(lines[1]).toMatch(
      /^1,Motorcycle,80000\.00,1,2,B2K-123-\d{5},Buyer \d+ Santos,"Lot \d+, Calle Real, Calamba",Notified$/,
    );
    // A cell a spreadsheet would run as a formula is neutralised.
    expect(lines[2]).toMatch(/^2,'=Rice cooker,2500\.50,1,3,/);
    const pub = await callRoute(publicJsonRoute, { path: "/api/public/winners.json" });
    expect(pub.status).toBe(200);
    expect(pub.headers.get("set-cookie")).toBeNull();
    expect(pub.json.winners).toHaveLength(2);
    expect(pub.json.winners[0]).toEqual({
      prizeRank: 1,
      prizeName: "Motorcycle",
      valuePhp: "80000.00",
      drawNumber: 1,
      position: 2,
      controlNumber: expect.stringMatching(/^B2K-123-\d{5}$/),
      maskedName: expect.stringMatching(/^B\*\*\* \d\*\*\* S\*\*\*$/),
    });
    const publicCsv = (await callRoute(publicCsvRoute, { path: "/api/public/winners.csv" })).json as string;
    expect(publicCsv.split("\r\n")[0]).toBe("prize_rank,prize,value_php,draw,position,control_number,winner");
    expect(JSON.stringify(pub.json) + publicCsv).not.toMatch(/Santos|Calle Real|9171234567/);
  });
});

describe.runIf(existsSync("/usr/bin/pdftotext"))("the draw's PDFs", () => {
  it(
    "prints the Commitment Notice and the Minutes of the Draw " + "(administrators only), read back with pdftotext",
    async () => {
      const id = await drawnDraw();
      const notice = await fetchBytes(commitmentPdfRoute, `/api/draws/${id}/commitment.pdf`, users.admin.token, { id });
      expect(notice.status).toBe(200);
      expect(notice.type).toBe("application/pdf");
      const draw = await db().draw.findUniqueOrThrow({ where: { id } });
      const noticeText = pdfText(notice.bytes);
      const fingerprint = keyFingerprint((await signingKeyPair()).publicKeyPem);
      for (const t of [
        "Draw 1: Commitment Notice",
        "witnessed dice, 20 rolls",
        draw.poolHash,
        draw.commitHash,
        fingerprint,
        "node verify-draw.mjs --key",
        "Motorcycle — ₱80,000.00 (1 backup)",
        "DTI representative",
        `/draw/${id}`,
      ]) {
        expect(noticeText).toContain(t);
      }
      const minutes = await fetchBytes(certificatePdfRoute, `/api/draws/${id}/certificate.pdf`, users.admin.token, {
        id,
      });
      expect(minutes.status).toBe(200);
      const text = pdfText(minutes.bytes);
      for (const t of [
        "Draw 1: Minutes of the Draw",
        `dice:${DICE}`,
        draw.serverSeed!,
        draw.seed!,
        "Pedro Penduko",
        "Position 1",
        "unreachable",
        "No answer",
        "Ed25519 signature",
        "Raffle chairperson",
      ]) {
        expect(text).toContain(t);
      }
      expect(text).not.toMatch(/Buyer \d+ Santos|Calle Real/);
      expect(text).toMatch(/B\*\*\* \d+\*\*\* S\*\*\*/);
      expect(
        (await fetchBytes(commitmentPdfRoute, `/api/draws/${id}/commitment.pdf`, users.staff.token, { id })).status,
      ).toBe(403);
    },
  );
});

describe("the public proof page's in-browser check", () => {
  it(
    "passes on the published files with WebCrypto, fails a tampered " +
      "certificate or pool; the page loads it under the nonce",
    async () => {
      const id = await drawnDraw();
      const cert = (
        await callRoute(publicCertificateRoute, { path: `/api/public/draws/${id}/certificate.json`, params: { id } })
      ).json;
      const pool = browserCheck.parsePoolCsv(
        (await callRoute(poolCsvRoute, { path: `/api/public/draws/${id}/pool.csv`, params: { id } })).json as string,
      );
      const subtle = globalThis.crypto.subtle;
      const checks = await browserCheck.checkDraw(subtle, cert, pool);
      expect(checks.filter((c) => c.ok !== true)).toEqual([]);
      expect(checks.map((c) => c.name)).toContain("Ed25519 signature over the canonical certificate");
      const failed = async (c: object, p: string[]) =>
        (await browserCheck.checkDraw(subtle, c, p)).filter((x) => x.ok === false).map((x) => x.name);
      expect(await failed({ ...cert, outsideValue: `dice:${DICE.slice(0, -1)}1` }, pool)).toEqual(
        expect.arrayContaining([
          "seed = HMAC-SHA-256(server seed, draw id, pool hash, outside value)",
          "Ed25519 signature over the canonical certificate",
        ]),
      );
      expect(await failed(cert, [...pool.slice(0, -1), "B2K-123-99999"])).toEqual(
        expect.arrayContaining(["pool hash"]),
      );
      const swapped = { ...cert, sequence: [cert.sequence[1], cert.sequence[0], ...cert.sequence.slice(2)] };
      expect(await failed(swapped, pool)).toEqual(expect.arrayContaining(["sequence of 5 positions"]));

      const script = (await callRoute(checkScriptRoute, { path: "/api/public/draw-check.mjs" })).json as string;
      expect(script).toContain("export async function checkDraw(subtle");
      const page = await publicPage(
        new NextRequest(`${TEST_ORIGIN}/draw/${id}`, { headers: { "x-nonce": "bm9uY2Utbm9uY2U=" } }),
        { params: Promise.resolve({ id }) },
      );
      const html = await page.text();
      expect(html.match(/<script/g)).toHaveLength(1);
      expect(html).toContain(
        '<script type="module" nonce="bm9uY2Utbm9uY2U=" src="/api/public/draw-check.mjs"></script>',
      );
      expect(html).toMatch(/<section id="browser-check" hidden/);
      expect(page.headers.get("set-cookie")).toBeNull();
    },
  );
});

/** A multipart upload of `bytes` as the field `file` to a position's evidence route. */
async function uploadEvidence(
  id: string,
  n: number,
  file: { bytes: Uint8Array; name: string },
  token = users.admin.token,
) {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(file.bytes)]), file.name);
  const encoded = new Request("http://localhost/", { method: "POST", body: form });
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  const headers = new Headers({
    "content-type": encoded.headers.get("content-type")!,
    host: "localhost:3000",
    authorization: `Bearer ${token}`,
    "content-length": String(bytes.length),
  });
  const req = new NextRequest(new URL(`/api/draws/${id}/positions/${n}/evidence`, TEST_ORIGIN), {
    method: "POST",
    headers,
    body: bytes,
  });
  const res = await addEvidenceRoute(req, { params: Promise.resolve({ id, n: String(n) }) });
  return { status: res.status, json: await res.json() };
}

describe("evidence for a disqualification", () => {
  it(
    "keeps a file with the disqualification it backs, for administrators, " +
      "never changed or removed, and not in the certificate",
    async () => {
      const id = await drawnDraw();
      const added = await uploadEvidence(id, 1, { bytes: SAMPLE_FILES.png, name: "no-show letter.png" });
      expect(added.status, JSON.stringify(added.json)).toBe(201);
      expect(added.json.evidence).toMatchObject({
        position: 1,
        fileName: "no-show letter.png",
        contentType: "image/png",
        fileSize: SAMPLE_FILES.png.length,
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      expect((await uploadEvidence(id, 2, { bytes: SAMPLE_FILES.pdf, name: "x.pdf" })).json).toMatchObject({
        code: "conflict",
        message: "Evidence goes with a disqualification: position 2 is not disqualified",
      });
      expect((await uploadEvidence(id, 1, { bytes: SAMPLE_FILES.exe, name: "x.exe" })).status).toBe(415);
      expect((await uploadEvidence(id, 1, { bytes: SAMPLE_FILES.png, name: "x.png" }, users.staff.token)).status).toBe(
        403,
      );
      expect((await uploadEvidence(id, 9, { bytes: SAMPLE_FILES.png, name: "x.png" })).status).toBe(404);

      const draw = (await callRoute(drawRoute, { path: `/api/draws/${id}`, params: { id }, token: users.admin.token }))
        .json.draw;
      const disqualified = draw.events.find((e: { event: string }) => e.event === "disqualified");
      expect(disqualified.evidence).toEqual([
        {
          id: added.json.evidence.id,
          fileName: "no-show letter.png",
          fileSize: SAMPLE_FILES.png.length,
          sha256: added.json.evidence.sha256,
          removed: false,
        },
      ]);
      const evidenceId = added.json.evidence.id;
      const file = await callBinary(evidenceRoute, {
        path: `/api/draws/${id}/evidence/${evidenceId}`,
        params: { id, evidenceId },
        token: users.admin.token,
      });
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("image/png");
      expect(file.headers.get("content-disposition")).toBe('attachment; filename="no-show letter.png"');
      expect(file.bytes.equals(SAMPLE_FILES.png)).toBe(true);
      expect(
        (
          await callBinary(evidenceRoute, {
            path: `/api/draws/${id}/evidence/${evidenceId}`,
            params: { id, evidenceId },
            token: users.staff.token,
          })
        ).status,
      ).toBe(403);

      await expect(db().$executeRaw`UPDATE winner_event_evidence SET file_name = 'other.png'`).rejects.toThrow(
        /append-only/,
      );
      await expect(db().$executeRaw`DELETE FROM winner_event_evidence`).rejects.toThrow(/append-only/);
      const cert = (
        await callRoute(publicCertificateRoute, { path: `/api/public/draws/${id}/certificate.json`, params: { id } })
      ).json;
      expect(JSON.stringify(cert)).not.toContain("no-show letter");
      expect(
        await db().auditLog.count({
          where: { action: "draw.winner_event", entityId: id, after: { path: ["event"], equals: "evidence" } },
        }),
      ).toBe(1);
    },
  );
});
