import "server-only";
import { RAFFLE_STATUS_LABELS, WINNER_STATE_LABELS } from "@/lib/draw";
import { formatDateTime, formatPeso } from "@/lib/format";
import type { PublicDraw } from "@/lib/schemas/draw";

// The public proof page /draw/{id} (docs/decisions/108): plain HTML rendered on the server, no
// script, no cookie, masked names only. It says in words where the draw stands, what was
// committed, what was drawn, and how to re-check it with the files it links.

const escape = (value: unknown) =>
  String(value ?? "").replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

const STYLE = `
:root{color-scheme:light dark;--fg:#111827;--muted:#4b5563;--bg:#ffffff;--card:#f9fafb;--line:#d1d5db;
--accent:#3730a3}
@media (prefers-color-scheme:dark){:root{--fg:#f3f4f6;--muted:#d1d5db;--bg:#0b1020;--card:#111827;--line:#374151;
--accent:#c7d2fe}}
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;
color:var(--fg);background:var(--bg)}
main{max-width:60rem;margin:0 auto;padding:1rem}h1{font-size:1.5rem;margin:.5rem 0}h2{font-size:1.15rem;
margin:1.5rem 0 .5rem}
.status{display:inline-block;border:2px solid var(--accent);color:var(--accent);border-radius:.5rem;
padding:.25rem .75rem;font-weight:600}
section{background:var(--card);border:1px solid var(--line);border-radius:.75rem;padding:1rem;margin:1rem 0}
dl{display:grid;grid-template-columns:minmax(8rem,max-content) 1fr;gap:.25rem 1rem;margin:0}dt{color:var(--muted)}
dd{margin:0;overflow-wrap:anywhere}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.9em;overflow-wrap:anywhere}
.table{overflow-x:auto}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem .5rem;
border-bottom:1px solid var(--line)}
a{color:var(--accent);display:inline-block;min-height:44px;line-height:44px}ul.links{list-style:none;padding:0;
margin:0;display:flex;flex-wrap:wrap;gap:0 1.5rem}
button{font:inherit;min-height:44px;padding:.5rem 1rem;border-radius:.5rem;border:2px solid var(--accent);
background:var(--accent);color:var(--bg);cursor:pointer}button:disabled{opacity:.6}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:var(--bg);border:1px solid var(--line);border-radius:.5rem;
padding:.5rem}
@media (max-width:30rem){dl{grid-template-columns:1fr}dt{margin-top:.5rem}
.table table,.table tbody,.table tr,.table td{display:block;width:100%}.table thead{position:absolute;width:1px;
height:1px;overflow:hidden;clip:rect(0 0 0 0)}
.table tr{border-bottom:1px solid var(--line);padding:.25rem 0}.table td{border:0;padding:.1rem 0;display:grid;
grid-template-columns:7.5rem minmax(0,1fr);gap:.5rem}
.table td::before{content:attr(data-label);color:var(--muted)}}`;

/** A cell that, on a phone, shows its column's name beside it (the table becomes one card a row: issue 38 item 8). */
const cell = (label: string, html: string) => `<td data-label="${label}">${html}</td>`;

const winnerRow = (w: PublicWinnerLine) =>
  `<tr>${cell("Prize", escape(w.prizeName))}` +
  cell("Control number", `<code>${escape(w.controlNumber ?? "—")}</code>`) +
  `${cell("Winner", escape(w.maskedName ?? "—"))}</tr>`;

function stage(draw: PublicDraw) {
  if (draw.publishedAt) return "Winners published";
  if (draw.revealedAt) return "Drawn: winners being confirmed";
  return "Committed: waiting for the draw";
}

/** The published winners (the public list: masked names), when the raffle's winners are published. */
export interface PublicWinnerLine {
  prizeName: string;
  controlNumber: string | null;
  maskedName: string | null;
}

export function renderPublicDrawPage(
  draw: PublicDraw,
  siteName: string,
  statusOfRaffle: keyof typeof RAFFLE_STATUS_LABELS,
  options: { nonce?: string | null; winners?: PublicWinnerLine[] | null; timeZone?: string } = {},
): string {
  // Times in the raffle's timezone through the one formatter (issue 38 item 6), not ISO strings.
  const when = (value: string | null | undefined) =>
    value ? `${formatDateTime(value, options.timeZone ?? "Asia/Manila")} (${options.timeZone ?? "Asia/Manila"})` : "";
  const base = `/api/public/draws/${draw.id}`;
  const prizeName = new Map(draw.prizes.map((p) => [p.rank, p.name]));
  const prizes = draw.prizes
    .map(
      (p) =>
        `<tr>${cell("Rank", String(p.rank))}${cell("Prize", escape(p.name))}` +
        `${cell("Value", escape(formatPeso(p.valuePhp)))}${cell("Backups", String(p.backups))}</tr>`,
    )
    .join("");
  const sequence = (draw.sequence ?? [])
    .map(
      (s) =>
        `<tr>${cell("Position", String(s.position))}` +
        cell("Prize", escape(prizeName.get(s.prizeRank) ?? s.prizeRank)) +
        cell("Role", s.role === "winner" ? "Winner" : "Backup") +
        cell("Control number", `<code>${escape(s.controlNumber)}</code>`) +
        cell("Buyer", escape(s.maskedName ?? "")) +
        `${cell("State", escape(WINNER_STATE_LABELS[s.state]))}</tr>`,
    )
    .join("");
  const revealed = draw.revealedAt
    ? `<section aria-labelledby="reveal"><h2 id="reveal">The draw</h2><dl>
<dt>Drawn at</dt><dd>${escape(when(draw.revealedAt))}</dd>
${
  draw.mode === "drum"
    ? `<dt>How</dt><dd>Drawn by hand from a physical drum before witnesses; each counterfoil was checked against the ` +
      `committed pool as it came out.</dd>
<dt>Server seed (revealed)</dt><dd><code>${escape(draw.serverSeed)}</code></dd>`
    : `<dt>Outside value</dt><dd><code>${escape(draw.outsideValue)}</code></dd>
<dt>Server seed (revealed)</dt><dd><code>${escape(draw.serverSeed)}</code></dd>
<dt>Seed</dt><dd><code>${escape(draw.seed)}</code></dd>`
}</dl>
<h2>Sequence</h2><div class="table"><table><caption class="sr">Every drawn position, in order</caption>
<thead><tr><th scope="col">Position</th><th scope="col">Prize</th><th scope="col">Role</th><th scope="col">Control ` +
      `number</th><th scope="col">Buyer</th><th scope="col">State</th></tr></thead>
<tbody>${sequence}</tbody></table></div></section>`
    : `<section aria-labelledby="wait"><h2 id="wait">The draw</h2><p>Not drawn yet. At the draw, ` +
      `the outside value (${escape(draw.sourceText)}) is entered before witnesses; the sequence ` +
      `then follows from it and the server seed committed above.</p></section>`;
  const winners = options.winners?.length
    ? `<section aria-labelledby="winners"><h2 id="winners">Winners</h2><div class="table"><table>
<thead><tr><th scope="col">Prize</th><th scope="col">Control number</th><th scope="col">Winner</th></tr></thead>
<tbody>${options.winners.map(winnerRow).join("")}</tbody></table></div>
<ul class="links"><li><a href="/api/public/winners.csv">winners.csv</a></li><li><a ` +
      `href="/api/public/winners.json">winners.json</a></li></ul></section>`
    : "";
  // The in-browser re-check (docs/decisions/127): hidden until its script (under this request's CSP
  // nonce) shows it; without script the page and its files say everything.
  const browserCheck =
    draw.revealedAt && options.nonce
      ? `<section id="browser-check" hidden aria-labelledby="browser-check-title" ` +
        `data-certificate="${base}/certificate.json" data-pool="${base}/pool.csv">
<h2 id="browser-check-title">Check it in this browser</h2>
<p>Recomputes the pool hash, the commitment, the seed, every position and the signature here, with your browser's ` +
        `own cryptography.</p>
<button type="button">Re-check in this browser</button>
<p data-summary role="status" aria-live="polite"></p><ul data-results></ul></section>
<script type="module" nonce="${escape(options.nonce)}" src="/api/public/draw-check.mjs"></script>`
      : "";
  return (
    `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Draw ${draw.number}: public proof ` +
    `· ${escape(siteName)}</title><style>${STYLE}.sr{position:absolute;left:-9999px}</style></head>
<body><main>
<p>${escape(siteName)}</p>
<h1>Draw ${draw.number}: public proof</h1>
<p class="status" role="status">${escape(stage(draw))}</p>
<p>Raffle: ${escape(RAFFLE_STATUS_LABELS[statusOfRaffle])}. Anyone can re-check this draw from the files below ` +
    `without trusting this server.</p>
<section aria-labelledby="commitment"><h2 id="commitment">Commitment</h2><dl>
<dt>Algorithm</dt><dd><code>${escape(draw.algorithm)}</code></dd>
<dt>Committed at</dt><dd>${escape(when(draw.committedAt))}</dd>
<dt>Tickets in the pool</dt><dd>${draw.poolCount.toLocaleString("en-US")}</dd>
<dt>Pool hash</dt><dd><code>${escape(draw.poolHash)}</code></dd>
<dt>Commit hash</dt><dd><code>${escape(draw.commitHash)}</code></dd>
<dt>Outside value</dt><dd>${escape(draw.sourceText)}</dd></dl>
<h2>Prizes</h2><div class="table"><table><thead><tr><th scope="col">Rank</th><th scope="col">Prize</th><th ` +
    `scope="col">Value</th><th scope="col">Backups</th></tr></thead><tbody>${prizes}</tbody></table></div></section>
${winners}
${revealed}
<section aria-labelledby="check"><h2 id="check">Check it yourself</h2>
<ul class="links"><li><a ` +
    (`href="${base}/pool.csv">pool.csv</a></li>` +
      `${draw.revealedAt ? `<li><a href="${base}/certificate.json">certificate.json</a></li>` : ""}<li><a `) +
    `href="/api/public/verify-draw.mjs">verify-draw.mjs</a></li></ul>
<p>With Node.js 18 or newer, in the folder holding the three files:</p>
<pre><code>node verify-draw.mjs certificate.json pool.csv</code></pre>
<p>It recomputes the pool hash, the commitment, the seed and every position, checks the signature, and says "All ` +
    `checks passed" only if everything agrees.</p></section>
${browserCheck}
</main></body></html>`
  );
}

/** The page for an address that names no draw (404). */
export function renderDrawNotFoundPage(): string {
  return (
    `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, ` +
    `initial-scale=1"><title>Draw not found</title></head>
<body><main><h1>Draw not found</h1><p>No draw has this address.</p></main></body></html>`
  );
}
