import "server-only";
import { columnMappingSchema, type ColumnMapping } from "@/lib/schemas/reconciliation";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";

/** GET /api/reconciliation/profiles: the saved column mapping of each bank profile (administrators). */
export async function listProfiles(options: {
  principal: Principal;
}): Promise<{ profiles: { name: string; mapping: ColumnMapping }[] }> {
  requireAdmin(options.principal);
  const rows = await db().statementProfile.findMany({ orderBy: { name: "asc" } });
  return {
    profiles: rows.flatMap((r) => {
      const parsed = columnMappingSchema.safeParse(r.mapping);
      return parsed.success ? [{ name: r.name, mapping: parsed.data }] : [];
    }),
  };
}
