import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import { AppError } from "@/server/http/errors";

type Tx = Prisma.TransactionClient;

export const SELLER_NOT_FOUND = "Seller not found";

/** A user by id as GET /api/auth/users lists them, or 404. */
export async function findSellerOrThrow(id: string, tx: Tx = db()) {
  const seller = await tx.user.findUnique({
    where: { id },
    select: { id: true, email: true, displayName: true, isDisabled: true },
  });
  if (!seller) throw new AppError("not_found", SELLER_NOT_FOUND);
  return seller;
}

/** The name a seller is shown by: their display name, or their address. */
export function sellerName(user: { email: string; displayName: string | null }) {
  return user.displayName?.trim() || user.email;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The {id} of /api/sellers/{id}/…: a user id, or 404 (nothing else names a seller). */
export function sellerIdParam(id: string): string {
  if (!UUID.test(id)) throw new AppError("not_found", SELLER_NOT_FOUND);
  return id.toLowerCase();
}
