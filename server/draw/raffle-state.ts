import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { RaffleStatus } from "@/lib/draw";
import type { CloseSalesPayload, RaffleStateView } from "@/lib/schemas/draw";
import { writeAudit } from "@/server/audit";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";
import { openChecklistItems } from "@/server/draw/close-sales-checklist";
import { AppError } from "@/server/http/errors";

type Tx = Prisma.TransactionClient;

/** The state row, locked for the caller's transaction when `lock` (every transition takes it first). */
export async function readRaffleStatus(tx: Tx, options: { lock?: boolean } = {}): Promise<RaffleStatus> {
  const rows = options.lock
    ? await tx.$queryRaw<{ status: RaffleStatus }[]>`SELECT status FROM raffle_state WHERE id = 1 FOR UPDATE`
    : await tx.$queryRaw<{ status: RaffleStatus }[]>`SELECT status FROM raffle_state WHERE id = 1`;
  return rows[0]?.status ?? "selling";
}

/** Moves the state in the caller's transaction; the database refuses a transition it does not allow. */
export async function setRaffleStatus(
  tx: Tx,
  status: RaffleStatus,
  extra: { salesClosedAt?: Date; publishedAt?: Date; closeOverrides?: Prisma.InputJsonValue } = {},
) {
  await tx.raffleState.update({ where: { id: 1 }, data: { status, ...extra } });
}

/**
 * GET /api/raffle/state (any signed-in user). `checklist: false` leaves out Close sales' open items
 * (their balance queries), for the write screens that only need the status (decision 202).
 */
export async function getRaffleState(options: { checklist?: boolean } = {}): Promise<RaffleStateView> {
  const client = db();
  const [state, checklist, open] = await Promise.all([
    client.raffleState.findUnique({ where: { id: 1 } }),
    options.checklist === false ? Promise.resolve([]) : openChecklistItems(client),
    client.draw.findFirst({ orderBy: { number: "desc" }, select: { id: true } }),
  ]);
  return {
    status: (state?.status ?? "selling") as RaffleStatus,
    salesClosedAt: state?.salesClosedAt?.toISOString() ?? null,
    publishedAt: state?.publishedAt?.toISOString() ?? null,
    closeOverrides: (state?.closeOverrides as RaffleStateView["closeOverrides"] | null) ?? [],
    checklist,
    currentDrawId: open?.id ?? null,
  };
}

/**
 * POST /api/raffle/close-sales: selling → sales_closed when every checklist item is clear or
 * overridden with a written reason (audited). 409 with `blocking: [{item, message}]` otherwise.
 */
export async function closeSales(options: { payload: CloseSalesPayload; principal: Principal }) {
  requireAdmin(options.principal);
  const { user } = options.principal;
  await db().$transaction(async (tx) => {
    const status = await readRaffleStatus(tx, { lock: true });
    if (status !== "selling") throw new AppError("conflict", "Sales are already closed");
    const open = await openChecklistItems(tx);
    const overridden = new Map(options.payload.overrides.map((o) => [o.item, o.reason]));
    const blocking = open.filter((item) => !overridden.has(item.item));
    if (blocking.length) {
      throw new AppError("conflict", `Close sales is blocked: ${blocking.map((b) => b.message).join("; ")}`, {
        extra: { blocking },
      });
    }
    const overrides = open.map((item) => ({
      item: item.item,
      message: item.message,
      reason: overridden.get(item.item)!,
    }));
    await setRaffleStatus(tx, "sales_closed", { salesClosedAt: new Date(), closeOverrides: overrides });
    await writeAudit(tx, {
      actor: { id: user.id, email: user.email },
      action: "raffle.close_sales",
      entityId: "1",
      after: { overrides },
    });
  });
  return getRaffleState();
}
