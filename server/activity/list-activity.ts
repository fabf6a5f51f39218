import "server-only";
import { AUDIT_PAGE_SIZE, type AuditListQuery } from "@/lib/schemas/audit";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";
import {
  activityConditions,
  selectActivityRows,
  serializeActivityRow,
  whereClause,
} from "@/server/activity/activity-rows";
import { getSettings } from "@/server/settings/get-settings";

/** GET /api/audit: one page (50) of the audit log, newest first, with the filtered total. */
export async function listActivity(options: { principal: Principal; query: AuditListQuery }) {
  requireAdmin(options.principal);
  const { page, ...filters } = options.query;
  const { timezone } = await getSettings();
  const conditions = activityConditions(filters, timezone);
  const [rows, [{ total }]] = await Promise.all([
    selectActivityRows(db(), { conditions, limit: AUDIT_PAGE_SIZE, offset: (page - 1) * AUDIT_PAGE_SIZE }),
    db().$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM audit_log a ${whereClause(conditions)}`,
  ]);
  return {
    entries: rows.map(serializeActivityRow),
    total,
    page,
    pageSize: AUDIT_PAGE_SIZE,
    totalPages: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)),
    timezone,
  };
}
