import "server-only";
import { EVENT_NAME } from "@/lib/constants";
import { formatDateTime, formatPeso, formatPhone, paymentMethodLabel } from "@/lib/format";
import { TICKET_EMAIL_SUBJECT } from "@/lib/schemas/ticket-email";
import { formatTicketNumber } from "@/lib/ticket-number";
import type { Ticket } from "@/server/tickets/ticket-select";

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Every value placed in the HTML body goes through this: a buyer name is text, never markup. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/** The ticket's fields as the e-mail shows them, in the order of Ticket Details. */
export function ticketEmailFields(ticket: Ticket, timeZone: string): [label: string, value: string][] {
  return [
    ["Control Number", ticket.control_number],
    ["Last 5 Digits", formatTicketNumber(ticket.ticket_number)],
    ["Buyer Name", ticket.buyer_name ?? ""],
    ["Phone Number", formatPhone(ticket.phone_number)],
    ["Email", ticket.email ?? ""],
    ["Address", ticket.address ?? ""],
    ["Amount", formatPeso(Number(ticket.amount))],
    ["Payment Method", paymentMethodLabel(ticket.payment_method)],
    ["Payment Reference", ticket.payment?.reference ?? ""],
    ["Status", ticket.registered_at ? "Registered" : "Unregistered"],
    ["Created", `${formatDateTime(ticket.created_at, timeZone, "MMM d, yyyy h:mm a")} (${timeZone})`],
  ];
}

/** Subject, plain-text and HTML bodies of a ticket e-mail, built from the stored ticket only. */
export function buildTicketEmail(ticket: Ticket, timeZone: string) {
  const fields = ticketEmailFields(ticket, timeZone).filter(([, value]) => value !== "");
  const greeting = ticket.buyer_name ? `Hello ${ticket.buyer_name},` : "Hello,";
  const intro =
    `Here is your ticket for the ${EVENT_NAME}. Keep this ` + `e-mail: the control number is your proof of entry.`;
  const text = [
    greeting,
    "",
    intro,
    "",
    ...fields.map(([label, value]) => `${label}: ${value}`),
    "",
    "Good luck!",
    "",
  ].join("\n");
  const rows = fields
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px ` +
        `0;color:#555;font-weight:600">${escapeHtml(label)}</th><td style="padding:4px ` +
        `0">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p style="font-size:20px;font-weight:bold;font-family:monospace">${escapeHtml(ticket.control_number)}</p>
<table role="presentation" style="border-collapse:collapse">${rows}</table>
<p>Good luck!</p>
</body></html>`;
  return { subject: TICKET_EMAIL_SUBJECT, text, html };
}
