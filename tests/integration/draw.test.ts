// The draw (issue 23, docs/decisions/105-108, docs/draw.md): prizes, Close sales, commit, reveal,
// winners with backups, publication; the database's guards; the public proof and verify-draw.mjs.
import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { POST as commitRoute } from "@/app/api/draws/route";
import { GET as drawRoute } from "@/app/api/draws/[id]/route";
import { POST as publishRoute } from "@/app/api/draws/[id]/publish/route";
import { POST as positionRoute } from "@/app/api/draws/[id]/positions/[n]/[action]/route";
import { POST as revealRoute } from "@/app/api/draws/[id]/reveal/route";
import { GET as publicDrawRoute } from "@/app/api/public/draws/[id]/route";
import { GET as publicCertificateRoute } from "@/app/api/public/draws/[id]/certificate.json/route";
import { GET as poolCsvRoute } from "@/app/api/public/draws/[id]/pool.csv/route";
import { generateKeyPairSync, sign } from "node:crypto";
import { canonicalJson } from "@/scripts/verify-draw.mjs";
import { keyFingerprint } from "@/server/draw/key-fingerprint";
import { signingKeyPair } from "@/server/secrets/installation-secrets";
import { GET as scriptRoute } from "@/app/api/public/verify-draw.mjs/route";
import { DELETE as deletePrizeRoute, PUT as putPrizeRoute } from "@/app/api/prizes/[id]/route";
import { GET as prizesRoute, POST as postPrizeRoute } from "@/app/api/prizes/route";
import { POST as closeSalesRoute } from "@/app/api/raffle/close-sales/route";
import { GET as stateRoute } from "@/app/api/raffle/state/route";
import { POST as customRange } from "@/app/api/tickets/admin/generate-custom-range/route";
import { PUT as registerRoute } from "@/app/api/tickets/register/[controlNumber]/route";
import { DELETE as deleteTicketRoute } from "@/app/api/tickets/[id]/route";
import { POST as voidRoute } from "@/app/api/tickets/[id]/void/route";
import { NextRequest } from "next/server";
import { GET as publicPage } from "@/app/draw/[id]/route";
import { db } from "@/server/db/client";
import { deriveSeed, drawSequence, poolHash } from "@/server/draw/algorithm";
import { ticketDrawStatus } from "@/server/draw/ticket-draw-status";
import { createTickets, freshAdminAndStaff, voidTicket } from "@/tests/helpers/factories";
import { callRoute, TEST_ORIGIN } from "@/tests/helpers/http";
import { createSoldTickets } from "@/tests/helpers/sold-tickets";

const users = freshAdminAndStaff();

const DICE = "35126443526115623416";
const post = (
  handler: Parameters<typeof callRoute>[0],
  p: string,
  body: unknown,
  params: Record<string, string> = {},
  token = users.admin.token,
) => callRoute(handler, { method: "POST", path: p, body, params, token });
const addPrize = (body: object) => post(postPrizeRoute, "/api/prizes", body);
const closeSales = (overrides: unknown[] = []) => post(closeSalesRoute, "/api/raffle/close-sales", { overrides });
const commit = (source: object = { type: "dice", count: 20 }) => post(commitRoute, "/api/draws", { source });
const reveal = (id: string, outsideValue = DICE, witnesses = ["Pedro Penduko", "Maria Makiling"]) =>
  post(revealRoute, `/api/draws/${id}/reveal`, { outsideValue, outsideValueConfirm: outsideValue, witnesses }, { id });
const act = (id: string, n: number, action: string, body: object = {}) =>
  post(positionRoute, `/api/draws/${id}/positions/${n}/${action}`, body, { id, n: String(n), action });
const getDraw = async (id: string) =>
  (await callRoute(drawRoute, { path: `/api/draws/${id}`, params: { id }, token: users.admin.token })).json.draw;
const publish = (id: string) => post(publishRoute, `/api/draws/${id}/publish`, undefined, { id });
const status = async () => (await db().raffleState.findUniqueOrThrow({ where: { id: 1 } })).status;

/** Two prizes (1 and 2 backups), sales closed, a dice draw committed over `count` sold tickets. */
async function committedDraw(count = 20) {
  await createSoldTickets(count);
  expect((await addPrize({ rank: 1, name: "Motorcycle", valuePhp: 80000, backups: 1 })).status).toBe(201);
  expect((await addPrize({ rank: 2, name: "Rice cooker", valuePhp: "2,500.50", backups: 2 })).status).toBe(201);
  expect((await closeSales()).status).toBe(200);
  const res = await commit();
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as string;
}

describe("prizes", () => {
  it(
    "adds, lists, changes and removes prizes, with defaults, messages and unique ranks",
    { tags: ["sql"] },
    async () => {
      const res = await addPrize({ rank: 1, name: " Motorcycle ", valuePhp: 80000 });
      expect(res.json.prize).toMatchObject({
        rank: 1,
        name: "Motorcycle",
        valuePhp: "80000.00",
        backups: 3,
        claimDays: 60,
      });
      expect((await addPrize({ rank: 1, name: "Other", valuePhp: 1 })).json).toMatchObject({
        code: "conflict",
        message: "Rank 1 is already taken by another prize",
      });
      expect((await addPrize({ rank: 0, name: "X", valuePhp: 1 })).json).toMatchObject({
        code: "validation_failed",
        message: "Rank must be a whole number from 1 to 1000",
      });
      expect((await addPrize({ rank: 2, name: "X", valuePhp: 1.234 })).json.message).toBe(
        "Value must be an amount in pesos from 0 to 99,999,999.99",
      );
      expect((await addPrize({ rank: 2, name: "X", valuePhp: 1, backups: 21 })).json.message).toBe(
        "Backups must be a whole number from 0 to 20",
      );
      const id = res.json.prize.id;
      const put = await callRoute(putPrizeRoute, {
        method: "PUT",
        path: `/api/prizes/${id}`,
        params: { id },
        token: users.admin.token,
        body: { rank: 1, name: "Motorbike", valuePhp: 75000, backups: 2, claimDays: 30 },
      });
      expect(put.json.prize).toMatchObject({ name: "Motorbike", valuePhp: "75000.00", backups: 2, claimDays: 30 });
      expect(
        (await callRoute(prizesRoute, { path: "/api/prizes", token: users.staff.token })).json.prizes,
      ).toHaveLength(1);
      expect((await addPrize({ rank: 1, name: "X", valuePhp: 1 })).status).toBe(409);
      expect(
        (await post(postPrizeRoute, "/api/prizes", { rank: 3, name: "X", valuePhp: 1 }, {}, users.staff.token)).status,
      ).toBe(403);
      const del = await callRoute(deletePrizeRoute, {
        method: "DELETE",
        path: `/api/prizes/${id}`,
        params: { id },
        token: users.admin.token,
      });
      expect(del.status).toBe(200);
      expect(
        await db().auditLog.count({ where: { action: { in: ["prize.create", "prize.update", "prize.delete"] } } }),
      ).toBe(3);
    },
  );
});

describe("Close sales and the raffle's one-way state", () => {
  it("blocks on an open checklist item until it is overridden with a reason, then refuses registration", async () => {
    const [t] = (
      await callRoute(customRange, {
        method: "POST",
        path: "/api/tickets/admin/generate-custom-range",
        token: users.admin.token,
        body: { startRange: 1, endRange: 2, userId: "x" },
      })
    ).json.tickets;
    await db()
      .$executeRaw`WITH p AS (INSERT INTO payments (method, reference, reference_normalized, gcash_reference_key,
        amount_expected) VALUES ('gcash', '1001543610110', '1001543610110', '1001543610110', 50) RETURNING id)
      UPDATE tickets SET buyer_name = 'Gina Cash', registered_at = now(), payment_id = (SELECT id FROM p),
        payment_method = 'gcash' WHERE ticket_number = 2`;
    const blocked = await closeSales();
    expect(blocked.status).toBe(409);
    expect(blocked.json.blocking).toEqual([
      {
        item: "awaiting_statement",
        message:
          "1 GCash or bank payment (₱50.00) awaits a statement: import " +
          "the statement covering its day, or settle by hand",
        href: "/dashboard/reconciliation?tab=payments&state=awaiting_statement",
      },
    ]);
    expect((await closeSales([{ item: "awaiting_statement", reason: "short" }])).status).toBe(400);
    const closed = await closeSales([{ item: "awaiting_statement", reason: "Checked by hand against the GCash app" }]);
    expect(closed.status).toBe(200);
    expect(closed.json.state.status).toBe("sales_closed");
    expect(
      (await callRoute(stateRoute, { path: "/api/raffle/state", token: users.staff.token })).json.state,
    ).toMatchObject({
      status: "sales_closed",
      closeOverrides: [expect.objectContaining({ item: "awaiting_statement" })],
    });
    expect((await closeSales()).json).toMatchObject({ code: "conflict", message: "Sales are already closed" });
    const reg = await callRoute(registerRoute, {
      method: "PUT",
      path: `/api/tickets/register/${t.control_number}`,
      params: { controlNumber: t.control_number },
      token: users.staff.token,
      body: { buyerName: "Late Buyer", phoneNumber: "09171234567" },
    });
    expect(reg.status, JSON.stringify(reg.json)).toBe(409);
    expect(reg.json.code).toBe("sales_closed");
    // The trigger's sentence, whole and nothing after it (it once ended in "null", issue 40).
    expect(reg.json.message).toBe(`Sales are closed: ticket ${t.control_number} cannot be registered`);
    expect(await db().auditLog.count({ where: { action: "raffle.close_sales" } })).toBe(1);
  });

  it("a seller holding cash blocks as seller_balances", async () => {
    const [t] = (
      await callRoute(customRange, {
        method: "POST",
        path: "/api/tickets/admin/generate-custom-range",
        token: users.admin.token,
        body: { startRange: 1, endRange: 1, userId: "x" },
      })
    ).json.tickets;
    const reg = await callRoute(registerRoute, {
      method: "PUT",
      path: `/api/tickets/register/${t.control_number}`,
      params: { controlNumber: t.control_number },
      token: users.staff.token,
      body: { buyerName: "Cash Buyer", phoneNumber: "09171234567" },
    });
    expect(reg.status, JSON.stringify(reg.json)).toBe(200);
    expect((await closeSales()).json.blocking).toEqual([
      {
        item: "seller_balances",
        message: "1 seller still has a cash balance that is not zero",
        href: "/dashboard/remittances?balance=nonzero",
      },
    ]);
    expect((await closeSales([{ item: "seller_balances", reason: "Sam remits tomorrow morning" }])).status).toBe(200);
  });

  it("the database refuses a backward transition and removing the state", async () => {
    await db().raffleState.update({ where: { id: 1 }, data: { status: "sales_closed" } });
    await expect(db().raffleState.update({ where: { id: 1 }, data: { status: "selling" } })).rejects.toThrow(
      /cannot go from sales_closed to selling/,
    );
    await expect(db().raffleState.update({ where: { id: 1 }, data: { status: "drawn" } })).rejects.toThrow(
      /cannot go from sales_closed to drawn/,
    );
    await expect(db().$executeRawUnsafe(`DELETE FROM raffle_state`)).rejects.toThrow(/cannot be removed/);
  });
});

describe("commit", () => {
  it(
    "needs closed sales and a prize; snapshots the sold, not void " + "tickets with their hash; a second commit is 409",
    async () => {
      await createSoldTickets(5);
      await createTickets(users.admin, 50, 51, { userId: "x" });
      await voidTicket(users.admin, (await db().ticket.findFirstOrThrow({ where: { ticketNumber: 3 } })).id);
      expect((await commit()).json).toMatchObject({
        code: "conflict",
        message: "Close sales before committing the draw",
      });
      await closeSales();
      expect((await commit()).json.message).toBe("Add at least one prize before committing the draw");
      await addPrize({ rank: 1, name: "TV", valuePhp: 20000 });
      expect((await commit({ type: "coin" })).status).toBe(400);
      const res = await commit({ type: "pcso", game: "6/58", drawDate: "2026-12-15" });
      expect(res.status).toBe(201);
      const pool = ["B2K-123-00001", "B2K-123-00002", "B2K-123-00004", "B2K-123-00005"];
      expect(res.json).toMatchObject({ poolCount: 4, poolHash: poolHash(pool), positions: 4 });
      expect(res.json.commitHash).toMatch(/^[0-9a-f]{64}$/);
      const csv = await callRoute(poolCsvRoute, {
        path: `/api/public/draws/${res.json.id}/pool.csv`,
        params: { id: res.json.id },
      });
      expect(csv.json).toBe(`control_number\n${pool.join("\n")}\n`);
      expect(await status()).toBe("committed");
      expect((await commit()).json).toMatchObject({
        code: "conflict",
        message: "A draw is already committed and not yet revealed",
      });
      // The server seed is sealed, never stored in clear before the reveal.
      const row = await db().draw.findUniqueOrThrow({ where: { id: res.json.id } });
      expect(row.serverSeed).toBeNull();
      expect(row.sealedSeed.length).toBe(60);
    },
  );

  it("two commits at once: exactly one draw", { tags: ["sql"] }, async () => {
    await createSoldTickets(10);
    await addPrize({ rank: 1, name: "TV", valuePhp: 20000 });
    await closeSales();
    const results = await Promise.all([commit(), commit(), commit()]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await db().draw.count()).toBe(1);
  });

  it(
    "after the commit the database refuses voiding, deleting, " +
      "renumbering pool tickets, generating, and prize changes",
    async () => {
      const id = await committedDraw(5);
      const t = await db().ticket.findFirstOrThrow({ where: { ticketNumber: 1 } });
      const voided = await post(voidRoute, `/api/tickets/${t.id}/void`, { reason: "lost_stub" }, { id: t.id });
      expect(voided.status).toBe(409);
      expect(voided.json).toMatchObject({
        code: "draw_committed",
        message: "Ticket B2K-123-00001 is in a committed draw's pool",
      });
      const del = await callRoute(deleteTicketRoute, {
        method: "DELETE",
        path: `/api/tickets/${t.id}`,
        params: { id: t.id },
        token: users.admin.token,
      });
      expect(del.status).toBe(409);
      await expect(
        db().$executeRaw`UPDATE tickets SET voided_at = now(), void_reason = 'lost_stub' WHERE id = ${t.id}::uuid`,
      ).rejects.toThrow(/committed draw's pool/);
      await expect(db().$executeRaw`UPDATE tickets SET ticket_number = 999 WHERE id = ${t.id}::uuid`).rejects.toThrow(
        /committed draw's pool/,
      );
      await expect(db().$executeRaw`DELETE FROM tickets WHERE id = ${t.id}::uuid`).rejects.toThrow(
        /committed draw's pool/,
      );
      // A correction of the buyer's contact details is still allowed.
      await db().$executeRaw`UPDATE tickets SET address = 'Peñaflor, Quezon City' WHERE id = ${t.id}::uuid`;
      const gen = await callRoute(customRange, {
        method: "POST",
        path: "/api/tickets/admin/generate-custom-range",
        token: users.admin.token,
        body: { startRange: 90, endRange: 91, userId: "x" },
      });
      expect(gen.status).toBe(409);
      expect(gen.json.code).toBe("draw_committed");
      expect((await addPrize({ rank: 3, name: "Fan", valuePhp: 900 })).json).toMatchObject({
        code: "draw_committed",
        message: "The prizes are fixed: a draw has been committed",
      });
      await expect(
        db().$executeRaw`UPDATE draws SET pool_hash = repeat('0', 64) WHERE id = ${id}::uuid`,
      ).rejects.toThrow(/commitment never changes/);
      await expect(db().$executeRaw`DELETE FROM draw_pool WHERE draw_id = ${id}::uuid`).rejects.toThrow(/append-only/);
      await expect(db().$executeRaw`DELETE FROM draws`).rejects.toThrow(/kept forever/);
    },
  );
});

describe("reveal", () => {
  it("computes the whole sequence from the revealed seed; the public proof and verify-draw.mjs agree", async () => {
    const id = await committedDraw(20);
    expect((await reveal(id, "1234")).json).toMatchObject({
      code: "validation_failed",
      message: "Enter exactly 20 dice rolls (got 4)",
    });
    expect(
      (
        await post(
          revealRoute,
          `/api/draws/${id}/reveal`,
          { outsideValue: DICE, outsideValueConfirm: "1", witnesses: ["A"] },
          { id },
        )
      ).json.message,
    ).toBe("The two entries of the outside value differ");
    const res = await reveal(id);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ outsideValue: `dice:${DICE}`, positions: 5 });
    const draw = await getDraw(id);
    const pool = Array.from({ length: 20 }, (_, i) => `B2K-123-${String(i + 1).padStart(5, "0")}`);
    const seed = deriveSeed({
      serverSeed: Buffer.from(draw.serverSeed, "hex"),
      drawId: id,
      poolHash: draw.poolHash,
      outsideValue: draw.outsideValue,
    });
    expect(seed.toString("hex")).toBe(draw.seed);
    expect(draw.sequence.map((s: { controlNumber: string }) => s.controlNumber)).toEqual(drawSequence(pool, seed, 5));
    expect(draw.sequence.map((s: { prizeRank: number; role: string }) => `${s.prizeRank}${s.role[0]}`)).toEqual([
      "1w",
      "1b",
      "2w",
      "2b",
      "2b",
    ]);
    expect(draw.sequence[0]).toMatchObject({
      position: 1,
      state: "drawn",
      maskedName: expect.stringMatching(/^B\*\*\* \d\*\*\* S\*\*\*$/),
    });
    expect(draw.effectiveWinners).toEqual([
      { prizeRank: 1, position: 1, controlNumber: draw.sequence[0].controlNumber },
      { prizeRank: 2, position: 3, controlNumber: draw.sequence[2].controlNumber },
    ]);
    expect(draw.witnesses).toEqual(["Pedro Penduko", "Maria Makiling"]);
    expect(await status()).toBe("drawn");
    expect((await reveal(id)).json).toMatchObject({ code: "conflict", message: "This draw has already been revealed" });

    // The public JSON: no sign-in, masked names only, no phone.
    const pub = await callRoute(publicDrawRoute, { path: `/api/public/draws/${id}`, params: { id } });
    expect(pub.status).toBe(200);
    expect(pub.headers.get("set-cookie")).toBeNull();
    expect(pub.json.draw).toMatchObject({
      algorithm: "raffle-draw-v1",
      poolCount: 20,
      serverSeed: draw.serverSeed,
      sourceText: "witnessed dice, 20 rolls",
    });
    expect(JSON.stringify(pub.json)).not.toMatch(/Santos|9171234567/);

    // The public page: plain HTML, no script, no cookie, masked names only.
    const page = await publicPage(new NextRequest(`${TEST_ORIGIN}/draw/${id}`), { params: Promise.resolve({ id }) });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(page.headers.get("set-cookie")).toBeNull();
    expect(html).not.toMatch(/<script|Santos|9171234567/);
    expect(html).toContain("Drawn: winners being confirmed");
    expect(html).toContain(draw.poolHash);
    expect(html).toContain(draw.sequence[0].controlNumber);
    expect(html).toContain(`/api/public/draws/${id}/certificate.json`);
    expect(
      (await publicPage(new NextRequest(`${TEST_ORIGIN}/draw/nope`), { params: Promise.resolve({ id: "nope" }) }))
        .status,
    ).toBe(404);

    // The certificate and the script: exit 0, and 1 for a tampered certificate or pool.
    const cert = await callRoute(publicCertificateRoute, {
      path: `/api/public/draws/${id}/certificate.json`,
      params: { id },
    });
    expect(cert.status).toBe(200);
    expect(cert.json).toMatchObject({
      algorithm: "raffle-draw-v1",
      drawId: id,
      poolCount: 20,
      outsideValue: `dice:${DICE}`,
      auditCheckpoint: { count: expect.any(Number), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    const csv = (await callRoute(poolCsvRoute, { path: `/api/public/draws/${id}/pool.csv`, params: { id } }))
      .json as string;
    const script = (await callRoute(scriptRoute, { path: "/api/public/verify-draw.mjs" })).json as string;
    const dir = await mkdtemp(path.join(tmpdir(), "verify-draw-"));
    await writeFile(path.join(dir, "verify-draw.mjs"), script);
    const run = async (certificate: object, poolText: string, extra: string[] = []) => {
      await writeFile(path.join(dir, "certificate.json"), JSON.stringify(certificate));
      await writeFile(path.join(dir, "pool.csv"), poolText);
      try {
        const { stdout } = await promisify(execFile)(process.execPath, [
          path.join(dir, "verify-draw.mjs"),
          ...extra,
          path.join(dir, "certificate.json"),
          path.join(dir, "pool.csv"),
        ]);
        return { code: 0, stdout };
      } catch (error) {
        const e = error as { code: number; stdout: string };
        return { code: e.code, stdout: e.stdout };
      }
    };
    const good = await run(cert.json, csv);
    expect(good.code, good.stdout).toBe(0);
    expect(good.stdout).toContain("All checks passed");
    const swapped = [...cert.json.sequence];
    [swapped[0], swapped[1]] = [
      { ...swapped[1], position: 1 },
      { ...swapped[0], position: 2 },
    ];
    expect((await run({ ...cert.json, sequence: swapped }, csv)).code).toBe(1);
    expect((await run({ ...cert.json, outsideValue: "dice:11111111111111111111" }, csv)).code).toBe(1);
    expect((await run({ ...cert.json, drawNumber: 99 }, csv)).stdout).toMatch(/FAIL Ed25519 signature/);
    expect((await run(cert.json, csv.replace("B2K-123-00007\n", ""))).code).toBe(1);
    expect((await run(cert.json, csv.replace("B2K-123-00007", "B2K-123-00077"))).code).toBe(1);

    // The key (issue 40): the script prints the fingerprint it checked; a certificate re-signed with a
    // key it carries itself passes alone, and fails with --key (the Commitment Notice's fingerprint or the published
    // PEM).
    const { publicKeyPem } = await signingKeyPair();
    const published = keyFingerprint(publicKeyPem);
    expect(good.stdout).toContain(`Signature checked against the key with fingerprint (SHA-256): ${published}`);
    const other = generateKeyPairSync("ed25519");
    const { signature: _signature, ...unsigned } = {
      ...cert.json,
      publicKey: other.publicKey.export({ type: "spki", format: "pem" }).toString(),
    };
    const resigned = {
      ...unsigned,
      signature: sign(null, Buffer.from(canonicalJson(unsigned)), other.privateKey).toString("base64"),
    };
    const forged = keyFingerprint(resigned.publicKey);
    const alone = await run(resigned, csv);
    expect(alone.code, alone.stdout).toBe(0);
    expect(alone.stdout).toContain(`fingerprint (SHA-256): ${forged}`);
    await writeFile(path.join(dir, "public-key.pem"), publicKeyPem);
    for (const key of [published, published.replace(/ /g, "").toUpperCase(), path.join(dir, "public-key.pem")]) {
      const insisted = await run(resigned, csv, ["--key", key]);
      expect(insisted.code, insisted.stdout).toBe(1);
      expect(insisted.stdout).toContain(
        `FAIL signed with the published key (--key) (certificate's key ${forged}, expected ${published})`,
      );
      expect(insisted.stdout).toContain("The draw does NOT match its certificate.");
      const genuine = await run(cert.json, csv, ["--key", key]);
      expect(genuine.code, genuine.stdout).toBe(0);
      expect(genuine.stdout).toContain("ok   signed with the published key (--key)");
    }
  });

  it("two reveals at once leave exactly one sequence", { tags: ["sql"] }, async () => {
    const id = await committedDraw(30);
    const results = await Promise.all([reveal(id), reveal(id, "6".repeat(20)), reveal(id, "1".repeat(20))]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await db().drawPosition.count({ where: { drawId: id } })).toBe(5);
    expect(await db().winnerEvent.count({ where: { drawId: id } })).toBe(5);
  });

  it("checks a drand quicknet round offline", async () => {
    await createSoldTickets(5);
    await addPrize({ rank: 1, name: "TV", valuePhp: 20000, backups: 0 });
    await closeSales();
    const id = (await commit({ type: "drand-quicknet", round: 657413 })).json.id;
    expect(
      (
        await reveal(
          id,
          "b713718a38ae728dfd477991af2822e08d2f305e47718cef9f7848ce4050e7be41076862b98fad56e91a6b85b89cd97c",
        )
      ).json.message,
    ).toBe("This is not drand quicknet's signature of round 657413");
    const ok = await reveal(
      id,
      "b713718a38ae728dfd477991af2822e08d2f305e47718cef9f7848ce4050e7be41076862b98fad56e91a6b85b89cd97b",
    );
    expect(ok.json.outsideValue).toBe(
      "drand-quicknet:657413:fc1873a13f3545aeade8401532ef5519920652eee6b0d2b19ca12643b87b3587",
    );
  });
});

describe("winners", () => {
  it(
    "disqualifying promotes the backup; history kept; exhausted run → " +
      "publish 409; a new draw excludes earlier picks; publish",
    async () => {
      const id = await committedDraw(20);
      await reveal(id);
      let draw = await getDraw(id);
      const [p1, p2, p3, p4, p5] = draw.sequence;
      expect((await act(id, 2, "notify")).json.message).toBe(
        `Position 2 (${p2.controlNumber}) is not the current winner of Motorcycle`,
      );
      expect((await act(id, 1, "claim")).json.message).toBe(
        `Position 1 (${p1.controlNumber}) must be notified before claiming`,
      );
      expect((await act(id, 1, "notify")).status).toBe(200);
      expect((await act(id, 1, "forfeit")).json.message).toMatch(
        /^The claim period for Motorcycle ends on [A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M$/,
      );
      expect((await act(id, 1, "disqualify", { reason: "bad" })).json.message).toBe(
        "reason must be one of ineligible_buyer, duplicate_entry, unreachable, other",
      );
      expect((await act(id, 1, "disqualify", { reason: "other", note: "short" })).status).toBe(400);
      expect(
        (await act(id, 1, "disqualify", { reason: "ineligible_buyer", note: "Organiser's relative" })).status,
      ).toBe(200);
      draw = await getDraw(id);
      expect(draw.effectiveWinners[0]).toEqual({ prizeRank: 1, position: 2, controlNumber: p2.controlNumber });
      expect(draw.sequence[0].state).toBe("disqualified");
      expect((await publish(id)).json).toMatchObject({
        code: "conflict",
        message: "Notify the winner of Motorcycle before publishing",
      });
      // Reinstate and disqualify again: the history keeps every step.
      expect((await act(id, 1, "reinstate", { reason: "Relative was a mistake" })).status).toBe(200);
      expect((await getDraw(id)).sequence[0].state).toBe("notified");
      await act(id, 1, "disqualify", { reason: "duplicate_entry" });
      await act(id, 2, "disqualify", { reason: "unreachable", note: "Phone off for 3 days" });
      draw = await getDraw(id);
      expect(draw.exhaustedPrizes).toEqual([1]);
      expect(
        draw.events.filter((e: { position: number }) => e.position === 1).map((e: { event: string }) => e.event),
      ).toEqual(["drawn", "notified", "disqualified", "reinstated", "disqualified"]);
      await act(id, 3, "notify");
      await act(id, 3, "claim");
      expect(await publish(id).then((r) => r.json)).toMatchObject({
        code: "conflict",
        message: "Start a new draw for Motorcycle",
      });
      await expect(db().$executeRaw`UPDATE winner_events SET event = 'claimed'`).rejects.toThrow(/append-only/);
      await expect(db().$executeRaw`DELETE FROM winner_events`).rejects.toThrow(/append-only/);
      // Refused by the trigger, or first by the evidence table's foreign key (decision 129).
      await expect(db().$executeRawUnsafe(`TRUNCATE winner_events`)).rejects.toThrow(
        /append-only|referenced in a foreign key/,
      );

      // The new draw: Motorcycle only, over the pool minus every ticket already drawn.
      const second = await commit({ type: "dice", count: 5 });
      expect(second.status, JSON.stringify(second.json)).toBe(201);
      expect(second.json).toMatchObject({ poolCount: 15, positions: 2 });
      const csv = (
        await callRoute(poolCsvRoute, {
          path: `/api/public/draws/${second.json.id}/pool.csv`,
          params: { id: second.json.id },
        })
      ).json as string;
      for (const p of [p1, p2, p3, p4, p5]) expect(csv).not.toContain(p.controlNumber);
      expect((await reveal(second.json.id, "12345")).status).toBe(200);
      const again = await getDraw(second.json.id);
      expect(again.prizes.map((p: { rank: number }) => p.rank)).toEqual([1]);
      expect((await act(second.json.id, 1, "notify")).status).toBe(200);
      const published = await publish(second.json.id);
      expect(published.status, JSON.stringify(published.json)).toBe(200);
      expect(await status()).toBe("published");
      expect((await publish(second.json.id)).json.message).toBe("The winners are already published");
      expect(
        (await callRoute(publicDrawRoute, { path: `/api/public/draws/${id}`, params: { id } })).json.draw.publishedAt,
      ).toEqual(expect.any(String));
      // What the public verify page (issue 22) says for a ticket.
      const motorcycleWinner = again.effectiveWinners[0].controlNumber;
      expect(await ticketDrawStatus(motorcycleWinner)).toEqual({ status: "winner", statusText: "Winner: Motorcycle" });
      expect(await ticketDrawStatus(p3.controlNumber)).toEqual({ status: "winner", statusText: "Winner: Rice cooker" });
      expect(await ticketDrawStatus(p1.controlNumber)).toEqual({
        status: "not_winner",
        statusText: "Drawn: not a winning ticket",
      });
      expect(await ticketDrawStatus("B2K-999-99999")).toBeNull();
    },
  );
});
