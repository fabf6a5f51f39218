// GET /api/tickets/creators (administrators): the users who created tickets, for the creator filter.
import { apiRequest } from "@/lib/api-client";

import type { TicketCreator } from "@/lib/schemas/ticket-response";

export type { TicketCreator };

export const ticketCreatorsApi = {
  list: () => apiRequest<{ success: true; creators: TicketCreator[] }>("/tickets/creators"),
};
