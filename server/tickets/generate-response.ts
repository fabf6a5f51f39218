import "server-only";
import { json } from "@/server/http/api-route";
import { generateTickets } from "@/server/tickets/generate-tickets";
import type { TicketsGenerated } from "@/lib/schemas/ticket-response";

/** 201 with `ticket` for one, `tickets` and `count` for several (both generate routes). */
export async function generateTicketsResponse(options: Parameters<typeof generateTickets>[0]) {
  const tickets = await generateTickets(options);
  if (tickets.length === 1)
    return json(
      { success: true, message: "Ticket generated successfully", ticket: tickets[0] } satisfies TicketsGenerated,
      201,
    );
  return json(
    {
      success: true,
      message: `${tickets.length} tickets generated successfully`,
      tickets,
      count: tickets.length,
    } satisfies TicketsGenerated,
    201,
  );
}
