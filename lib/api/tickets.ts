// The ticket calls of SPEC section 7, typed, for the screens. The ticket's shape is the one
// contract of lib/schemas/ticket-response.ts, which the server's SELECT is built from.
import { apiRequest } from "@/lib/api-client";
import type { GenerateTicketInput, registerTicketSchema } from "@/lib/schemas/ticket";
import type {
  CustomRangeResult,
  RegisterMultipleResult,
  Ticket,
  TicketAnswer,
  TicketPage,
  TicketSaved,
  ticketStatsSchema,
  VisibleTicketPage,
} from "@/lib/schemas/ticket-response";
import type { z } from "zod";

export type { Ticket, TicketPage, TicketStats, VisibleTicket } from "@/lib/schemas/ticket-response";

/** Filters of GET /api/tickets/search, as the tickets list keeps them. */
export interface TicketSearchParams {
  search?: string;
  status?: "all" | "registered" | "unregistered";
  payment?: string;
  user?: string;
  limit: number;
  offset: number;
  /** "capped": a filtered total stops at 1,000 (decision 081). */
  count?: "capped" | "exact";
  /** A page's nextCursor (the page after it) or prevCursor (the page before it); offset is then ignored. */
  after?: string;
  before?: string;
}

export type { CustomRangeResult, RegisterMultipleResult };

/** The buyer and payment a registration sends: the register schema's input (the path names the ticket). */
export type BuyerInput = Omit<z.input<typeof registerTicketSchema>, "controlNumber">;

/** Builds a query string, leaving out empty values. */
export function toQuery(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === "") continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

const ref = (value: string | number) => encodeURIComponent(String(value).trim());

export const ticketsApi = {
  search: (params: TicketSearchParams) =>
    apiRequest<TicketPage & { success: true }>(`/tickets/search${toQuery({ ...params })}`),
  list: (params: { limit: number; offset: number }) =>
    apiRequest<TicketPage & { success: true }>(`/tickets${toQuery(params)}`),
  stats: () => apiRequest<z.infer<typeof ticketStatsSchema>>("/tickets/stats"),
  get: (id: string) => apiRequest<TicketAnswer>(`/tickets/${ref(id)}`),
  /** One ticket by control number, last 5 digits or id (404 when there is none). */
  lookup: (term: string, options: { signal?: AbortSignal } = {}) =>
    apiRequest<TicketAnswer>(`/tickets/search/${ref(term)}`, { signal: options.signal }),
  unregistered: (params: { search?: string; limit: number; offset: number }) =>
    apiRequest<VisibleTicketPage>(`/tickets/unregistered${toQuery(params)}`),
  generate: (input: GenerateTicketInput) =>
    apiRequest<{ success: true; message: string; ticket?: Ticket; tickets?: Ticket[]; count?: number }>(
      "/tickets/generate",
      { method: "POST", body: input },
    ),
  update: (id: string, input: Record<string, unknown>) =>
    apiRequest<TicketSaved>(`/tickets/${ref(id)}`, {
      method: "PUT",
      body: input,
    }),
  remove: (id: string) => apiRequest<{ success: true; message: string }>(`/tickets/${ref(id)}`, { method: "DELETE" }),
  customRange: (input: { startRange: number | string; endRange: number | string; userId: string }) =>
    apiRequest<CustomRangeResult>("/tickets/admin/generate-custom-range", { method: "POST", body: input }),
  register: (reference: string, input: BuyerInput) =>
    apiRequest<TicketSaved>(`/tickets/register/${ref(reference)}`, {
      method: "PUT",
      body: input,
    }),
  /** Answers 200 with success false when nothing registered: the result is returned, not thrown. */
  registerMultiple: (input: BuyerInput & { ticketIds: (string | number)[] }) =>
    apiRequest<RegisterMultipleResult>("/tickets/register-multiple", {
      method: "POST",
      body: input,
      allowUnsuccessful: true,
    }),
};

/** The generated tickets of a generate answer, one or many. */
export function generatedTickets(answer: { ticket?: Ticket; tickets?: Ticket[] }): Ticket[] {
  return answer.tickets ?? (answer.ticket ? [answer.ticket] : []);
}
