// Close-out (issue 24, docs/decisions/130-132): Close's conditions, Close and Reopen, the closed raffle's
// guard over every write route and the same writes in SQL, and the purge of buyers' personal data.
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { POST as createCheckpointRoute } from "@/app/api/audit/checkpoints/route";
import { GET as verifyCheckpointRoute } from "@/app/api/audit/checkpoints/[id]/verify/route";
import { PUT as putSettingsRoute } from "@/app/api/settings/route";
import { POST as publishRoute } from "@/app/api/draws/[id]/publish/route";
import { POST as positionRoute } from "@/app/api/draws/[id]/positions/[n]/[action]/route";
import { GET as publicDrawRoute } from "@/app/api/public/draws/[id]/route";
import { POST as closeRoute } from "@/app/api/raffle/close/route";
import { GET as closeoutRoute } from "@/app/api/raffle/closeout/route";
import { POST as purgeRoute } from "@/app/api/raffle/purge/route";
import { POST as reopenRoute } from "@/app/api/raffle/reopen/route";
import { db } from "@/server/db/client";
import { resetEnvCache } from "@/server/env";
import { appErrorForDatabaseFailure } from "@/server/http/db-errors";
import { NOT_RAFFLE_WRITES, RAFFLE_WRITE_ROUTES } from "@/server/http/raffle-writes";
import { commitDraw, freshAdminAndStaff, revealDraw } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";
import { createSoldTickets } from "@/tests/helpers/sold-tickets";

const users = freshAdminAndStaff();

const GHOST = "6f1c1f40-8a55-4c1e-9d4e-2f0d7c1b0a98";
const post = (
  handler: Parameters<typeof callRoute>[0],
  p: string,
  body: unknown,
  params: Record<string, string> = {},
  token = users.admin.token,
) => callRoute(handler, { method: "POST", path: p, body, params, token });
const close = (token = users.admin.token) => post(closeRoute, "/api/raffle/close", { confirm: "CLOSE" }, {}, token);
const status = async () => (await db().raffleState.findUniqueOrThrow({ where: { id: 1 } })).status;

/** Sold tickets, one prize without backups, sales closed, drawn and published; returns the draw's id. */
async function publishedDraw() {
  const id = await commitDraw(users.admin, { soldTickets: 10 });
  await revealDraw(users.admin, id);
  expect(
    (await post(positionRoute, `/api/draws/${id}/positions/1/notify`, {}, { id, n: "1", action: "notify" })).status,
  ).toBe(200);
  const published = await post(publishRoute, `/api/draws/${id}/publish`, undefined, { id });
  expect(published.status, JSON.stringify(published.json)).toBe(200);
  return id;
}

/** Straight to closed through the allowed transitions, for the guard tests (no draw needed). */
async function closedBySql() {
  for (const s of ["sales_closed", "committed", "drawn", "published", "closed"]) {
    await db().$executeRawUnsafe(`UPDATE raffle_state SET status = '${s}' WHERE id = 1`);
  }
}

async function sqlRefusal(sql: string) {
  try {
    await db().$executeRawUnsafe(sql);
  } catch (error) {
    return appErrorForDatabaseFailure(error)?.code ?? String(error);
  }
  return "accepted";
}

describe("close and reopen", () => {
  it(
    "lists each unmet condition with where it is fixed, closes " + "once they hold, reopens with a reason; all audited",
    async () => {
      const early = await close();
      expect(early.status).toBe(409);
      expect(early.json.blocking).toEqual(
        expect.arrayContaining([expect.objectContaining({ item: "winners_published", href: "/dashboard/draw" })]),
      );

      const drawId = await publishedDraw();
      // An unmatched statement line and an unclaimed prize block Close.
      const [imp] = await db().$queryRaw<{ id: string }[]>`
      INSERT INTO statement_imports (kind, account_label, file_name, file_sha256, lines_read, lines_new, lines_skipped)
      VALUES ('bank_csv', 'BPI 1234', 'stmt.csv', ${"a".repeat(64)}, 1, 1, 0) RETURNING id`;
      await db().$executeRaw`
      INSERT INTO statement_lines (import_id, account_label, line_no, occurred_at, description, amount, checksum, state)
      VALUES (${imp.id}::uuid, 'BPI 1234', 1, now(), 'Transfer', 50, 'c1', 'unmatched')`;
      const blocked = await close();
      expect(blocked.status).toBe(409);
      expect(blocked.json.code).toBe("conflict");
      expect(blocked.json.blocking.map((b: { item: string }) => b.item).sort()).toEqual([
        "prizes_settled",
        "unmatched_lines",
      ]);
      expect(blocked.json.blocking.find((b: { item: string }) => b.item === "prizes_settled").message).toBe(
        "1 prize is neither claimed nor forfeited: 1. Motorcycle",
      );
      const view = await callRoute(closeoutRoute, { path: "/api/raffle/closeout", token: users.admin.token });
      expect(view.json.closeout.blocking).toHaveLength(2);

      // Fix both: the winner claims, the line is ignored with a reason.
      expect(
        (
          await post(
            positionRoute,
            `/api/draws/${drawId}/positions/1/claim`,
            {},
            { id: drawId, n: "1", action: "claim" },
          )
        ).status,
      ).toBe(200);
      await db().$executeRaw`UPDATE statement_lines SET state = 'ignored', note = 'Not a raffle payment'`;

      expect((await post(closeRoute, "/api/raffle/close", { confirm: "close" })).json.message).toBe(
        "Type CLOSE to confirm",
      );
      expect((await close(users.staff.token)).status).toBe(403);
      const closed = await close();
      expect(closed.status, JSON.stringify(closed.json)).toBe(200);
      expect(closed.json.closeout).toMatchObject({ status: "closed", blocking: [] });
      expect(closed.json.closeout.closedAt).toEqual(expect.any(String));
      expect((await close()).json).toMatchObject({ code: "conflict", message: "The raffle is already closed" });

      // The public proof still answers on a closed raffle.
      expect(
        (await callRoute(publicDrawRoute, { path: `/api/public/draws/${drawId}`, params: { id: drawId } })).status,
      ).toBe(200);

      expect((await post(reopenRoute, "/api/raffle/reopen", { reason: "short" })).json.message).toBe(
        "A reason of at least 10 characters is required to reopen",
      );
      expect(
        (await post(reopenRoute, "/api/raffle/reopen", { reason: "A late GCash refund" }, {}, users.staff.token))
          .status,
      ).toBe(403);
      const reopened = await post(reopenRoute, "/api/raffle/reopen", { reason: "A late GCash refund to record" });
      expect(reopened.status).toBe(200);
      expect(reopened.json.closeout).toMatchObject({ status: "published", closedAt: null });
      expect(
        (await post(reopenRoute, "/api/raffle/reopen", { reason: "A late GCash refund to record" })).json.message,
      ).toBe("The raffle is not closed");
      // Writes go through again once reopened.
      expect(await sqlRefusal(`UPDATE tickets SET address = 'Quezon City' WHERE ticket_number = 1`)).toBe("accepted");

      const audit = await db().auditLog.findMany({
        where: { action: { in: ["raffle.close", "raffle.reopen"] } },
        orderBy: { createdAt: "asc" },
      });
      expect(audit.map((a) => a.action)).toEqual(["raffle.close", "raffle.reopen"]);
      expect(audit[1].after).toMatchObject({ reason: "A late GCash refund to record" });
    },
  );

  it("the database refuses leaving closed except through a reopen", { tags: ["sql"] }, async () => {
    await closedBySql();
    expect(await sqlRefusal(`UPDATE raffle_state SET status = 'published' WHERE id = 1`)).toBe("conflict");
    expect(await status()).toBe("closed");
  });
});

/** Every (method, route) exported under app/api that writes. */
function writeRoutes(): string[] {
  const root = path.join(process.cwd(), "app");
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(path.join(dir, e.name)) : e.name === "route.ts" ? [path.join(dir, e.name)] : [],
    );
  return walk(path.join(root, "api")).flatMap((file) => {
    const source = readFileSync(file, "utf8");
    const route = "/" + path.relative(root, path.dirname(file)).split(path.sep).join("/");
    const methods = new Set<string>();
    for (const m of source.matchAll(/export\s+(?:const|async\s+function|function)\s+(POST|PUT|PATCH|DELETE)\b/g))
      methods.add(m[1]);
    for (const m of source.matchAll(/export\s*\{([^}]*)\}/g))
      for (const part of m[1].split(","))
        methods.add(
          part
            .split(/\s+as\s+/)
            .pop()!
            .trim(),
        );
    return [...methods].filter((m) => ["POST", "PUT", "PATCH", "DELETE"].includes(m)).map((m) => `${m} ${route}`);
  });
}

describe("a closed raffle refuses every write", () => {
  it("every write route is either a raffle write or listed as open, with why", () => {
    const listed = new Set<string>([...RAFFLE_WRITE_ROUTES, ...Object.keys(NOT_RAFFLE_WRITES)]);
    expect(
      writeRoutes().filter((r) => !listed.has(r)),
      "write routes in neither list of server/http/raffle-writes.ts",
    ).toEqual([]);
    expect(
      [...RAFFLE_WRITE_ROUTES].filter((r) => !writeRoutes().includes(r)),
      "listed routes that do not exist",
    ).toEqual([]);
  });

  it.each([...RAFFLE_WRITE_ROUTES])("%s answers 409 raffle_closed", async (entry) => {
    await closedBySql();
    const [method, route] = entry.split(" ");
    const params: Record<string, string> = {};
    const urlPath = route.replace(/\[([^\]]+)\]/g, (_, name: string) => {
      params[name] =
        name === "n" ? "1" : name === "action" ? "claim" : name === "controlNumber" ? "B2K-123-00001" : GHOST;
      return params[name];
    });
    const mod = (await import(path.join(process.cwd(), "app", route, "route.ts"))) as Record<
      string,
      Parameters<typeof callRoute>[0]
    >;
    const res = await callRoute(mod[method], { method, path: urlPath, params, body: {}, token: users.admin.token });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ code: "raffle_closed", message: "This raffle is closed" });
  });

  const TABLES = [
    "tickets",
    "ticket_attachments",
    "ticket_stubs",
    "payments",
    "statement_imports",
    "statement_lines",
    "statement_profiles",
    "remittances",
    "remittance_adjustments",
    "remittance_receipt_counter",
    "stub_allocations",
    "prizes",
    "draws",
    "draw_pool",
    "draw_positions",
    "winner_events",
    "winner_event_evidence",
  ];
  it.each(TABLES)("the database refuses INSERT, UPDATE and DELETE on %s", { tags: ["sql"] }, async (table) => {
    await createSoldTickets(2);
    await closedBySql();
    expect(await sqlRefusal(`INSERT INTO ${table} SELECT * FROM ${table} WHERE false`)).toBe("raffle_closed");
    expect(
      await sqlRefusal(
        `UPDATE ${table} SET ctid = ctid WHERE false`.replace(
          "SET ctid = ctid",
          "SET " + (await firstColumn(table)) + " = " + (await firstColumn(table)),
        ),
      ),
    ).toBe("raffle_closed");
    expect(await sqlRefusal(`DELETE FROM ${table} WHERE false`)).toBe("raffle_closed");
  });

  it("a real change is refused too, and the purge switch opens only its own writes", { tags: ["sql"] }, async () => {
    await createSoldTickets(2);
    await closedBySql();
    expect(await sqlRefusal(`UPDATE tickets SET buyer_name = 'Someone Else'`)).toBe("raffle_closed");
    expect(await sqlRefusal(`DELETE FROM payments`)).toBe("raffle_closed");
    const inPurge = await db()
      .$transaction(async (tx) => {
        await tx.$executeRaw`SELECT set_config('raffle.purge', 'on', true)`;
        await tx.$executeRawUnsafe(`INSERT INTO prizes (rank, name, value_php) VALUES (9, 'Fan', 1)`);
      })
      .then(
        () => "accepted",
        (e: unknown) => appErrorForDatabaseFailure(e)?.code,
      );
    expect(inPurge).toBe("raffle_closed");
  });
});

async function firstColumn(table: string) {
  const [row] = await db().$queryRawUnsafe<{ column_name: string }[]>(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = ` +
      `current_schema() AND table_name = '${table}' ORDER BY ordinal_position LIMIT 1`,
  );
  return `"${row.column_name}"`;
}

/** A SQL error's message (or "accepted"), for refusals that are not raffle_closed. */
async function sqlError(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    return String((error as Error).message);
  }
  return "accepted";
}

/**
 * Buyers' data as the archive would find it: in tickets, payments, attachments, evidence and the audit log's
 * details.
 */
async function personalDataEverywhere(drawId: string) {
  await db().$executeRaw`UPDATE tickets SET email = 'buyer' || ticket_number || '@buyers.test', address = 'Cebu City'
    WHERE ticket_number <= 5`;
  const [ticket] = await db().$queryRaw<{ id: string }[]>`SELECT id FROM tickets WHERE ticket_number = 2`;
  await db().$executeRaw`INSERT INTO ticket_attachments (id, ticket_id, file_name, file_size, content_type, data)
    VALUES (gen_random_uuid(), ${ticket.id}::uuid, 'receipt.png', 3, 'image/png', '\\x010203'::bytea)`;
  await db().$executeRaw`UPDATE payments SET payer_name = 'Juan Dela Cruz', payer_phone = '9170000000'`;
  const [event] = await db().$queryRaw<
    { id: bigint }[]
  >`SELECT id FROM winner_events WHERE draw_id = ${drawId}::uuid ORDER BY id LIMIT 1`;
  await db().$executeRaw`INSERT INTO winner_event_evidence (event_id, file_name, content_type, file_size, sha256, data)
    VALUES (${event.id}, 'Buyer 1 Santos ID.jpg', 'image/jpeg', 3, ${"c".repeat(64)}, '\\x040506'::bytea)`;
  // A GCash line whose description names the payer and their number (decided: ignored, so Close may pass).
  const [imp] = await db().$queryRaw<{ id: string }[]>`
    INSERT INTO statement_imports (kind, account_label, file_name, file_sha256, lines_read, lines_new, lines_skipped)
    VALUES ('gcash_pdf', 'GCash 0917', 'gcash.pdf', ${"d".repeat(64)}, 1, 1, 0) RETURNING id`;
  await db().$executeRaw`
    INSERT INTO statement_lines
      (import_id, account_label, line_no, occurred_at, description, reference, amount, checksum, state, note)
    VALUES (${imp.id}::uuid, 'GCash 0917', 1, now(), 'Transfer from JUAN DELA CRUZ 09171234567', '1001543610110', 50,
      'p1', 'ignored', 'Not a raffle payment')`;
  // Audit rows as the writers make them: ticket snapshots (to_jsonb), an e-mail's recipient, a note with a
  // phone and an e-mail in it, a payment's payer; and a staff account's row, which is not a buyer's.
  await db().$executeRaw`
    INSERT INTO audit_log (action, entity_type, entity_id, before, after)
    SELECT 'ticket.update', 'ticket', id::text, to_jsonb(t),
      to_jsonb(t) || jsonb_build_object('void_note', 'Buyer asked by 09171234567 and ' || t.email)
    FROM tickets t WHERE ticket_number <= 5`;
  const details = {
    email: { control_number: "B2K-123-00001", to: "buyer1@buyers.test", via: "file" },
    addTickets: { reason: "Same family", payerName: "Juan Dela Cruz", buyerName: "Buyer 2 Santos" },
    evidence: { number: 1, position: 1, event: "evidence", fileName: "Buyer 1 Santos ID.jpg", sha256: "c".repeat(64) },
    user: { email: "staff2@example.com", displayName: "Staff Two", isAdmin: false, isDisabled: false },
    remittance: {
      receipt_number: 1,
      seller: "Sam",
      amount: "50.00",
      method: "cash",
      note: "For buyer 1 santos, 0917 123 4567, buyer1@buyers.test",
    },
  };
  await db().$executeRaw`
    INSERT INTO audit_log (action, entity_type, entity_id, after) VALUES
      ('ticket.email', 'ticket', 'x', ${JSON.stringify(details.email)}::jsonb),
      ('payment.add_tickets', 'payment', 'y', ${JSON.stringify(details.addTickets)}::jsonb),
      ('draw.winner_event', 'draw', 'w', ${JSON.stringify(details.evidence)}::jsonb),
      ('user.create', 'user', 'z', ${JSON.stringify(details.user)}::jsonb),
      ('remittance.record', 'remittance', 'r', ${JSON.stringify(details.remittance)}::jsonb)`;
  // A remittance receipt whose note names a buyer with their phone and e-mail (issue 37), voided so the
  // balances stay as they were, with a void reason naming the buyer too.
  const [rem] = await db().$queryRaw<{ id: string }[]>`
    INSERT INTO remittances (seller_id, amount, method, covers_until, note, received_by_id)
    VALUES (${users.staff.user.id}::uuid, 50, 'cash', now(),
      'Collected from Buyer 1 Santos (0917 123 4567, buyer1@buyers.test)',
      ${users.admin.user.id}::uuid)
    RETURNING id::text AS id`;
  await db().$executeRaw`UPDATE remittances
    SET voided_at = now(), voided_by_id = ${users.admin.user.id}::uuid, void_reason =
    'Entered for BUYER 1 SANTOS by mistake'
    WHERE id = ${rem.id}::uuid`;
  // Balance adjustments whose reasons name a buyer (opposite, so the balance stays zero), and a payment
  // settled by hand whose reason and evidence file name one (decisions 235, 236; no live ticket, so
  // it blocks nothing), with its audit row as the service writes it.
  await db().$executeRaw`
    INSERT INTO remittance_adjustments (seller_id, amount, reason, created_by_id) VALUES
      (${users.staff.user.id}::uuid, 50, 'Buyer 3 Santos paid the treasurer directly, 0917 123 4567',
    ${users.admin.user.id}::uuid),
      (${users.staff.user.id}::uuid, -50, 'Undo: BUYER 3 SANTOS (buyer3@buyers.test) had not paid',
    ${users.admin.user.id}::uuid)`;
  const [settled] = await db().$queryRaw<{ id: string; settled_at: Date }[]>`
    INSERT INTO payments (method, reference, amount_expected, settled_at, settled_by_id, settle_reason)
    VALUES ('gcash', '1001543610999', 50, now(), ${users.admin.user.id}::uuid,
      'Buyer 4 Santos handed cash to the treasurer, 0917 123 4567')
    RETURNING id::text AS id, settled_at`;
  await db().$executeRaw`
    INSERT INTO payment_settle_evidence (payment_id, settled_at, file_name, content_type, file_size, sha256, data)
    VALUES (${settled.id}::uuid, ${settled.settled_at}, 'Buyer 4 Santos receipt.png', 'image/png', 3, ${"e".repeat(64)},
      '\\x070809'::bytea)`;
  const settleDetail = {
    method: "gcash",
    reference: "1001543610999",
    amount: "50.00",
    controlNumbers: [],
    reason: "Buyer 4 Santos handed cash to the treasurer, 0917 123 4567",
    evidence: { id: "f", fileName: "Buyer 4 Santos receipt.png", sha256: "e".repeat(64), fileSize: 3 },
  };
  await db().$executeRaw`
    INSERT INTO audit_log (action, entity_type, entity_id, after)
    VALUES ('payment.settle', 'payment', ${settled.id}, ${JSON.stringify(settleDetail)}::jsonb)`;
}

/**
 * Every text and JSON column of every table scanned for a buyer's phone number or e-mail (issue 37:
 * "a SQL scan finds no buyer's phone or e-mail anywhere after Purge, notes included"): the
 * "table.column" names that still hold one. A number is 10 digits after 0, +63 or nothing, not inside
 * a longer run of hex (hashes).
 */
async function contactDetailsAnywhere(): Promise<string[]> {
  const columns = await db().$queryRaw<{ table_name: string; column_name: string }[]>`
    SELECT c.table_name, c.column_name FROM information_schema.columns c JOIN information_schema.tables t
      ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
    WHERE c.table_schema = current_schema() AND c.table_name <> '_prisma_migrations' AND c.data_type IN ('text',
    'character varying', 'jsonb', 'json')
    ORDER BY 1, 2`;
  const found: string[] = [];
  for (const c of columns) {
    const [{ n }] = await db().$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM "${c.table_name}" WHERE "${c.column_name}"::text ~* $1`,
      "(@buyers\\.test|(^|[^0-9a-f])(\\+63|0)?9[0-9]{2}[ -]?[0-9]{3}[ -]?[0-9]{4}([^0-9a-f]|$))",
    );
    if (n) found.push(`${c.table_name}.${c.column_name}`);
  }
  return found;
}

/** Rows anywhere that still hold a buyer's phone, e-mail, address or full name. */
async function personalDataLeft() {
  const [left] = await db().$queryRaw<Record<string, bigint>[]>`
    SELECT (SELECT count(phone_number) FROM tickets) AS phones, (SELECT count(email) FROM tickets) AS emails,
           (SELECT count(address) FROM tickets) AS addresses,
           (SELECT count(*) FROM payments WHERE payer_name IS NOT NULL OR payer_phone IS NOT NULL) AS payers,
           (SELECT count(*) FROM ticket_attachments) AS attachments,
           (SELECT count(data) FROM winner_event_evidence) AS evidence_files,
           (SELECT count(*) FROM winner_event_evidence WHERE file_name ~ 'Santos') AS evidence_names,
           (SELECT count(*) FROM statement_lines WHERE description ~* '(917\d{7}|Dela Cruz)') AS statement_lines,
           (SELECT count(*) FROM remittances WHERE concat(note, void_reason) ~*
    '(917 ?\d{3} ?\d{4}|@buyers\.test|Santos)') AS remittance_notes,
           (SELECT count(*) FROM remittance_adjustments WHERE reason ~* '(917 ?\d{3} ?\d{4}|@buyers\.test|Santos)') AS
    adjustment_reasons,
           (SELECT count(*) FROM payments WHERE settle_reason ~* '(917 ?\d{3} ?\d{4}|@buyers\.test|Santos)') AS
    settle_reasons,
           (SELECT count(data) FROM payment_settle_evidence) + (SELECT count(*) FROM payment_settle_evidence WHERE
    file_name ~ 'Santos') AS settle_evidence,
           (SELECT count(*) FROM audit_log WHERE concat(before::text, after::text) ~*
    '(917 ?\d{3} ?\d{4}|9170000000|@buyers\.test|Cebu City|Santos|Dela Cruz)') AS audit_rows`;
  return Object.fromEntries(Object.entries(left).map(([k, v]) => [k, Number(v)]));
}

describe("purge", () => {
  it(
    "is refused until closed and archived, then removes phone, e-mail, address, names, " +
      "attachments and evidence files once, in the audit log too; the proof still works",
    async () => {
      const drawId = await publishedDraw();
      await personalDataEverywhere(drawId);
      expect(Object.values(await personalDataLeft()).every((n) => n > 0)).toBe(true);
      // The scan over every column sees them where they were put, so its empty answer after the purge means something.
      expect(await contactDetailsAnywhere()).toEqual(
        expect.arrayContaining([
          "audit_log.after",
          "payments.payer_phone",
          "payments.settle_reason",
          "remittance_adjustments.reason",
          "remittances.note",
          "statement_lines.description",
          "tickets.email",
          "tickets.phone_number",
        ]),
      );
      const purge = (token = users.admin.token) =>
        post(purgeRoute, "/api/raffle/purge", { confirm: "PURGE" }, {}, token);

      expect((await purge()).json).toMatchObject({
        code: "conflict",
        message: "Close the raffle before purging personal data",
      });
      expect(
        (
          await post(
            positionRoute,
            `/api/draws/${drawId}/positions/1/claim`,
            {},
            { id: drawId, n: "1", action: "claim" },
          )
        ).status,
      ).toBe(200);
      expect((await close()).status).toBe(200);
      expect((await purge()).json).toMatchObject({
        code: "conflict",
        message: "Download the archive after closing before purging personal data",
      });
      expect((await purge(users.staff.token)).status).toBe(403);
      expect((await post(purgeRoute, "/api/raffle/purge", { confirm: "yes" })).json.message).toBe(
        "Type PURGE to confirm",
      );

      const checkpoint = (await post(createCheckpointRoute, "/api/audit/checkpoints", undefined)).json.id as number;
      const verify = () =>
        callRoute(verifyCheckpointRoute, {
          path: `/api/audit/checkpoints/${checkpoint}/verify`,
          params: { id: String(checkpoint) },
          token: users.admin.token,
        });
      expect((await verify()).json).toMatchObject({ ok: true, maskedByPurgeAt: null });
      await db().raffleArchive.create({
        data: { sha256: "b".repeat(64), sizeBytes: 1000, raffleStatus: "closed", downloadedById: users.admin.user.id },
      });
      // Two e-mailed tickets written to the outbox folder (no SMTP server), and a file that is not a message.
      const outbox = await mkdtemp(path.join(tmpdir(), "purge-outbox-"));
      await writeFile(
        path.join(outbox, "2026-11-20T01-00-00-000Z-B2K-123-00001.eml"),
        "To: buyer1@buyers.test\n\nBuyer 1 Santos",
      );
      await writeFile(
        path.join(outbox, "2026-11-20T01-05-00-000Z-B2K-123-00002.eml"),
        "To: buyer2@buyers.test\n\nBuyer 2 Santos",
      );
      await writeFile(path.join(outbox, "README.txt"), "not a message");
      const savedOutbox = process.env.MAIL_OUTBOX_DIR;
      process.env.MAIL_OUTBOX_DIR = outbox;
      resetEnvCache();
      const done = await purge().finally(() => {
        if (savedOutbox === undefined) delete process.env.MAIL_OUTBOX_DIR;
        else process.env.MAIL_OUTBOX_DIR = savedOutbox;
        resetEnvCache();
      });
      expect(done.status, JSON.stringify(done.json)).toBe(200);
      expect(done.json.counts).toEqual({
        tickets: 10,
        payments: 10,
        attachments: 1,
        evidenceFiles: 2,
        statementLines: 1,
        notes: 4,
        auditRows: 10,
        outboxMessages: 2,
      });
      expect(await readdir(outbox)).toEqual(["README.txt"]);
      await rm(outbox, { recursive: true, force: true });
      expect(done.json.closeout.purgedAt).toEqual(expect.any(String));
      // A checkpoint taken before the purge no longer matches the masked log, and says why.
      expect((await verify()).json).toMatchObject({ ok: false, maskedByPurgeAt: done.json.closeout.purgedAt });

      expect(await personalDataLeft()).toEqual({
        phones: 0,
        emails: 0,
        addresses: 0,
        payers: 0,
        attachments: 0,
        evidence_files: 0,
        evidence_names: 0,
        statement_lines: 0,
        remittance_notes: 0,
        adjustment_reasons: 0,
        settle_reasons: 0,
        settle_evidence: 0,
        audit_rows: 0,
      });
      expect(await contactDetailsAnywhere()).toEqual([]);
      // The same rule in the adjustments' and the settlement's reasons; the settlement's file is gone, its row and hash
      // stay.
      const adjustments = await db().$queryRaw<
        { reason: string }[]
      >`SELECT reason FROM remittance_adjustments ORDER BY amount DESC`;
      expect(adjustments.map((a) => a.reason)).toEqual([
        "B. 3 S. paid the treasurer directly, [phone removed]",
        "Undo: B. 3 S. ([e-mail removed]) had not paid",
      ]);
      const [settlement] = await db().$queryRaw<
        { settle_reason: string; file_name: string; sha256: string; removed: boolean }[]
      >`
      SELECT p.settle_reason, e.file_name, e.sha256, e.removed_at IS NOT NULL AS removed FROM payments p JOIN
      payment_settle_evidence e ON e.payment_id = p.id`;
      expect(settlement).toEqual({
        settle_reason: "B. 4 S. handed cash to the treasurer, [phone removed]",
        file_name: "removed",
        sha256: "e".repeat(64),
        removed: true,
      });
      const settleRow = await db().auditLog.findFirstOrThrow({ where: { action: "payment.settle" } });
      expect(settleRow.after).toMatchObject({
        reason: "B. 4 S. handed cash to the treasurer, [phone removed]",
        evidence: { fileName: "removed", sha256: "e".repeat(64) },
      });
      // The one masking rule, in the note: names to initials, contact details removed, the rest kept.
      const [remittance] = await db().$queryRaw<
        { note: string; void_reason: string }[]
      >`SELECT note, void_reason FROM remittances`;
      expect(remittance).toEqual({
        note: "Collected from B. 1 S. ([phone removed], [e-mail removed])",
        void_reason: "Entered for B. 1 S. by mistake",
      });
      // The line keeps everything else it said and its decision.
      const [line] = await db().$queryRaw<
        { description: string; reference: string; amount: string; state: string; note: string }[]
      >`
      SELECT description, reference, amount::text, state, note FROM statement_lines WHERE account_label = 'GCash 0917'`;
      expect(line).toEqual({
        description: "removed",
        reference: "1001543610110",
        amount: "50.00",
        state: "ignored",
        note: "Not a raffle payment",
      });
      const names = await db().$queryRaw<
        { buyer_name: string }[]
      >`SELECT buyer_name FROM tickets ORDER BY ticket_number LIMIT 2`;
      expect(names.map((n) => n.buyer_name)).toEqual(["B. 1. S.", "B. 2. S."]);
      // The audit rows keep what they were about; only the personal data is masked.
      const emailed = await db().auditLog.findFirstOrThrow({ where: { action: "ticket.email" } });
      expect(emailed.after).toEqual({ control_number: "B2K-123-00001", to: null, via: "file" });
      const joined = await db().auditLog.findFirstOrThrow({ where: { action: "payment.add_tickets" } });
      expect(joined.after).toEqual({ reason: "Same family", payerName: "J. D. C.", buyerName: "B. 2. S." });
      const updated = await db().auditLog.findFirstOrThrow({
        where: { action: "ticket.update", entityId: { not: "x" } },
        orderBy: { id: "asc" },
      });
      expect(updated.after).toMatchObject({
        control_number: "B2K-123-00001",
        phone_number: null,
        email: null,
        address: null,
        buyer_name: "B. 1. S.",
        void_note: "B. asked by [phone removed] and [e-mail removed]",
      });
      const staffRow = await db().auditLog.findFirstOrThrow({ where: { action: "user.create" } });
      expect(staffRow.after).toMatchObject({ email: "staff2@example.com" });
      // The evidence row stays with its hash, for the archive's copy; the file is gone.
      const [evidence] = await db().$queryRaw<{ file_name: string; sha256: string; removed: boolean }[]>`
      SELECT file_name, sha256, removed_at IS NOT NULL AS removed FROM winner_event_evidence`;
      expect(evidence).toEqual({ file_name: "removed", sha256: "c".repeat(64), removed: true });

      const row = await db().auditLog.findFirstOrThrow({ where: { action: "raffle.purge" } });
      expect(row.after).toMatchObject({
        tickets: 10,
        payments: 10,
        attachments: 1,
        evidenceFiles: 2,
        statementLines: 1,
        notes: 4,
        auditRows: 10,
        outboxMessages: 2,
      });
      expect((await purge()).json).toMatchObject({ code: "conflict", message: "The personal data was already purged" });
      const proof = await callRoute(publicDrawRoute, { path: `/api/public/draws/${drawId}`, params: { id: drawId } });
      expect(proof.status).toBe(200);
      // Still closed: the purge opened nothing.
      expect(await sqlRefusal(`UPDATE tickets SET phone_number = '9170000000'`)).toBe("raffle_closed");
      // Once purged, not even the purge's own switches let the audit log be rewritten again.
      expect(
        await sqlError(() =>
          db().$transaction(async (tx) => {
            await tx.$executeRaw`SELECT set_config('raffle.purge', 'on', true), set_config('audit.redact', 'on', true)`;
            await tx.$executeRaw`UPDATE audit_log SET after = audit_redact_personal(after, entity_type IN
            ('ticket_attachment', 'draw'))`;
          }),
        ),
      ).toContain("audit_log is append-only");
    },
  );

  it(
    "the audit log stays append-only: ordinary UPDATE and DELETE are refused, and " +
      "the purge's switches allow only the masking, only inside the purge",
    { tags: ["sql"] },
    async () => {
      const drawId = await publishedDraw();
      await personalDataEverywhere(drawId);
      expect(await sqlError(() => db().$executeRaw`UPDATE audit_log SET after = '{}'::jsonb`)).toContain(
        "audit_log is append-only",
      );
      expect(
        await sqlError(() => db().$executeRaw`UPDATE audit_log SET after = audit_redact_personal(after)`),
      ).toContain("audit_log is append-only");
      expect(await sqlError(() => db().$executeRaw`DELETE FROM audit_log`)).toContain("audit_log is append-only");
      // The masking function runs only inside the purge.
      expect(await sqlError(() => db().$queryRaw`SELECT audit_log_redact_personal_data()`)).toContain(
        "Only the purge of personal data masks the audit log",
      );
      expect(
        (
          await post(
            positionRoute,
            `/api/draws/${drawId}/positions/1/claim`,
            {},
            { id: drawId, n: "1", action: "claim" },
          )
        ).status,
      ).toBe(200);
      expect((await close()).status).toBe(200);
      const inPurge = (statement: string) =>
        sqlError(() =>
          db().$transaction(async (tx) => {
            await tx.$executeRaw`SELECT set_config('raffle.purge', 'on', true), set_config('audit.redact', 'on', true)`;
            await tx.$executeRawUnsafe(statement);
          }),
        );
      // Closed, not yet purged, both switches on: anything but the exact masking is still refused.
      expect(
        await inPurge(`UPDATE audit_log SET after = '{"forged": true}'::jsonb WHERE action = 'ticket.email'`),
      ).toContain("audit_log is append-only");
      expect(
        await inPurge(
          `UPDATE audit_log SET action = 'ticket.view', after = ` +
            `audit_redact_personal(after, false) WHERE action = 'ticket.email'`,
        ),
      ).toContain("audit_log is append-only");
      expect(await inPurge(`DELETE FROM audit_log WHERE action = 'ticket.email'`)).toContain(
        "audit_log is append-only",
      );
      // Evidence files: only the removal, only in the purge.
      expect(await inPurge(`UPDATE winner_event_evidence SET sha256 = '${"d".repeat(64)}'`)).toContain("append-only");
      expect(await inPurge(`DELETE FROM winner_event_evidence`)).toContain("closed");
      // Statement lines: only the description, only to 'removed', and nothing else about the line.
      expect(await inPurge(`UPDATE statement_lines SET description = 'Transfer from J. D. C.'`)).toContain(
        "never changed",
      );
      expect(await inPurge(`UPDATE statement_lines SET description = 'removed', amount = 1`)).toContain(
        "never changed",
      );
      expect(await inPurge(`UPDATE statement_lines SET description = 'removed', note = 'x'`)).toContain(
        "never changed",
      );
      expect(await inPurge(`DELETE FROM statement_lines`)).toContain("closed");
      expect(await personalDataLeft()).toMatchObject({ audit_rows: 10, evidence_files: 1, statement_lines: 1 });
    },
  );

  it("a statement line's description is cleared only by the purge of a closed raffle", { tags: ["sql"] }, async () => {
    const drawId = await publishedDraw();
    await personalDataEverywhere(drawId);
    // Not closed: neither a plain UPDATE nor one under the purge's switch clears it.
    expect(await sqlError(() => db().$executeRaw`UPDATE statement_lines SET description = 'removed'`)).toContain(
      "never changed",
    );
    expect(
      await sqlError(() =>
        db().$transaction(async (tx) => {
          await tx.$executeRaw`SELECT set_config('raffle.purge', 'on', true)`;
          await tx.$executeRaw`UPDATE statement_lines SET description = 'removed'`;
        }),
      ),
    ).toContain("never changed");
    expect(await personalDataLeft()).toMatchObject({ statement_lines: 1 });
  });

  it(
    "an adjustment's reason and a settlement's file change only to " +
      "their purged form, only in the purge of a closed raffle",
    { tags: ["sql"] },
    async () => {
      const drawId = await publishedDraw();
      await personalDataEverywhere(drawId);
      const inPurge = (sql: string) =>
        sqlError(() =>
          db().$transaction(async (tx) => {
            await tx.$executeRaw`SELECT set_config('raffle.purge', 'on', true)`;
            await tx.$executeRawUnsafe(sql);
          }),
        );
      const masked = `UPDATE remittance_adjustments SET reason = personal_text_masked(reason)`;
      const removed = `UPDATE payment_settle_evidence SET data = NULL, file_name = 'removed', removed_at = now()`;
      // Not closed: the purge's switch opens nothing.
      expect(await inPurge(masked)).toContain("never changed or deleted");
      expect(await inPurge(removed)).toContain("append-only");
      expect(
        (
          await post(
            positionRoute,
            `/api/draws/${drawId}/positions/1/claim`,
            {},
            { id: drawId, n: "1", action: "claim" },
          )
        ).status,
      ).toBe(200);
      expect((await close()).status).toBe(200);
      // Closed, in the purge: only the exact masked form, and not the amount.
      expect(await inPurge(`UPDATE remittance_adjustments SET reason = 'something else'`)).toContain(
        "never changed or deleted",
      );
      expect(
        await inPurge(`UPDATE remittance_adjustments SET reason = personal_text_masked(reason), amount = amount * 2`),
      ).toContain("never changed or deleted");
      expect(
        await inPurge(
          `UPDATE payment_settle_evidence SET data = NULL, file_name = ` +
            `'removed', removed_at = now(), sha256 = '${"0".repeat(64)}'`,
        ),
      ).toContain("append-only");
      // Outside the purge the closed raffle refuses both.
      expect(await sqlRefusal(masked)).toBe("raffle_closed");
      expect(await sqlRefusal(removed)).toBe("raffle_closed");
      expect(await inPurge(masked)).toBe("accepted");
      expect(await inPurge(removed)).toBe("accepted");
    },
  );
});

describe("retention reminder", () => {
  const view = async () =>
    (await callRoute(closeoutRoute, { path: "/api/raffle/closeout", token: users.admin.token })).json.closeout;
  const setMonths = (retention_months: unknown) =>
    callRoute(putSettingsRoute, {
      method: "PUT",
      path: "/api/settings",
      body: { retention_months },
      token: users.admin.token,
    });

  it(
    "reminds administrators once the retention period after Close has " +
      "passed, until the purge; the setting turns it off",
    async () => {
      const drawId = await publishedDraw();
      expect((await view()).retention).toEqual({ retentionMonths: 36, purgeDueAt: null, isPurgeDue: false });
      expect(
        (
          await post(
            positionRoute,
            `/api/draws/${drawId}/positions/1/claim`,
            {},
            { id: drawId, n: "1", action: "claim" },
          )
        ).status,
      ).toBe(200);
      expect((await close()).status).toBe(200);
      const closedAt = (await db().raffleState.findUniqueOrThrow({ where: { id: 1 } })).closedAt!;
      const justClosed = await view();
      expect(justClosed.retention.isPurgeDue).toBe(false);
      expect(new Date(justClosed.retention.purgeDueAt).getUTCFullYear() - closedAt.getUTCFullYear()).toBe(3);

      // Closed 37 months ago: due.
      await db().$executeRaw`UPDATE raffle_state SET closed_at = now() - interval '37 months' WHERE id = 1`;
      expect((await view()).retention).toMatchObject({ retentionMonths: 36, isPurgeDue: true });
      expect((await setMonths(0)).status).toBe(200);
      expect((await view()).retention).toEqual({ retentionMonths: 0, purgeDueAt: null, isPurgeDue: false });
      expect((await setMonths(121)).json).toMatchObject({
        code: "validation_failed",
        message: "Retention period must be a whole number of months from 0 to 120",
      });
      expect((await setMonths(38)).status).toBe(200);
      expect((await view()).retention.isPurgeDue).toBe(false);
      expect((await setMonths(12)).status).toBe(200);
      expect((await view()).retention.isPurgeDue).toBe(true);

      // Purged: nothing left to remind of.
      await db().raffleArchive.create({
        data: { sha256: "b".repeat(64), sizeBytes: 1000, raffleStatus: "closed", downloadedById: users.admin.user.id },
      });
      expect((await post(purgeRoute, "/api/raffle/purge", { confirm: "PURGE" })).status).toBe(200);
      expect((await view()).retention).toEqual({ retentionMonths: 12, purgeDueAt: null, isPurgeDue: false });
    },
  );
});
