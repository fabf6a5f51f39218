import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db/client";

type Tx = Prisma.TransactionClient;

/** The single settings row (the first migration inserts it with the defaults of SPEC section 3). */
export async function getSettings(tx: Tx = db()) {
  const row = await tx.settings.findUnique({ where: { id: 1 } });
  return row ?? (await tx.settings.upsert({ where: { id: 1 }, create: { id: 1 }, update: {} }));
}

export type SettingsRow = Awaited<ReturnType<typeof getSettings>>;
