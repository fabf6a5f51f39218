// Issue 22 with issue 23: once a draw's winners are published, the public verify answers say
// 'Winner: {prize}' for a prize's winner and 'Drawn: not a winning ticket' for the rest of the
// pool; before publication, the ticket's own status. Still public: no cookie, masked name only.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as commitRoute } from "@/app/api/draws/route";
import { GET as drawRoute } from "@/app/api/draws/[id]/route";
import { POST as publishRoute } from "@/app/api/draws/[id]/publish/route";
import { POST as positionRoute } from "@/app/api/draws/[id]/positions/[n]/[action]/route";
import { POST as revealRoute } from "@/app/api/draws/[id]/reveal/route";
import { POST as postPrizeRoute } from "@/app/api/prizes/route";
import { GET as verifyJson } from "@/app/api/public/verify/[token]/route";
import { POST as closeSalesRoute } from "@/app/api/raffle/close-sales/route";
import { POST as voidRoute } from "@/app/api/tickets/[id]/void/route";
import { GET as verifyPage } from "@/app/v/[token]/route";
import { verifyResponseSchema } from "@/lib/schemas/stubs";
import { db } from "@/server/db/client";
import { resetVerifyRateLimit } from "@/server/public/verify-rate-limit";
import { verifyKeys } from "@/server/stubs/verify-keys";
import { makeVerifyToken } from "@/server/stubs/verify-token";
import { resetDb } from "@/tests/helpers/db";
import { createAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";
import { createSoldTickets } from "@/tests/helpers/sold-tickets";

let adminToken: string;
let key: Buffer;
const post = (
  handler: Parameters<typeof callRoute>[0],
  p: string,
  body: unknown,
  params: Record<string, string> = {},
) => callRoute(handler, { method: "POST", path: p, body, params, token: adminToken });
const tokenOf = (controlNumber: string) =>
  makeVerifyToken(key, { ticketNumber: Number(controlNumber.slice(-5)), qrVersion: 1 });
const verify = async (controlNumber: string) => {
  const t = tokenOf(controlNumber);
  const res = await callRoute(verifyJson, { path: `/api/public/verify/${t}`, params: { token: t } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return verifyResponseSchema.parse(res.json).ticket;
};

let drawId: string;
let sequence: { controlNumber: string }[];

beforeAll(async () => {
  await resetDb();
  const { admin } = await createAdminAndStaff();
  adminToken = admin.token;
  await createSoldTickets(12);
  key = (await verifyKeys())["1"];
  expect(
    (await post(postPrizeRoute, "/api/prizes", { rank: 1, name: "Motorcycle", valuePhp: 80000, backups: 1 })).status,
  ).toBe(201);
  expect((await post(closeSalesRoute, "/api/raffle/close-sales", { overrides: [] })).status).toBe(200);
  const committed = await post(commitRoute, "/api/draws", { source: { type: "dice", count: 20 } });
  expect(committed.status, JSON.stringify(committed.json)).toBe(201);
  drawId = committed.json.id;
  const outside = "35126443526115623416";
  const revealed = await post(
    revealRoute,
    `/api/draws/${drawId}/reveal`,
    { outsideValue: outside, outsideValueConfirm: outside, witnesses: ["Pedro Penduko", "Maria Makiling"] },
    { id: drawId },
  );
  expect(revealed.status, JSON.stringify(revealed.json)).toBe(200);
  sequence = (await callRoute(drawRoute, { path: `/api/draws/${drawId}`, params: { id: drawId }, token: adminToken }))
    .json.draw.sequence;
});

beforeEach(() => resetVerifyRateLimit());

describe("the verify page after the draw", () => {
  it(
    "keeps the ticket's own status until the winners are " + "published, then says Winner or Drawn; a void stays void",
    async () => {
      const winner = sequence[0].controlNumber;
      const pool = Array.from({ length: 12 }, (_, i) => `B2K-123-${String(i + 1).padStart(5, "0")}`);
      const loser = pool.find((cn) => !sequence.some((s) => s.controlNumber === cn))!;
      expect(await verify(winner)).toMatchObject({ status: "registered", statusText: "Registered: in the draw" });

      expect(
        (
          await post(
            positionRoute,
            `/api/draws/${drawId}/positions/1/notify`,
            {},
            { id: drawId, n: "1", action: "notify" },
          )
        ).status,
      ).toBe(200);
      const published = await post(publishRoute, `/api/draws/${drawId}/publish`, undefined, { id: drawId });
      expect(published.status, JSON.stringify(published.json)).toBe(200);

      expect(await verify(winner)).toMatchObject({
        status: "winner",
        statusText: "Winner: Motorcycle",
        controlNumber: winner,
        maskedName: expect.stringMatching(/^B\*\*\* \d\*\*\* S\*\*\*$/),
      });
      expect(await verify(loser)).toMatchObject({ status: "not_winner", statusText: "Drawn: not a winning ticket" });

      // The page: the same words, public headers, no cookie, no script, the masked name only.
      const t = tokenOf(winner);
      const page = await callRoute(verifyPage, { path: `/v/${t}`, params: { token: t } });
      expect(page.status).toBe(200);
      expect(page.headers.get("set-cookie")).toBeNull();
      expect(page.headers.get("cache-control")).toBe("no-store");
      const html = String(page.json);
      expect(html).toContain('role="status">Winner: Motorcycle</p>');
      expect(html).not.toMatch(/<script/i);
      expect(html).not.toContain("Santos");
      expect(html).not.toContain("9171234567");

      // A ticket voided after publication (the organiser's records) says void, not 'Drawn'.
      const voidable = pool.filter(
        (cn) => cn !== winner && cn !== loser && !sequence.some((s) => s.controlNumber === cn),
      )[0];
      if (voidable) {
        const row = await db().ticket.findUniqueOrThrow({ where: { controlNumber: voidable }, select: { id: true } });
        const voided = await post(voidRoute, `/api/tickets/${row.id}/void`, { reason: "lost_stub" }, { id: row.id });
        if (voided.status === 200)
          expect(await verify(voidable)).toMatchObject({ status: "void", statusText: "Void: not in the draw" });
      }
    },
  );
});
