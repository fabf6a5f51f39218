import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { RaffleStatus } from "@/lib/draw";
import type { CloseoutView, PurgeCounts, ReopenRafflePayload } from "@/lib/schemas/closeout";
import { writeAudit } from "@/server/audit";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";
import { readRaffleStatus, setRaffleStatus } from "@/server/draw/raffle-state";
import { AppError } from "@/server/http/errors";
import { closeBlockers } from "@/server/closeout/close-blockers";
import { purgeReminder } from "@/lib/retention";
import { clearOutbox } from "@/server/mail/mailer";

// Close-out (issue 24, docs/decisions/130-132): the conditions of Close, Close, Reopen and the purge
// of buyers' personal data. The database holds the rest: a closed raffle refuses every write to its
// records (closed_raffle_guard, RF007), the state moves one way, the purge happens once.

type Tx = Prisma.TransactionClient;

async function readView(tx: Tx): Promise<CloseoutView> {
  const state = await tx.raffleState.findUnique({ where: { id: 1 } });
  const status = (state?.status ?? "selling") as RaffleStatus;
  const [blocking, archives, settings] = await Promise.all([
    status === "closed" ? Promise.resolve([]) : closeBlockers(tx, status),
    tx.raffleArchive.findMany({ where: { raffleStatus: "closed" }, orderBy: { downloadedAt: "desc" }, take: 20 }),
    tx.settings.findUnique({ where: { id: 1 }, select: { retentionMonths: true } }),
  ]);
  return {
    status,
    closedAt: state?.closedAt?.toISOString() ?? null,
    purgedAt: state?.purgedAt?.toISOString() ?? null,
    blocking,
    archives: archives.map((a) => ({
      id: a.id,
      sha256: a.sha256,
      sizeBytes: Number(a.sizeBytes),
      raffleStatus: a.raffleStatus as RaffleStatus,
      downloadedAt: a.downloadedAt.toISOString(),
    })),
    retention: purgeReminder({
      retentionMonths: settings?.retentionMonths ?? 0,
      closedAt: status === "closed" ? (state?.closedAt ?? null) : null,
      purgedAt: state?.purgedAt ?? null,
      now: new Date(),
    }),
  };
}

/** GET /api/raffle/closeout (administrators): the state, the unmet conditions and the archives. */
export async function getCloseout(principal: Principal): Promise<CloseoutView> {
  requireAdmin(principal);
  return db().$transaction((tx) => readView(tx));
}

const actorOf = (principal: Principal) => ({ id: principal.user.id, email: principal.user.email });

/** POST /api/raffle/close: published → closed when every condition holds; 409 with `blocking` otherwise. */
export async function closeRaffle(principal: Principal): Promise<CloseoutView> {
  requireAdmin(principal);
  return db().$transaction(async (tx) => {
    const status = await readRaffleStatus(tx, { lock: true });
    if (status === "closed") throw new AppError("conflict", "The raffle is already closed");
    const blocking = await closeBlockers(tx, status);
    if (blocking.length) {
      throw new AppError("conflict", `Close is blocked: ${blocking.map((b) => b.message).join("; ")}`, {
        extra: { blocking },
      });
    }
    await setRaffleStatus(tx, "closed");
    await tx.raffleState.update({ where: { id: 1 }, data: { closedAt: new Date() } });
    await writeAudit(tx, {
      actor: actorOf(principal),
      action: "raffle.close",
      entityId: "1",
      after: { status: "closed" },
    });
    return readView(tx);
  });
}

/** POST /api/raffle/reopen: closed → published with a written reason (the trigger allows it only with raffle.reopen).
 */
export async function reopenRaffle(options: {
  payload: ReopenRafflePayload;
  principal: Principal;
}): Promise<CloseoutView> {
  requireAdmin(options.principal);
  return db().$transaction(async (tx) => {
    const status = await readRaffleStatus(tx, { lock: true });
    if (status !== "closed") throw new AppError("conflict", "The raffle is not closed");
    await tx.$executeRaw`SELECT set_config('raffle.reopen', 'on', true)`;
    await tx.raffleState.update({ where: { id: 1 }, data: { status: "published", closedAt: null } });
    await tx.$executeRaw`SELECT set_config('raffle.reopen', '', true)`;
    await writeAudit(tx, {
      actor: actorOf(options.principal),
      action: "raffle.reopen",
      entityId: "1",
      after: { status: "published", reason: options.payload.reason },
    });
    return readView(tx);
  });
}

/**
 * POST /api/raffle/purge: only when closed, once, and after an archive was downloaded while closed.
 * In one transaction (docs/decisions/132, 147): nulls the buyers' phone, e-mail and address and the
 * payers' name and phone, shortens buyers' names to initials ('Juan Dela Cruz' → 'J. D. C.'),
 * deletes every ticket attachment, removes every disqualification and settlement evidence file (bytes
 * and name; the row and its SHA-256 stay), masks staff's free text (notes, reasons), deletes the outbox's .eml copies
 * of e-mailed tickets, and masks the same data inside the audit log's details through the one database function the
 * audit log's trigger lets through; one audit row with the counts. The draw's records hold control numbers only, so the
 * public proof is untouched.
 */
export async function purgePersonalData(principal: Principal): Promise<{ counts: PurgeCounts; view: CloseoutView }> {
  requireAdmin(principal);
  return db().$transaction(
    async (tx) => {
      const status = await readRaffleStatus(tx, { lock: true });
      if (status !== "closed") throw new AppError("conflict", "Close the raffle before purging personal data");
      const state = await tx.raffleState.findUnique({ where: { id: 1 }, select: { purgedAt: true, closedAt: true } });
      if (state?.purgedAt) throw new AppError("conflict", "The personal data was already purged");
      const archive = await tx.raffleArchive.findFirst({
        where: { raffleStatus: "closed", downloadedAt: { gte: state?.closedAt ?? new Date(0) } },
      });
      if (!archive) throw new AppError("conflict", "Download the archive after closing before purging personal data");
      await tx.$executeRaw`SELECT set_config('raffle.purge', 'on', true)`;
      // The words of every buyer's and payer's name, read before they become initials: the one
      // masking rule for free text (personal_text_masked) masks them in notes and audit rows (issue 37).
      await tx.$executeRaw`
        SELECT set_config('raffle.purge_names', coalesce((
          SELECT string_agg(DISTINCT lower(w), ' ') FROM (
            SELECT regexp_split_to_table(buyer_name, '[^[:alpha:]]+') AS w FROM tickets WHERE buyer_name IS NOT NULL
            UNION ALL SELECT regexp_split_to_table(payer_name, '[^[:alpha:]]+') FROM payments WHERE payer_name IS NOT
        NULL) x
          WHERE length(w) >= 3), ''), true)`;
      const tickets = await tx.$executeRaw`
        UPDATE tickets SET phone_number = NULL, email = NULL, address = NULL, buyer_name =
        personal_name_initials(buyer_name)
        WHERE phone_number IS NOT NULL OR email IS NOT NULL OR address IS NOT NULL OR buyer_name IS DISTINCT FROM
        personal_name_initials(buyer_name)`;
      const payments = await tx.$executeRaw`
        UPDATE payments SET payer_name = NULL, payer_phone = NULL WHERE payer_name IS NOT NULL OR payer_phone IS NOT
        NULL`;
      const attachments = await tx.$executeRaw`DELETE FROM ticket_attachments`;
      const evidenceFiles =
        (await tx.$executeRaw`
          UPDATE winner_event_evidence SET data = NULL, file_name = 'removed', removed_at = now() WHERE removed_at IS
          NULL`) +
        // A settlement's evidence (a receipt, a screenshot) names the payer as a proof of payment does (decision 235).
        (await tx.$executeRaw`
          UPDATE payment_settle_evidence SET data = NULL, file_name = 'removed', removed_at = now() WHERE removed_at IS
          NULL`);
      // A statement line's description names the payer, often with a mobile number (decision 136).
      const statementLines =
        await tx.$executeRaw`UPDATE statement_lines SET description = 'removed' WHERE description <> 'removed'`;
      // Notes written by staff about buyers: remittance receipts, the draw's winner events, balance
      // adjustments and settlements by hand (issue 37).
      const notes =
        (await tx.$executeRaw`
          UPDATE remittances SET note = personal_text_masked(note), void_reason = personal_text_masked(void_reason)
          WHERE note IS DISTINCT FROM personal_text_masked(note) OR void_reason IS DISTINCT FROM
          personal_text_masked(void_reason)`) +
        (await tx.$executeRaw`UPDATE winner_events SET note = personal_text_masked(note) WHERE note IS DISTINCT FROM
          personal_text_masked(note)`) +
        // Seller balance adjustments' and settlements' reasons ("Juan paid the treasurer, 0917…"), by the same rule
        // (decision 236).
        (await tx.$executeRaw`
          UPDATE remittance_adjustments SET reason = personal_text_masked(reason) WHERE reason IS DISTINCT FROM
          personal_text_masked(reason)`) +
        (await tx.$executeRaw`
          UPDATE payments SET settle_reason = personal_text_masked(settle_reason) WHERE settle_reason IS DISTINCT FROM
          personal_text_masked(settle_reason)`);
      const [{ rows: auditRows }] = await tx.$queryRaw<
        { rows: number }[]
      >`SELECT audit_log_redact_personal_data() AS rows`;
      await tx.$executeRaw`SELECT set_config('raffle.purge', '', true), set_config('raffle.purge_names', '', true)`;
      await tx.raffleState.update({ where: { id: 1 }, data: { purgedAt: new Date() } });
      // The .eml copies of e-mailed tickets (no SMTP server set), last, once every row above is
      // written: a failure here rolls the purge back, and a purge run again finds them gone (decision 171).
      const outboxMessages = await clearOutbox();
      const counts = {
        tickets,
        payments,
        attachments,
        evidenceFiles,
        statementLines,
        notes,
        auditRows,
        outboxMessages,
      };
      await writeAudit(tx, {
        actor: actorOf(principal),
        action: "raffle.purge",
        entityId: "1",
        after: { ...counts, archiveSha256: archive.sha256 },
      });
      return { counts, view: await readView(tx) };
    },
    { timeout: 120_000 },
  );
}
