import "server-only";
import { PUBLIC_PAGE_HEADERS } from "@/lib/public-page-headers";
import { CODE_REPLACED_MESSAGE, type VerifyResponse } from "@/lib/schemas/stubs";
import { formatDateTime } from "@/lib/format";

// The public verify pages as whole HTML documents (issue 22, docs/decisions/101). Written by hand,
// not by React: an App Router page always ships script tags and a per-request nonce, and these
// pages must run no script and, when a token is refused, be byte for byte the same every time.
// Works at 320 px, in light and dark, status in words (never colour alone).

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const STYLE = `
:root{color-scheme:light dark;--fg:#111827;--muted:#4b5563;--bg:#f9fafb;--card:#fff;--line:#d1d5db;--ok:#065f46;
--okbg:#d1fae5;--warn:#92400e;--warnbg:#fef3c7;--bad:#991b1b;--badbg:#fee2e2;--accent:#3730a3}
@media (prefers-color-scheme:dark){:root{--fg:#f3f4f6;--muted:#d1d5db;--bg:#111827;--card:#1f2937;--line:#4b5563;
--ok:#a7f3d0;--okbg:#064e3b;--warn:#fde68a;--warnbg:#78350f;--bad:#fecaca;--badbg:#7f1d1d;--accent:#c7d2fe}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:var(--fg);
background:var(--bg)}
main{max-width:32rem;margin:0 auto;padding:1.5rem 1rem}
h1{font-size:1.375rem;line-height:1.3;margin:0 0 1rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:.75rem;padding:1rem}
dl{margin:0;display:grid;grid-template-columns:minmax(0,auto) minmax(0,1fr);gap:.5rem 1rem}
dt{color:var(--muted)}
dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.status{display:block;margin:0 0 1rem;padding:.75rem 1rem;border-radius:.5rem;font-weight:700;font-size:1.125rem;
border:2px solid currentColor}
.status.registered,.status.winner{color:var(--ok);background:var(--okbg)}
.status.not_winner{color:var(--fg);background:var(--bg)}
.status.not_sold{color:var(--warn);background:var(--warnbg)}
.status.void,.status.refused{color:var(--bad);background:var(--badbg)}
p{margin:.75rem 0}
.muted{color:var(--muted);font-size:.9375rem}
form{display:grid;gap:.75rem;margin-top:1rem}
label{font-weight:600;display:grid;gap:.25rem}
input{font:inherit;padding:.625rem .75rem;min-height:2.75rem;border:1px solid var(--line);border-radius:.5rem;
background:var(--card);color:var(--fg);width:100%}
button{font:inherit;font-weight:700;min-height:2.75rem;padding:.625rem 1rem;border:0;border-radius:.5rem;
background:var(--accent);color:var(--card);cursor:pointer}
a{color:var(--accent)}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
`;

function document(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<title>${esc(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

const FORM =
  `<form method="get" action="/verify">
<label>Control number<input name="cn" autocomplete="off" autocapitalize="characters" spellcheck="false" ` +
  `placeholder="B2K-123-00042" required></label>
<label>Verify code<input name="code" autocomplete="off" autocapitalize="characters" spellcheck="false" ` +
  `placeholder="7KQ-M3X" required></label>
<button type="submit">Check my ticket</button>
</form>`;

export function verifyResultPage(body: VerifyResponse, display: { drawText: string; timezone: string }): string {
  const { raffle, ticket } = body;
  const rows: [string, string][] = [["Raffle", raffle.name]];
  if (display.drawText) rows.push(["Draw", display.drawText]);
  rows.push(["Control number", ticket.controlNumber]);
  if (ticket.maskedName) rows.push(["Buyer", ticket.maskedName]);
  if (ticket.registeredAt)
    rows.push(["Registered", formatDateTime(ticket.registeredAt, display.timezone, "MMM d, yyyy")]);
  return document(
    `${ticket.controlNumber}: ${ticket.statusText}`,
    `<h1>Check my ticket</h1>
<div class="card">
<p class="status ${ticket.status}" role="status">${esc(ticket.statusText)}</p>
<dl>
${rows.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join("\n")}
</dl>
</div>
<p class="muted">Only the buyer's initials are shown. Check another ticket at <a href="/verify">the verify ` +
      `page</a>.</p>`,
  );
}

/** One page for every refused token or code pair: the same bytes whatever was asked. */
export const NOT_FOUND_PAGE = document(
  "Ticket code not found",
  `<h1>Ticket code not found</h1>
<div class="card">
<p class="status refused" role="status">This ticket code is not valid</p>
<p>Check that the whole code was scanned, or type the control number and the verify code printed on your ticket.</p>
${FORM}
</div>`,
);

export const REPLACED_PAGE = document(
  CODE_REPLACED_MESSAGE,
  `<h1>${esc(CODE_REPLACED_MESSAGE)}</h1>
<div class="card">
<p class="status refused" role="status">${esc(CODE_REPLACED_MESSAGE)}</p>
<p>The organiser issued a new stub for this number, so this paper no longer counts. If you bought this ticket, ask ` +
    `the organiser or the seller.</p>
</div>`,
);

export const FORM_PAGE = document(
  "Check my ticket",
  `<h1>Check my ticket</h1>
<div class="card">
<p>Type the control number and the verify code printed beside the QR code on your ticket.</p>
${FORM}
</div>`,
);

/** The 429 page: the sentence says what was limited (verifyLimitMessage). */
export const rateLimitedPage = (message: string) =>
  document(
    "Too many checks",
    `<h1>Too many checks</h1>
<div class="card"><p class="status refused" role="status">${esc(message)}</p></div>`,
  );

export function htmlResponse(html: string, status: number, extra: Record<string, string> = {}): Response {
  return new Response(html, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", ...PUBLIC_PAGE_HEADERS, ...extra },
  });
}

export const NOT_FOUND_JSON = JSON.stringify({
  success: false,
  code: "not_found",
  message: "This ticket code is not valid",
});
export const REPLACED_JSON = JSON.stringify({ success: false, code: "code_replaced", message: CODE_REPLACED_MESSAGE });
export const rateLimitedJson = (message: string) => JSON.stringify({ success: false, code: "rate_limited", message });

export function jsonResponse(body: string, status: number, extra: Record<string, string> = {}): Response {
  return new Response(body, {
    status,
    headers: { "Content-Type": "application/json", ...PUBLIC_PAGE_HEADERS, ...extra },
  });
}
