// One contract per answer (issue 41, docs/decisions/260): the draw's detail and steps, the winners
// lists and the public draw, parsed strictly with their lib/schemas/draw.ts contracts; the draw's
// files (not JSON) checked by their media type and disposition instead.
// Not JSON: certificate.json (a signed file, attachment), certificate.pdf, commitment.pdf, an
// evidence file, winners.csv (permit office and public), pool.csv, draw-check.mjs, verify-draw.mjs.
import { describe, expect, it } from "vitest";
import { GET as certificateJsonRoute } from "@/app/api/draws/[id]/certificate.json/route";
import { GET as certificatePdfRoute } from "@/app/api/draws/[id]/certificate.pdf/route";
import { GET as commitmentPdfRoute } from "@/app/api/draws/[id]/commitment.pdf/route";
import { POST as drumPickRoute } from "@/app/api/draws/[id]/drum-pick/route";
import { GET as evidenceRoute } from "@/app/api/draws/[id]/evidence/[evidenceId]/route";
import { POST as positionRoute } from "@/app/api/draws/[id]/positions/[n]/[action]/route";
import { POST as addEvidenceRoute } from "@/app/api/draws/[id]/positions/[n]/evidence/route";
import { POST as publishRoute } from "@/app/api/draws/[id]/publish/route";
import { POST as revealRoute } from "@/app/api/draws/[id]/reveal/route";
import { GET as drawRoute } from "@/app/api/draws/[id]/route";
import { POST as commitRoute } from "@/app/api/draws/route";
import { GET as permitCsvRoute } from "@/app/api/draws/winners.csv/route";
import { GET as permitJsonRoute } from "@/app/api/draws/winners.json/route";
import { POST as addPrizeRoute } from "@/app/api/prizes/route";
import { GET as checkScriptRoute } from "@/app/api/public/draw-check.mjs/route";
import { GET as publicCertificateRoute } from "@/app/api/public/draws/[id]/certificate.json/route";
import { GET as poolCsvRoute } from "@/app/api/public/draws/[id]/pool.csv/route";
import { GET as publicDrawRoute } from "@/app/api/public/draws/[id]/route";
import { GET as verifyScriptRoute } from "@/app/api/public/verify-draw.mjs/route";
import { GET as publicCsvRoute } from "@/app/api/public/winners.csv/route";
import { GET as publicJsonRoute } from "@/app/api/public/winners.json/route";
import { POST as closeRoute } from "@/app/api/raffle/close/route";
import { POST as closeSalesRoute } from "@/app/api/raffle/close-sales/route";
import { closeoutSavedSchema } from "@/lib/schemas/closeout";
import {
  adminDrawAnswerSchema,
  drawPublishedSchema,
  drawRevealedSchema,
  drumPickedSchema,
  evidenceSavedSchema,
  permitWinnersAnswerSchema,
  positionEventSavedSchema,
  publicDrawAnswerSchema,
  publicWinnersAnswerSchema,
} from "@/lib/schemas/draw";
import { expectContract, expectDownload } from "@/tests/helpers/contracts";
import { freshAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute, TEST_ORIGIN } from "@/tests/helpers/http";
import { createSoldTickets } from "@/tests/helpers/sold-tickets";
import { callBinary, SAMPLE_FILES } from "@/tests/helpers/upload";
import { NextRequest } from "next/server";

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

/** Prizes over 20 sold tickets, sales closed, a draw committed in `mode`. */
async function committedDraw(mode: "rng" | "drum", prizes: { rank: number; name: string; backups: number }[]) {
  await createSoldTickets(20);
  for (const prize of prizes)
    expect((await post(addPrizeRoute, "/api/prizes", { ...prize, valuePhp: 1000 })).status).toBe(201);
  expect((await post(closeSalesRoute, "/api/raffle/close-sales", { overrides: [] })).status).toBe(200);
  const body = mode === "drum" ? { mode: "drum" } : { source: { type: "dice", count: 20 } };
  const committed = await post(commitRoute, "/api/draws", body);
  expect(committed.status, JSON.stringify(committed.json)).toBe(201);
  return committed.json.id as string;
}

async function uploadEvidence(id: string, n: number) {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(SAMPLE_FILES.png)]), "no-show letter.png");
  const encoded = new Request("http://localhost/", { method: "POST", body: form });
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  const req = new NextRequest(new URL(`/api/draws/${id}/positions/${n}/evidence`, TEST_ORIGIN), {
    method: "POST",
    headers: {
      "content-type": encoded.headers.get("content-type")!,
      "content-length": String(bytes.length),
      host: "localhost:3000",
      authorization: `Bearer ${users.admin.token}`,
    },
    body: bytes,
  });
  const res = await addEvidenceRoute(req, { params: Promise.resolve({ id, n: String(n) }) });
  return { status: res.status, json: await res.json() };
}

describe("the draw's answers parse with their lib/schemas/draw.ts contract, strictly", () => {
  it(
    "an RNG draw: detail before and after the reveal, a disqualification with evidence, publish, the " +
      "winners lists and Close",
    async () => {
      const id = await committedDraw("rng", [{ rank: 1, name: "Motorcycle", backups: 1 }]);
      const unrevealed = await callRoute(drawRoute, {
        path: `/api/draws/${id}`,
        params: { id },
        token: users.admin.token,
      });
      expect(unrevealed.status).toBe(200);
      expect(unrevealed.json.draw.sequence).toBeNull();
      expectContract(adminDrawAnswerSchema, unrevealed.json);
      const publicBefore = await callRoute(publicDrawRoute, { path: `/api/public/draws/${id}`, params: { id } });
      expect(publicBefore.status).toBe(200);
      expectContract(publicDrawAnswerSchema, publicBefore.json);

      const revealed = await post(
        revealRoute,
        `/api/draws/${id}/reveal`,
        { outsideValue: DICE, outsideValueConfirm: DICE, witnesses: ["Pedro Penduko"] },
        { id },
      );
      expect(revealed.status, JSON.stringify(revealed.json)).toBe(200);
      expectContract(drawRevealedSchema, revealed.json);
      const disqualified = await act(id, 1, "disqualify", { reason: "unreachable", note: "No answer" });
      expect(disqualified.status, JSON.stringify(disqualified.json)).toBe(200);
      expectContract(positionEventSavedSchema, disqualified.json);
      const evidence = await uploadEvidence(id, 1);
      expect(evidence.status, JSON.stringify(evidence.json)).toBe(201);
      expectContract(evidenceSavedSchema, evidence.json);

      const detail = await callRoute(drawRoute, { path: `/api/draws/${id}`, params: { id }, token: users.admin.token });
      expect(detail.status).toBe(200);
      expect(detail.json.draw.positionsDetail.length).toBeGreaterThan(0);
      expect(detail.json.draw.events.flatMap((e: { evidence: unknown[] }) => e.evidence)).toHaveLength(1);
      expect(detail.json.draw.effectiveWinners).toHaveLength(1);
      expect(detail.json.draw.witnesses).toEqual(["Pedro Penduko"]);
      expectContract(adminDrawAnswerSchema, detail.json);
      const permitBefore = await callRoute(permitJsonRoute, {
        path: "/api/draws/winners.json",
        token: users.admin.token,
      });
      expect(permitBefore.status).toBe(200);
      expect(permitBefore.json.publishedAt).toBeNull();
      expectContract(permitWinnersAnswerSchema, permitBefore.json);

      expect((await act(id, 2, "notify")).status).toBe(200);
      const published = await post(publishRoute, `/api/draws/${id}/publish`, undefined, { id });
      expect(published.status, JSON.stringify(published.json)).toBe(200);
      expectContract(drawPublishedSchema, published.json);
      const permit = await callRoute(permitJsonRoute, { path: "/api/draws/winners.json", token: users.admin.token });
      expect(permit.json.winners[0].buyerName).not.toBeNull();
      expectContract(permitWinnersAnswerSchema, permit.json);
      const open = await callRoute(publicJsonRoute, { path: "/api/public/winners.json" });
      expect(open.status).toBe(200);
      expect(open.json.winners[0].maskedName).not.toBeNull();
      expectContract(publicWinnersAnswerSchema, open.json);
      const publicAfter = await callRoute(publicDrawRoute, { path: `/api/public/draws/${id}`, params: { id } });
      expect(publicAfter.json.draw.sequence.length).toBeGreaterThan(0);
      expectContract(publicDrawAnswerSchema, publicAfter.json);

      expect((await act(id, 2, "claim")).status).toBe(200);
      const closed = await post(closeRoute, "/api/raffle/close", { confirm: "CLOSE" });
      expect(closed.status, JSON.stringify(closed.json)).toBe(200);
      expectContract(closeoutSavedSchema, closed.json);
    },
  );

  it("a drum draw: a pick, and the detail with the picks so far and the next position", async () => {
    const id = await committedDraw("drum", [{ rank: 1, name: "Motorcycle", backups: 1 }]);
    const picked = await post(
      drumPickRoute,
      `/api/draws/${id}/drum-pick`,
      { controlNumber: "B2K-123-00007", witnesses: ["Pedro Penduko"] },
      { id },
    );
    expect(picked.status, JSON.stringify(picked.json)).toBe(200);
    expect(picked.json.complete).toBe(false);
    expectContract(drumPickedSchema, picked.json);
    const detail = await callRoute(drawRoute, { path: `/api/draws/${id}`, params: { id }, token: users.admin.token });
    expect(detail.status).toBe(200);
    expect(detail.json.draw.drum.picked).toHaveLength(1);
    expect(detail.json.draw.drum.next).not.toBeNull();
    expectContract(adminDrawAnswerSchema, detail.json);
  });
});

describe("the draw's files (not JSON): media type and disposition", () => {
  it("certificates, PDFs, evidence, the winners' and the pool's CSV, and the checking scripts", async () => {
    const id = await committedDraw("rng", [{ rank: 1, name: "Motorcycle", backups: 1 }]);
    const reveal = { outsideValue: DICE, outsideValueConfirm: DICE, witnesses: ["Pedro Penduko"] };
    expect((await post(revealRoute, `/api/draws/${id}/reveal`, reveal, { id })).status).toBe(200);
    expect((await act(id, 1, "disqualify", { reason: "unreachable" })).status).toBe(200);
    const evidenceId = (await uploadEvidence(id, 1)).json.evidence.id as string;
    expect((await act(id, 2, "notify")).status).toBe(200);
    expect((await post(publishRoute, `/api/draws/${id}/publish`, undefined, { id })).status).toBe(200);
    const get = async (
      handler: Parameters<typeof callBinary>[0],
      path: string,
      params: Record<string, string> = {},
    ) => {
      const res = await callBinary(handler, { path, params, token: users.admin.token });
      expect(res.status, `${path}: ${res.bytes.toString().slice(0, 200)}`).toBe(200);
      return res;
    };
    const certificate = await get(certificateJsonRoute, `/api/draws/${id}/certificate.json`, { id });
    expectDownload(certificate.headers, "application/json; charset=utf-8", /^draw-1-certificate\.json$/);
    expect(JSON.parse(certificate.bytes.toString()).signature).toEqual(expect.any(String));
    const open = await get(publicCertificateRoute, `/api/public/draws/${id}/certificate.json`, { id });
    expectDownload(open.headers, "application/json; charset=utf-8", /^draw-1-certificate\.json$/);
    for (const [handler, path] of [
      [certificatePdfRoute, `/api/draws/${id}/certificate.pdf`],
      [commitmentPdfRoute, `/api/draws/${id}/commitment.pdf`],
    ] as const) {
      const pdf = await get(handler, path, { id });
      expectDownload(pdf.headers, "application/pdf", /\.pdf$/);
      expect(pdf.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    }
    const file = await get(evidenceRoute, `/api/draws/${id}/evidence/${evidenceId}`, { id, evidenceId });
    expectDownload(file.headers, "image/png", /^no-show letter\.png$/);
    const permitCsv = await get(permitCsvRoute, "/api/draws/winners.csv");
    expectDownload(permitCsv.headers, "text/csv; charset=utf-8", /\.csv$/);
    const publicCsv = await get(publicCsvRoute, "/api/public/winners.csv");
    expectDownload(publicCsv.headers, "text/csv; charset=utf-8", /\.csv$/);
    const pool = await get(poolCsvRoute, `/api/public/draws/${id}/pool.csv`, { id });
    expectDownload(pool.headers, "text/csv; charset=utf-8", /^pool\.csv$/);
    expect(pool.bytes.toString()).toMatch(/^control_number\n/);
    const checker = await get(checkScriptRoute, "/api/public/draw-check.mjs");
    expectDownload(checker.headers, "text/javascript; charset=utf-8", null);
    const verifier = await get(verifyScriptRoute, "/api/public/verify-draw.mjs");
    expectDownload(verifier.headers, "text/javascript; charset=utf-8", /^verify-draw\.mjs$/);
  });
});
