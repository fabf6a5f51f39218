// E-mailing a ticket and its proof-of-payment attachments (SPEC section 7, issue 10).
import { apiFetch, apiRequest } from "@/lib/api-client";
import type { Ticket } from "@/lib/api/tickets";
import { TICKET_EMAIL_SUBJECT } from "@/lib/schemas/ticket-email";

import type { TicketAttachment } from "@/lib/schemas/attachment";

export type { TicketAttachment };

/** The file types the server accepts (it checks the bytes; this only guides the file picker). */
export const ATTACHMENT_ACCEPT = "image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif,application/pdf";
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

const ref = (value: string) => encodeURIComponent(value.trim());

export const ticketFilesApi = {
  /** SPEC section 7's payload; the server sends its own copy of the ticket (decision 045). */
  sendEmail: (ticket: Ticket, to?: string) =>
    apiRequest<{ success: true; message: string; to: string }>("/tickets/send-email", {
      method: "POST",
      timeoutMs: 30_000,
      body: {
        to: to ?? ticket.email ?? "",
        subject: TICKET_EMAIL_SUBJECT,
        ticket: {
          control_number: ticket.control_number,
          buyer_name: ticket.buyer_name,
          phone_number: ticket.phone_number,
          address: ticket.address,
          email: ticket.email,
          amount: ticket.amount ?? 50,
          payment_method: ticket.payment_method,
          status: ticket.is_registered ? "Registered" : "Unregistered",
          created_at: ticket.created_at,
          last_5_digits: ticket.last_5_digits,
        },
      },
    }),
  listAttachments: (ticketId: string) => apiRequest<TicketAttachment[]>(`/tickets/${ref(ticketId)}/attachments`),
  uploadAttachment: (ticketId: string, file: File) => {
    const formData = new FormData();
    formData.set("file", file, file.name);
    return apiRequest<{ success: true; message: string; attachment: TicketAttachment }>(
      `/tickets/${ref(ticketId)}/attachments`,
      {
        method: "POST",
        formData,
        timeoutMs: 120_000,
      },
    );
  },
  deleteAttachment: (id: string) =>
    apiRequest<{ success: true; message: string }>(`/tickets/attachment/${ref(id)}`, { method: "DELETE" }),
  /** The raw answer: the caller tells a refusal (non-ok) from a failure (an exception). */
  downloadAttachment: (id: string) => apiFetch(`/tickets/attachment/${ref(id)}/download`, { timeoutMs: 60_000 }),
};
