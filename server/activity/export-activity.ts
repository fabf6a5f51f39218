import "server-only";
import Papa from "papaparse";
import { formatCsvDateTime, formatDateTime, TIME_FORMATS } from "@/lib/format";
import type { AuditFilters } from "@/lib/schemas/audit";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";
import { activityConditions, selectActivityRows, type ActivityRow } from "@/server/activity/activity-rows";
import { getSettings } from "@/server/settings/get-settings";

const BATCH_SIZE = 1000;

function csvRows(rows: ActivityRow[], timezone: string) {
  return rows.map((r) => [
    formatCsvDateTime(r.created_at, timezone),
    r.actor_email ?? "",
    r.action,
    r.entity_type,
    r.subject ?? "",
    r.entity_id ?? "",
    r.before == null ? "" : JSON.stringify(r.before),
    r.after == null ? "" : JSON.stringify(r.after),
  ]);
}

/**
 * GET /api/audit/export: every row the filters keep, newest first, as CSV, streamed in batches
 * of 1,000 walked by (created_at, id) so memory stays flat at any size. Rows written after the
 * export starts are not in it. Cells that a spreadsheet would run as a formula are prefixed
 * with a quote (OWASP's CSV injection advice).
 */
export async function exportActivity(options: { principal: Principal; filters: AuditFilters }) {
  requireAdmin(options.principal);
  const { timezone } = await getSettings();
  const conditions = activityConditions(options.filters, timezone);
  const header = ["Time", "Actor", "Action", "Entity Type", "Subject", "Entity ID", "Before", "After"];
  const encoder = new TextEncoder();
  let cursor: { createdAt: Date; id: string } | undefined;
  let isFirst = true;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const rows = await selectActivityRows(db(), { conditions, limit: BATCH_SIZE, before: cursor });
        if (isFirst || rows.length > 0) {
          const data = csvRows(rows, timezone);
          // papaparse ends a header with no rows in a newline; rows are joined by the batches.
          const text = Papa.unparse(isFirst ? { fields: header, data } : data, {
            escapeFormulae: true,
            newline: "\r\n",
          }).replace(/\r\n$/, "");
          controller.enqueue(encoder.encode(`${isFirst ? "\uFEFF" : "\r\n"}${text}`));
          isFirst = false;
        }
        if (rows.length < BATCH_SIZE) return controller.close();
        const last = rows[rows.length - 1];
        cursor = { createdAt: new Date(last.created_at), id: last.id };
      } catch (error) {
        controller.error(error);
      }
    },
  });
  const fileName = `activity-log-${formatDateTime(new Date(), timezone, TIME_FORMATS.fileDate)}.csv`;
  return { stream, fileName };
}
