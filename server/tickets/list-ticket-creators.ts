import "server-only";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";

export interface TicketCreator {
  email: string;
  /** The user's display name now, else the name recorded on their latest ticket; null when neither. */
  name: string | null;
}

/**
 * GET /api/tickets/creators: the people who created tickets, for Tickets Management's creator
 * filter (administrators). A "loose index scan" over tickets_creator_email_idx: each step jumps
 * to the next distinct creator_email, so the cost follows the number of creators (a handful),
 * not the number of tickets (up to 99,999).
 */
export async function listTicketCreators(options: { principal: Principal }): Promise<TicketCreator[]> {
  requireAdmin(options.principal);
  const rows = await db().$queryRaw<{ email: string; name: string | null }[]>`
    WITH RECURSIVE c(email) AS (
      (SELECT creator_email FROM tickets WHERE creator_email IS NOT NULL ORDER BY creator_email LIMIT 1)
      UNION ALL
      SELECT (SELECT t.creator_email FROM tickets t WHERE t.creator_email > c.email ORDER BY t.creator_email LIMIT 1)
      FROM c WHERE c.email IS NOT NULL
    )
    SELECT c.email,
           coalesce(nullif(u.display_name, ''),
                    (SELECT t.creator_name FROM tickets t WHERE t.creator_email = c.email AND t.creator_name IS NOT NULL
    LIMIT 1)) AS name
    FROM c LEFT JOIN users u ON u.email = c.email
    WHERE c.email IS NOT NULL
    ORDER BY c.email`;
  return rows.map((r) => ({ email: r.email, name: r.name }));
}
