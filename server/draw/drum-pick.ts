import "server-only";
import type { DrumPickPayload } from "@/lib/schemas/draw";
import { parseTicketRef } from "@/lib/ticket-number";
import { writeAudit } from "@/server/audit";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";
import { commitHash, positionPlan } from "@/server/draw/algorithm";
import { readRaffleStatus, setRaffleStatus } from "@/server/draw/raffle-state";
import { ALREADY_REVEALED, DRAW_NOT_FOUND, drawIdOrThrow, readAuditCheckpoint } from "@/server/draw/reveal-draw";
import { openSeed } from "@/server/draw/seal";
import { violatesConstraint } from "@/server/http/db-errors";
import { AppError } from "@/server/http/errors";

/**
 * POST /api/draws/{id}/drum-pick (docs/decisions/129): drum mode. Staff scan or type each
 * counterfoil as it comes out of the physical drum; the server checks it is in this draw's committed
 * pool (so sold, not void, not drawn by an earlier draw) and not already drawn, and records it as
 * the next position (prize and role from the same plan as an RNG draw). The last position reveals
 * the draw: the server seed (committed like any draw's) is published, the witnesses and the audit
 * checkpoint stored, and the raffle goes committed → drawn. Under a lock on the draw row, so two
 * scans at once take consecutive positions; the unique (draw, ticket) index refuses a double scan.
 */
export async function drumPick(options: { id: string; payload: DrumPickPayload; principal: Principal }) {
  requireAdmin(options.principal);
  const { user } = options.principal;
  const id = drawIdOrThrow(options.id);
  const entered = options.payload.controlNumber.trim();
  const ref = parseTicketRef(entered);
  try {
    return await db().$transaction(
      async (tx) => {
        // The state row first, FOR UPDATE (the last pick moves the state; see reveal-draw.ts).
        await readRaffleStatus(tx, { lock: true });
        const [draw] = await tx.$queryRaw<
          {
            mode: string;
            revealed_at: Date | null;
            prizes: { rank: number; backups: number }[];
            pool_count: number;
            sealed_seed: Uint8Array;
            commit_hash: string;
            number: number;
          }[]
        >`
          SELECT mode, revealed_at, prizes, pool_count, sealed_seed, commit_hash, number FROM draws WHERE id =
          ${id}::uuid FOR UPDATE`;
        if (!draw) throw new AppError("not_found", DRAW_NOT_FOUND);
        if (draw.mode !== "drum")
          throw new AppError("conflict", "This draw is computed from its seed: enter the outside value instead");
        if (draw.revealed_at) throw new AppError("conflict", ALREADY_REVEALED);
        const controlNumber = ref.kind === "control" ? ref.controlNumber : entered;
        const [entry] = await tx.$queryRaw<{ ticket_id: string; control_number: string }[]>`
          SELECT ticket_id, control_number FROM draw_pool WHERE draw_id = ${id}::uuid AND lower(control_number) =
          lower(${controlNumber})`;
        if (!entry) {
          const [ticket] = await tx.$queryRaw<
            { control_number: string; voided_at: Date | null; registered_at: Date | null; drawn: number | null }[]
          >`
            SELECT t.control_number, t.voided_at, t.registered_at,
              (SELECT d.number FROM draw_positions p JOIN draws d ON d.id = p.draw_id WHERE p.ticket_id = t.id LIMIT 1)
            AS drawn
            FROM tickets t WHERE lower(t.control_number) = lower(${controlNumber})`;
          if (!ticket)
            throw new AppError(
              "conflict",
              `No ticket has the control number ${controlNumber}: put it aside and draw again`,
            );
          if (ticket.voided_at)
            throw new AppError(
              "conflict",
              `Ticket ${ticket.control_number} is void: it is not in the draw. Put it aside and draw again`,
            );
          if (!ticket.registered_at)
            throw new AppError(
              "conflict",
              `Ticket ${ticket.control_number} was not sold: it is not in the draw. Put it aside and draw again`,
            );
          if (ticket.drawn)
            throw new AppError(
              "conflict",
              `Ticket ${ticket.control_number} was drawn in draw ${ticket.drawn}: put it aside and draw again`,
            );
          throw new AppError(
            "conflict",
            `Ticket ${ticket.control_number} is not in this draw's pool: put it aside and draw again`,
          );
        }
        const [already] = await tx.$queryRaw<{ position: number }[]>`
          SELECT position FROM draw_positions WHERE draw_id = ${id}::uuid AND ticket_id = ${entry.ticket_id}::uuid`;
        if (already)
          throw new AppError(
            "conflict",
            `Ticket ${entry.control_number} is already drawn (position ${already.position})`,
          );
        const [{ picked }] = await tx.$queryRaw<
          { picked: number }[]
        >`SELECT count(*)::int AS picked FROM draw_positions WHERE draw_id = ${id}::uuid`;
        const plan = positionPlan(draw.prizes, draw.pool_count);
        const slot = plan[picked];
        if (!slot) throw new AppError("conflict", ALREADY_REVEALED);
        await tx.$executeRaw`
          INSERT INTO draw_positions (draw_id, position, ticket_id, control_number, prize_rank, role)
          VALUES (${id}::uuid, ${slot.position}, ${entry.ticket_id}::uuid, ${entry.control_number}, ${slot.prizeRank},
          ${slot.role})`;
        await tx.$executeRaw`INSERT INTO winner_events (draw_id, position, event, actor_id) VALUES (${id}::uuid,
          ${slot.position}, 'drawn', ${user.id}::uuid)`;
        const complete = slot.position === plan.length;
        // Each counterfoil is a position's 'drawn' event, audited like every winner event.
        await writeAudit(tx, {
          actor: { id: user.id, email: user.email },
          action: "draw.winner_event",
          entityId: id,
          after: {
            number: draw.number,
            position: slot.position,
            controlNumber: entry.control_number,
            event: "drawn",
            reason: null,
            prizeRank: slot.prizeRank,
            role: slot.role,
            mode: "drum",
            witnesses: options.payload.witnesses,
          },
        });
        if (complete) {
          const serverSeed = await openSeed(id, Buffer.from(draw.sealed_seed));
          if (commitHash(serverSeed) !== draw.commit_hash)
            throw new Error(`draw ${id}: the sealed seed does not match its commitment`);
          const auditCheckpoint = await readAuditCheckpoint(tx);
          const updated = await tx.$executeRaw`
            UPDATE draws SET revealed_at = now(), revealed_by_id = ${user.id}::uuid, server_seed =
            ${serverSeed.toString("hex")},
              witnesses = ${JSON.stringify(options.payload.witnesses)}::jsonb, audit_checkpoint =
            ${JSON.stringify(auditCheckpoint)}::jsonb
            WHERE id = ${id}::uuid AND revealed_at IS NULL`;
          if (updated !== 1) throw new AppError("conflict", ALREADY_REVEALED);
          await setRaffleStatus(tx, "drawn");
          await writeAudit(tx, {
            actor: { id: user.id, email: user.email },
            action: "draw.reveal",
            entityId: id,
            after: {
              number: draw.number,
              mode: "drum",
              outsideValue: null,
              positions: plan.length,
              witnesses: options.payload.witnesses,
              auditCheckpoint,
            },
          });
        }
        return {
          id,
          position: slot.position,
          controlNumber: entry.control_number,
          prizeRank: slot.prizeRank,
          role: slot.role,
          complete,
          remaining: plan.length - slot.position,
        };
      },
      { timeout: 30_000, maxWait: 15_000 },
    );
  } catch (error) {
    if (
      violatesConstraint(error, "draw_positions_draw_id_ticket_id_key") ||
      violatesConstraint(error, "draw_positions_pkey")
    ) {
      throw new AppError(
        "conflict",
        "That counterfoil was just recorded by someone else: check the list and scan the next one",
      );
    }
    throw error;
  }
}
