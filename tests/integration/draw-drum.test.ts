// Drum mode (issue 23, docs/decisions/129): the same commit, then each counterfoil typed or scanned
// as it comes out of the physical drum, checked against the committed pool (in it, not void, not
// already drawn); the last position reveals the draw, and its certificate passes verify-draw.mjs
// and the in-browser check with the drum's own checks.
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { POST as commitRoute } from "@/app/api/draws/route";
import { GET as drawRoute } from "@/app/api/draws/[id]/route";
import { POST as drumPickRoute } from "@/app/api/draws/[id]/drum-pick/route";
import { POST as publishRoute } from "@/app/api/draws/[id]/publish/route";
import { POST as positionRoute } from "@/app/api/draws/[id]/positions/[n]/[action]/route";
import { POST as revealRoute } from "@/app/api/draws/[id]/reveal/route";
import { GET as publicCertificateRoute } from "@/app/api/public/draws/[id]/certificate.json/route";
import { GET as poolCsvRoute } from "@/app/api/public/draws/[id]/pool.csv/route";
import { POST as postPrizeRoute } from "@/app/api/prizes/route";
import { POST as closeSalesRoute } from "@/app/api/raffle/close-sales/route";
import { GET as publicPage } from "@/app/draw/[id]/route";
import { db } from "@/server/db/client";
import * as browserCheck from "@/scripts/draw-check-browser.mjs";
import * as script from "@/scripts/verify-draw.mjs";
import { createTickets, freshAdminAndStaff, voidTicket } from "@/tests/helpers/factories";
import { callRoute, TEST_ORIGIN } from "@/tests/helpers/http";
import { controlNumberOf, createSoldTickets } from "@/tests/helpers/sold-tickets";

const users = freshAdminAndStaff();

const WITNESSES = ["Pedro Penduko", "DTI: Maria Makiling"];
const post = (
  handler: Parameters<typeof callRoute>[0],
  p: string,
  body: unknown,
  params: Record<string, string> = {},
  token = users.admin.token,
) => callRoute(handler, { method: "POST", path: p, body, params, token });
const pick = (id: string, controlNumber: string, token = users.admin.token) =>
  post(drumPickRoute, `/api/draws/${id}/drum-pick`, { controlNumber, witnesses: WITNESSES }, { id }, token);
const status = async () => (await db().raffleState.findUniqueOrThrow({ where: { id: 1 } })).status;

/** 10 sold tickets (3 voided before the commit), 2 unsold; prizes 1 (1 backup) and 2 (0 backups): 3 positions. */
async function drumDraw() {
  await createSoldTickets(10);
  await createTickets(users.admin, 50, 51, { userId: "x" });
  await voidTicket(users.admin, (await db().ticket.findFirstOrThrow({ where: { ticketNumber: 3 } })).id);
  expect(
    (await post(postPrizeRoute, "/api/prizes", { rank: 1, name: "Motorcycle", valuePhp: 80000, backups: 1 })).status,
  ).toBe(201);
  expect(
    (await post(postPrizeRoute, "/api/prizes", { rank: 2, name: "Rice cooker", valuePhp: 2500, backups: 0 })).status,
  ).toBe(201);
  expect((await post(closeSalesRoute, "/api/raffle/close-sales", { overrides: [] })).status).toBe(200);
  expect(
    (await post(commitRoute, "/api/draws", { mode: "drum", source: { type: "dice", count: 20 } })).json.message,
  ).toBe("A drum draw has no outside value: leave source out");
  expect((await post(commitRoute, "/api/draws", { mode: "rng" })).status).toBe(400);
  const res = await post(commitRoute, "/api/draws", { mode: "drum" });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  expect(res.json).toMatchObject({ poolCount: 9, positions: 3 });
  return res.json.id as string;
}

describe("drum mode", () => {
  it(
    "checks each counterfoil against the pool, records positions " + "in order, and the last one reveals the draw",
    async () => {
      const id = await drumDraw();
      const unsold = await db().ticket.findFirstOrThrow({ where: { ticketNumber: 50 } });
      expect(
        (await post(revealRoute, `/api/draws/${id}/reveal`, { outsideValue: "1", witnesses: ["A"] }, { id })).json,
      ).toMatchObject({
        code: "conflict",
        message: "This is a drum draw: record each counterfoil as it comes out of the drum",
      });
      expect((await pick(id, "B2K-123-99999")).json.message).toBe(
        "No ticket has the control number B2K-123-99999: put it aside and draw again",
      );
      expect((await pick(id, controlNumberOf(3))).json.message).toBe(
        `Ticket ${controlNumberOf(3)} is void: it is not in the draw. Put it aside and draw again`,
      );
      expect((await pick(id, unsold.controlNumber)).json.message).toBe(
        `Ticket ${unsold.controlNumber} was not sold: it is not in the draw. Put it aside and draw again`,
      );
      expect((await pick(id, controlNumberOf(7), users.staff.token)).status).toBe(403);
      expect(
        (
          await post(
            drumPickRoute,
            `/api/draws/${id}/drum-pick`,
            { controlNumber: controlNumberOf(7), witnesses: [] },
            { id },
          )
        ).status,
      ).toBe(400);

      // Typed in lower case, as a scanner or a hurried hand may: the pool's spelling is recorded.
      const first = await pick(id, controlNumberOf(7).toLowerCase());
      expect(first.status, JSON.stringify(first.json)).toBe(200);
      expect(first.json).toMatchObject({
        position: 1,
        controlNumber: controlNumberOf(7),
        prizeRank: 1,
        role: "winner",
        complete: false,
        remaining: 2,
      });
      expect((await pick(id, controlNumberOf(7))).json.message).toBe(
        `Ticket ${controlNumberOf(7)} is already drawn (position 1)`,
      );
      const admin1 = (
        await callRoute(drawRoute, { path: `/api/draws/${id}`, params: { id }, token: users.admin.token })
      ).json.draw;
      expect(admin1.drum).toMatchObject({
        total: 3,
        next: { position: 2, prizeRank: 1, role: "backup" },
        picked: [{ position: 1, controlNumber: controlNumberOf(7) }],
      });
      expect(admin1.sequence).toBeNull();
      expect(await status()).toBe("committed");

      // Two scans at once take consecutive positions; the same counterfoil twice at once is recorded once.
      const both = await Promise.all([pick(id, controlNumberOf(2)), pick(id, controlNumberOf(2))]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      const last = await pick(id, controlNumberOf(9));
      expect(last.json).toMatchObject({ position: 3, prizeRank: 2, role: "winner", complete: true, remaining: 0 });
      expect(await status()).toBe("drawn");
      expect((await pick(id, controlNumberOf(1))).json.message).toBe("This draw has already been revealed");

      const draw = (await callRoute(drawRoute, { path: `/api/draws/${id}`, params: { id }, token: users.admin.token }))
        .json.draw;
      expect(draw).toMatchObject({
        mode: "drum",
        outsideValue: null,
        seed: null,
        witnesses: WITNESSES,
        drum: null,
        serverSeed: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      expect(draw.sequence.map((s: { controlNumber: string; role: string }) => `${s.controlNumber}/${s.role}`)).toEqual(
        [`${controlNumberOf(7)}/winner`, `${controlNumberOf(2)}/backup`, `${controlNumberOf(9)}/winner`],
      );
      expect(await db().auditLog.count({ where: { action: "draw.winner_event", entityId: id } })).toBe(3);
      expect(await db().auditLog.count({ where: { action: "draw.reveal", entityId: id } })).toBe(1);

      // The certificate passes both checkers with the drum's checks; a ticket outside the pool fails them.
      const cert = (
        await callRoute(publicCertificateRoute, { path: `/api/public/draws/${id}/certificate.json`, params: { id } })
      ).json;
      const pool = script.parsePoolCsv(
        (await callRoute(poolCsvRoute, { path: `/api/public/draws/${id}/pool.csv`, params: { id } })).json as string,
      );
      expect(script.checkDraw(cert, pool).filter((c) => !c.ok)).toEqual([]);
      expect((await browserCheck.checkDraw(globalThis.crypto.subtle, cert, pool)).filter((c) => c.ok !== true)).toEqual(
        [],
      );
      const outsider = {
        ...cert,
        sequence: [{ ...cert.sequence[0], controlNumber: controlNumberOf(3) }, ...cert.sequence.slice(1)],
      };
      expect(
        script
          .checkDraw(outsider, pool)
          .filter((c) => !c.ok)
          .map((c) => c.name),
      ).toContain("drum draw: 3 positions, each a different ticket of the pool");

      // The public page says how it was drawn, with no outside value or seed to show.
      const html = await (
        await publicPage(new NextRequest(`${TEST_ORIGIN}/draw/${id}`), { params: Promise.resolve({ id }) })
      ).text();
      expect(html).toContain("Drawn by hand from a physical drum before witnesses");
      expect(html).toContain(cert.serverSeed);
      expect(html).not.toMatch(/<dt>Seed<\/dt>|Santos/);

      // Then as any draw: notify, publish.
      for (const n of [1, 3])
        expect(
          (
            await post(
              positionRoute,
              `/api/draws/${id}/positions/${n}/notify`,
              {},
              { id, n: String(n), action: "notify" },
            )
          ).status,
        ).toBe(200);
      expect((await post(publishRoute, `/api/draws/${id}/publish`, undefined, { id })).status).toBe(200);
    },
  );

  it("an RNG draw refuses drum picks", async () => {
    await createSoldTickets(5);
    await post(postPrizeRoute, "/api/prizes", { rank: 1, name: "TV", valuePhp: 20000 });
    await post(closeSalesRoute, "/api/raffle/close-sales", { overrides: [] });
    const id = (await post(commitRoute, "/api/draws", { source: { type: "dice", count: 20 } })).json.id;
    expect((await pick(id, controlNumberOf(1))).json).toMatchObject({
      code: "conflict",
      message: "This draw is computed from its seed: enter the outside value instead",
    });
  });
});
