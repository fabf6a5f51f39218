// GET /api/tickets/creators (administrators): the users who created tickets, for the creator filter.
import { apiRequest } from "@/lib/api-client";

export interface TicketCreator {
  email: string;
  name: string | null;
}

export const ticketCreatorsApi = {
  list: () => apiRequest<{ success: true; creators: TicketCreator[] }>("/tickets/creators"),
};
