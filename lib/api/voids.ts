// Voids (docs/decisions/051): take a ticket out of the raffle, put it back, and the Voided numbers
// report. Shapes: the ticket contract (lib/schemas/ticket-response.ts) and VoidedTicket.
import { apiRequest } from "@/lib/api-client";
import { toQuery } from "@/lib/api/tickets";
import type { UnvoidTicketPayload, VoidAnswer, VoidedPage, VoidTicketPayload } from "@/lib/schemas/void";

const ref = (value: string) => encodeURIComponent(value.trim());

/** The report's CSV, for a plain download link. */
export const VOIDED_EXPORT_PATH = "/api/tickets/voided/export";

export const voidsApi = {
  voidTicket: (id: string, body: VoidTicketPayload) =>
    apiRequest<VoidAnswer>(`/tickets/${ref(id)}/void`, {
      method: "POST",
      body,
    }),
  unvoidTicket: (id: string, body: UnvoidTicketPayload) =>
    apiRequest<VoidAnswer>(`/tickets/${ref(id)}/unvoid`, {
      method: "POST",
      body,
    }),
  list: (params: { limit: number; offset: number }) => apiRequest<VoidedPage>(`/tickets/voided${toQuery(params)}`),
};
