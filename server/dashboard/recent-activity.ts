import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { RecentActivity } from "@/lib/schemas/dashboard";
import { RECENT_ACTIVITY_LIMIT } from "@/lib/dashboard/periods";

/**
 * [{ticket_id, buyer_name, control_number, payment_method, created_at, activity_type, is_registered, is_void}]:
 * the latest generations and registrations, newest first. A ticket generated with its buyer is one
 * activity (its generation); a registration is an activity of its own only when it came after the
 * generation, at its registration time. Only registrations newer than the 10th generation can make
 * the list, so both halves walk an index for a few rows whatever the table's size.
 */
export function recentActivityJson(limit = RECENT_ACTIVITY_LIMIT) {
  return Prisma.sql`(
    WITH generated AS (
      SELECT id, ticket_number, buyer_name, control_number, payment_method, created_at AS at, 'generated' AS
    activity_type,
             registered_at IS NOT NULL AS is_registered, voided_at IS NOT NULL AS is_void
      FROM tickets
      ORDER BY created_at DESC, ticket_number DESC
      LIMIT ${limit}::int
    ), registered AS (
      SELECT id, ticket_number, buyer_name, control_number, payment_method, registered_at AS at, 'registered' AS
    activity_type,
             true AS is_registered, voided_at IS NOT NULL AS is_void
      FROM tickets
      WHERE registered_at IS NOT NULL AND registered_at > created_at
        AND registered_at >= coalesce((SELECT min(at) FROM generated), '-infinity'::timestamptz)
      ORDER BY registered_at DESC
      LIMIT ${limit}::int
    )
    SELECT coalesce(json_agg(json_build_object('ticket_id', a.id, 'buyer_name', a.buyer_name, 'control_number',
    a.control_number,
             'payment_method', a.payment_method, 'created_at', a.at, 'activity_type', a.activity_type, 'is_registered',
    a.is_registered,
             'is_void', a.is_void)
             ORDER BY a.at DESC, (a.activity_type = 'registered') DESC, a.ticket_number DESC), '[]'::json)
    FROM (
      SELECT * FROM (SELECT * FROM generated UNION ALL SELECT * FROM registered) AS u
      ORDER BY at DESC, (activity_type = 'registered') DESC, ticket_number DESC
      LIMIT ${limit}::int
    ) AS a
  )`;
}

/** Instants inside JSON come in the session's zone: the API answers in UTC ISO strings. */
export function toRecentActivity(rows: RecentActivity[]): RecentActivity[] {
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() }));
}
