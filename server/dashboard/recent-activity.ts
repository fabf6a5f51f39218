import "server-only";
import type { RecentActivity } from "@/lib/api/dashboard";
import { RECENT_ACTIVITY_LIMIT } from "@/lib/dashboard/periods";
import { db } from "@/server/db/client";

interface ActivityRow {
  ticket_id: string;
  buyer_name: string | null;
  control_number: string;
  payment_method: string;
  at: Date;
  activity_type: "generated" | "registered";
  is_registered: boolean;
}

/**
 * The latest generations and registrations, newest first. A ticket generated with its buyer is one
 * activity (its generation); a registration is an activity of its own only when it came after the
 * generation, at its registration time. Only registrations newer than the 10th generation can
 * make the list, so both halves walk an index for a few rows whatever the table's size.
 */
export async function readRecentActivity(limit = RECENT_ACTIVITY_LIMIT): Promise<RecentActivity[]> {
  const rows = await db().$queryRaw<ActivityRow[]>`
    WITH generated AS (
      SELECT id, ticket_number, buyer_name, control_number, payment_method, created_at AS at, 'generated' AS activity_type,
             registered_at IS NOT NULL AS is_registered
      FROM tickets
      ORDER BY created_at DESC, ticket_number DESC
      LIMIT ${limit}::int
    ), registered AS (
      SELECT id, ticket_number, buyer_name, control_number, payment_method, registered_at AS at, 'registered' AS activity_type,
             true AS is_registered
      FROM tickets
      WHERE registered_at IS NOT NULL AND registered_at > created_at
        AND registered_at >= coalesce((SELECT min(at) FROM generated), '-infinity'::timestamptz)
      ORDER BY registered_at DESC
      LIMIT ${limit}::int
    )
    SELECT id::text AS ticket_id, buyer_name, control_number, payment_method, at, activity_type, is_registered
    FROM (SELECT * FROM generated UNION ALL SELECT * FROM registered) AS a
    ORDER BY at DESC, (activity_type = 'registered') DESC, ticket_number DESC
    LIMIT ${limit}::int`;
  return rows.map((r) => ({
    ticket_id: r.ticket_id,
    buyer_name: r.buyer_name,
    control_number: r.control_number,
    payment_method: r.payment_method,
    created_at: r.at.toISOString(),
    activity_type: r.activity_type,
    is_registered: r.is_registered,
  }));
}
