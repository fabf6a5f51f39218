// The demo raffle (issue 38 item 9): `npm run db:seed -- --demo` fills an empty database with one
// whole raffle run through the app's own API routes, as the screens would run it (every rule,
// trigger and audit row is the app's): settings, staff and sellers, 300 tickets, allocations,
// sales by cash, GCash and bank transfer, voids, returns and remittances, a GCash statement (PDF)
// and a BDO statement (CSV) leaving a line in every reconciliation state, prizes, Close sales, a
// committed and revealed draw with a disqualified winner, and the published winners. A newcomer
// sees every screen filled. Sales sit on today's date: the statements must cover the day the
// payments were taken, or they would wait for one (docs/decisions/193).
import { NextRequest } from "next/server";
import { GET as getDrawRoute } from "@/app/api/draws/[id]/route";
import { POST as positionRoute } from "@/app/api/draws/[id]/positions/[n]/[action]/route";
import { POST as publishRoute } from "@/app/api/draws/[id]/publish/route";
import { POST as revealRoute } from "@/app/api/draws/[id]/reveal/route";
import { POST as commitRoute } from "@/app/api/draws/route";
import { POST as postPrizeRoute } from "@/app/api/prizes/route";
import { POST as closeSalesRoute } from "@/app/api/raffle/close-sales/route";
import { POST as discardImportRoute } from "@/app/api/reconciliation/imports/[id]/discard/route";
import { POST as importRoute } from "@/app/api/reconciliation/imports/route";
import { POST as ignoreLineRoute } from "@/app/api/reconciliation/lines/[id]/ignore/route";
import { POST as matchLineRoute } from "@/app/api/reconciliation/lines/[id]/match/route";
import { POST as settleRoute } from "@/app/api/reconciliation/payments/[id]/settle/route";
import { GET as balancesRoute } from "@/app/api/remittances/balances/route";
import { POST as remittancesRoute } from "@/app/api/remittances/route";
import { POST as allocateRoute } from "@/app/api/sellers/[id]/allocations/route";
import { POST as returnsRoute } from "@/app/api/sellers/[id]/returns/route";
import { POST as voidTicketRoute } from "@/app/api/tickets/[id]/void/route";
import { POST as customRangeRoute } from "@/app/api/tickets/admin/generate-custom-range/route";
import { POST as registerMultipleRoute } from "@/app/api/tickets/register-multiple/route";
import { createSession } from "@/server/auth/sessions";
import { db } from "@/server/db/client";
import { BANK_SAMPLE_LAYOUTS, bankStatementCsv } from "@/lib/statement-samples";
import { gcashStatementPdf } from "@/lib/gcash-statement-pdf";

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

const ORIGIN = "http://localhost:3000";

/** One API call as a client with a bearer token makes it; fails the seed on any refusal. */
async function call(
  handler: Handler,
  options: {
    path: string;
    token: string;
    method?: string;
    body?: unknown;
    params?: Record<string, string>;
    form?: FormData;
  },
) {
  const headers = new Headers({ host: "localhost:3000", authorization: `Bearer ${options.token}` });
  let body: BodyInit | undefined;
  if (options.form) {
    const encoded = new Request(ORIGIN, { method: "POST", body: options.form });
    body = new Uint8Array(await encoded.arrayBuffer());
    headers.set("content-type", encoded.headers.get("content-type")!);
    headers.set("content-length", String(body.byteLength));
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set("content-type", "application/json");
  }
  const res = await handler(
    new NextRequest(new URL(options.path, ORIGIN), {
      method: options.method ?? (body ? "POST" : "GET"),
      headers,
      body,
    }),
    { params: Promise.resolve(options.params ?? {}) },
  );
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${options.method ?? "POST"} ${options.path} answered ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as any;
}

/** A 1 × 1 PNG: the demo's scan of a treasurer's receipt. */
const RECEIPT_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

const BUYERS = [
  ["Maria Clara Santos", "9171234501"],
  ["Jose Rizal Mercado", "9181234502"],
  ["Andres Bonifacio", "9191234503"],
  ["Gabriela Silang", "9201234504"],
  ["Apolinario Mabini", "9211234505"],
  ["Melchora Aquino", "9221234506"],
  ["Emilio Jacinto", "9231234507"],
  ["Teresa Magbanua", "9271234508"],
  ["Juan Luna Novicio", "9281234509"],
  ["Josefa Llanes Escoda", "9291234510"],
  ["Marcelo del Pilar", "9301234511"],
  ["Gregoria de Jesus", "9351234512"],
  ["Antonio Luna", "9361234513"],
  ["Trinidad Tecson", "9371234514"],
  ["Diego Silang", "9381234515"],
  ["Leonor Rivera", "9391234516"],
] as const;

const SELLERS = [
  { email: "maricel.santos@example.com", displayName: "Maricel Santos", from: 1, to: 100 },
  { email: "jerome.reyes@example.com", displayName: "Jerome Reyes", from: 101, to: 200 },
  { email: "angelica.cruz@example.com", displayName: "Angelica Cruz", from: 201, to: 250 },
];

/** GCash references are 13 digits; bank transfers carry the bank's own trace numbers. */
const gcashRef = (n: number) => String(1_004_512_300_000 + n * 7919);
const bankRef = (n: number) => `BDO${String(840_120 + n * 37).padStart(9, "0")}`;

export interface DemoSummary {
  tickets: number;
  sold: number;
  voided: number;
  remittances: number;
  statementLines: number;
  drawNumber: number;
}

export async function seedDemoRaffle(log: (line: string) => void = console.log): Promise<DemoSummary> {
  const existing = await db().ticket.count();
  if (existing > 0)
    throw new Error(
      `The demo raffle needs an empty raffle: ${existing} ` +
        `ticket${existing === 1 ? "" : "s"} already exist (start from a fresh database, e.g. ` +
        `move ./data aside)`,
    );

  await db().settings.update({
    where: { id: 1 },
    data: {
      siteName: "Batch 2000 Homecoming Raffle",
      permitNumber: "FTEB-12345 Series of 2026",
      venue: "Peñaflor Covered Court",
      drawAt: "2026-12-20T15:00",
      ticketPrice: 50,
    },
  });
  const user = (email: string, displayName: string, isAdmin: boolean) =>
    db().user.upsert({ where: { email }, create: { email, displayName, isAdmin }, update: { displayName, isAdmin } });
  const tokenOf = async (userId: string) => (await createSession({ userId, kind: "bearer" })).token!;
  const admin = await user("admin@example.com", "Raffle Administrator", true);
  await user("treasurer@example.com", "Liza Manalo", true);
  const adminToken = await tokenOf(admin.id);
  const sellers = await Promise.all(
    SELLERS.map(async (s) => ({ ...s, user: await user(s.email, s.displayName, false) })),
  );
  const sellerTokens = await Promise.all(sellers.map((s) => tokenOf(s.user.id)));
  const post = (
    handler: Handler,
    path: string,
    body: unknown,
    params: Record<string, string> = {},
    token = adminToken,
  ) => call(handler, { path, body, params, token });

  // 300 tickets; each seller holds a book of stubs, the rest stay at the desk.
  const tickets = (
    await post(customRangeRoute, "/api/tickets/admin/generate-custom-range", {
      startRange: 1,
      endRange: 300,
      userId: admin.email,
    })
  ).tickets as { id: string; ticket_number: number | string; control_number: string }[];
  const byNumber = new Map(tickets.map((t) => [Number(t.ticket_number), t]));
  for (const s of sellers)
    await post(allocateRoute, `/api/sellers/${s.user.id}/allocations`, { from: s.from, to: s.to }, { id: s.user.id });
  log(`demo: 300 tickets, ${sellers.length} sellers with allocated stubs`);

  // Sales: each seller sells from their own book, 1 to 4 stubs a buyer, by cash, GCash and bank.
  type Sale = { paymentId: string; method: string; reference?: string; amount: number; numbers: number[] };
  const sales: Sale[] = [];
  const sold = new Set<number>();
  let buyer = 0;
  let gcash = 0;
  let bank = 0;
  const plan = [
    { seller: 0, sales: 14 },
    { seller: 1, sales: 10 },
    { seller: 2, sales: 6 },
  ];
  for (const { seller, sales: count } of plan) {
    const s = sellers[seller];
    let next = s.from;
    for (let i = 0; i < count; i++) {
      const size = 1 + ((i * 7 + seller) % 4);
      const numbers = Array.from({ length: size }, (_, k) => next + k).filter((n) => n <= s.to);
      next += size;
      const method = i % 5 === 1 ? "gcash" : i % 5 === 3 ? "bank_transfer" : "cash";
      const reference =
        method === "gcash" ? gcashRef(++gcash) : method === "bank_transfer" ? bankRef(++bank) : undefined;
      const [name, phone] = BUYERS[buyer++ % BUYERS.length];
      const answer = await post(
        registerMultipleRoute,
        "/api/tickets/register-multiple",
        {
          ticketIds: numbers.map((n) => byNumber.get(n)!.id),
          buyerName: name,
          phoneNumber: `0${phone}`,
          paymentMethod: method,
          ...(reference ? { paymentReference: reference } : {}),
        },
        {},
        sellerTokens[seller],
      );
      numbers.forEach((n) => sold.add(n));
      const ticketId = answer.registeredTickets?.[0]?.id ?? byNumber.get(numbers[0])!.id;
      const [{ payment_id: paymentId }] = await db().$queryRaw<
        { payment_id: string }[]
      >`SELECT payment_id::text AS payment_id FROM tickets WHERE id = ${ticketId}::uuid`;
      sales.push({ paymentId, method, reference, amount: numbers.length * 50, numbers });
    }
  }
  log(
    `demo: ${sales.length} sales (${sold.size} ` +
      `tickets): ${sales.filter((s) => s.method === "cash").length} cash, ${gcash} ` +
      `GCash, ${bank} bank transfer`,
  );

  // Voids: a stub torn at the desk, one a seller spoiled, and a sold ticket refunded.
  const voids: [number, string, string][] = [
    [299, "spoiled_misprint", "Torn while tearing off the book"],
    [sellers[0].to, "lost_stub", "Seller lost the stub"],
    [sales[0].numbers[0], "refunded", "Buyer asked for a refund before the draw"],
  ];
  for (const [n, reason, note] of voids)
    await post(
      voidTicketRoute,
      `/api/tickets/${byNumber.get(n)!.id}/void`,
      { reason, note },
      { id: byNumber.get(n)!.id },
    );
  const voided = new Set(voids.map(([n]) => n));
  // Every seller gives back the stubs they did not sell.
  for (const s of sellers) {
    const unsold = Array.from({ length: s.to - s.from + 1 }, (_, k) => s.from + k).filter(
      (n) => !sold.has(n) && !voided.has(n),
    );
    if (unsold.length)
      await post(
        returnsRoute,
        `/api/sellers/${s.user.id}/returns`,
        { ticketIds: unsold.map(String) },
        { id: s.user.id },
      );
  }

  // Remittances: two turn-ins each, the last one settling what is owed.
  const owed = async () =>
    (await call(balancesRoute, { path: "/api/remittances/balances", token: adminToken })).sellers as {
      sellerId: string;
      balance: string;
    }[];
  let remittances = 0;
  for (const s of sellers) {
    const balance = Number((await owed()).find((b) => b.sellerId === s.user.id)?.balance ?? 0);
    if (balance <= 0) continue;
    const first = Math.floor(balance / 2 / 50) * 50;
    if (first > 0) {
      await post(remittancesRoute, "/api/remittances", {
        sellerId: s.user.id,
        amount: first.toFixed(2),
        method: "cash",
        note: "First turn-in",
      });
      remittances++;
    }
    const rest = Number((await owed()).find((b) => b.sellerId === s.user.id)!.balance);
    await post(remittancesRoute, "/api/remittances", {
      sellerId: s.user.id,
      amount: rest.toFixed(2),
      method: "cash",
      note: "Balance at the end of sales",
    });
    remittances++;
  }
  log(`demo: 3 voids, unsold stubs returned, ${remittances} remittances`);

  // Statements. GCash: every GCash payment, then one line short (amount mismatch, settled by hand),
  // one with a mistyped reference (confirmed by a person), one repeated (duplicate), money from
  // someone without a ticket (unmatched) and a transfer from the treasurer's own account (ignored).
  const today = (
    await db().$queryRaw<{ d: string }[]>`SELECT to_char(now() AT TIME ZONE 'Asia/Manila', 'YYYY-MM-DD') AS d`
  )[0].d;
  const gcashSales = sales.filter((s) => s.method === "gcash" && !voided.has(s.numbers[0]));
  const [short, typo, ...exact] = gcashSales;
  const at = (i: number) =>
    `${today} ${String(8 + Math.floor(i / 6)).padStart(2, "0")}:${String((i * 9) % 60).padStart(2, "0")} AM`;
  let balance = 1000;
  const credit = (i: number, description: string, reference: string, amount: number) => {
    balance += amount;
    return { time: at(i), description, reference, credit: amount.toFixed(2), balance: balance.toFixed(2) };
  };
  const gcashRows = [
    ...exact.map((s, i) =>
      credit(i, `Received GCash from ${BUYERS[i % BUYERS.length][0].toUpperCase()}`, s.reference!, s.amount),
    ),
    credit(exact.length, "Received GCash from a buyer", short.reference!, short.amount - 50),
    credit(
      exact.length + 1,
      "Received GCash from a buyer",
      `${typo.reference!.slice(0, -2)}${typo.reference!.slice(-1)}${typo.reference!.slice(-2, -1)}`,
      typo.amount,
    ),
    credit(exact.length + 2, "Received GCash (sent twice)", exact[0].reference!, exact[0].amount),
    credit(exact.length + 3, "Received GCash from CARDO DALISAY", "1009988776655", 150),
    credit(exact.length + 4, "Transfer from own account", "1001112223334", 500),
  ];
  const pdf = await gcashStatementPdf({ rows: gcashRows, from: today, to: today });
  const gcashImport = await importStatement(adminToken, {
    bytes: pdf,
    fileName: "gcash-history.pdf",
    kind: "gcash_pdf",
    accountLabel: "GCash 0917 123 4567",
  });
  // BDO: every bank transfer, and a deposit nobody claimed; the statement gives dates only.
  const bankSales = sales.filter((s) => s.method === "bank_transfer" && !voided.has(s.numbers[0]));
  const bdo = BANK_SAMPLE_LAYOUTS.BDO;
  const bankLines = [
    ...bankSales.map((s, i) => ({
      date: today,
      description: `InstaPay transfer ${BUYERS[(i + 3) % BUYERS.length][0].toUpperCase()}`,
      reference: s.reference!,
      amount: s.amount.toFixed(2),
    })),
    { date: today, description: "Cash deposit - branch", reference: "DEP00017", amount: "200.00" },
    { date: today, description: "Service charge", reference: "SC0001", amount: "25.00", debit: true },
  ];
  const bankImport = await importStatement(adminToken, {
    bytes: new TextEncoder().encode(bankStatementCsv(bdo, bankLines)),
    fileName: "bdo-statement.csv",
    kind: "bank_csv",
    accountLabel: "BDO savings 1234",
    mapping: bdo.mapping,
    profile: "BDO",
  });
  // A file imported by mistake and undone (its lines are discarded).
  const mistake = await importStatement(adminToken, {
    bytes: new TextEncoder().encode(
      bankStatementCsv(bdo, [
        { date: today, description: "Wrong account", reference: "OTHER0001", amount: "1,000.00" },
      ]),
    ),
    fileName: "bdo-wrong-account.csv",
    kind: "bank_csv",
    accountLabel: "BDO checking 9876",
    mapping: bdo.mapping,
    profile: "BDO",
  });
  await post(
    discardImportRoute,
    `/api/reconciliation/imports/${mistake}/discard`,
    { reason: "Imported the wrong account's statement" },
    { id: mistake },
  );

  const lines = await db().statementLine.findMany({
    where: { importId: { in: [gcashImport, bankImport] } },
    select: { id: true, reference: true, state: true },
  });
  const lineOf = (reference: string, state: string) =>
    lines.find((l) => l.reference === reference && l.state === state);
  const typoLine = lines.find(
    (l) =>
      l.state === "unmatched" &&
      l.reference !== "1009988776655" &&
      l.reference !== "1001112223334" &&
      l.reference?.startsWith("100"),
  );
  if (typoLine)
    await post(
      matchLineRoute,
      `/api/reconciliation/lines/${typoLine.id}/match`,
      { paymentId: typo.paymentId, comment: "Reference mistyped by the buyer; amount and time agree" },
      { id: typoLine.id },
    );
  const own = lineOf("1001112223334", "unmatched");
  if (own)
    await post(
      ignoreLineRoute,
      `/api/reconciliation/lines/${own.id}/ignore`,
      { reason: "Treasurer's own transfer, not raffle money" },
      { id: own.id },
    );
  // Settled with its evidence file (the treasurer's receipt, a small PNG), so the Payments tab's
  // "Settled by hand" view shows a reason and an evidence link (decision 243).
  const settleForm = new FormData();
  settleForm.set("reason", "Buyer paid the last ₱50 in cash to the treasurer; receipt 0457");
  settleForm.set("file", new Blob([new Uint8Array(RECEIPT_PNG)]), "treasurer receipt 0457.png");
  await call(settleRoute, {
    path: `/api/reconciliation/payments/${short.paymentId}/settle`,
    token: adminToken,
    form: settleForm,
    params: { id: short.paymentId },
  });
  const statementLines = await db().statementLine.count();
  const states = new Set((await db().statementLine.groupBy({ by: ["state"] })).map((g) => g.state));
  const missing = ["matched", "amount_mismatch", "duplicate", "unmatched", "ignored", "discarded"].filter(
    (state) => !states.has(state),
  );
  if (missing.length) throw new Error(`The demo statements left no line ${missing.join(", ")}`);
  log(
    `demo: GCash and BDO statements (${statementLines} lines: matched, ` +
      `confirmed, mismatch, duplicate, unmatched, ignored, discarded)`,
  );

  // Prizes, Close sales, the draw: committed, revealed with dice, the first winner disqualified.
  const prizes = [
    { rank: 1, name: "Honda Click 125i motorcycle", valuePhp: 85000, backups: 2 },
    { rank: 2, name: "55-inch smart TV", valuePhp: 28000, backups: 1 },
    { rank: 3, name: "Rice cooker and grocery pack", valuePhp: 5000, backups: 1 },
  ];
  for (const prize of prizes) await post(postPrizeRoute, "/api/prizes", prize);
  await post(closeSalesRoute, "/api/raffle/close-sales", { overrides: [] });
  const draw = await post(commitRoute, "/api/draws", { source: { type: "dice", count: 20 } });
  const dice = "35126443526115623416";
  await post(
    revealRoute,
    `/api/draws/${draw.id}/reveal`,
    {
      outsideValue: dice,
      outsideValueConfirm: dice,
      witnesses: ["Pedro Penduko, barangay captain", "Lito Lapid, class president"],
    },
    { id: draw.id },
  );
  const act = (n: number, action: string, body: unknown = {}) =>
    post(positionRoute, `/api/draws/${draw.id}/positions/${n}/${action}`, body, { id: draw.id, n: String(n), action });
  const positions = ((
    await call(getDrawRoute, { path: `/api/draws/${draw.id}`, token: adminToken, params: { id: draw.id } })
  ).draw.positionsDetail ?? []) as { position: number; prizeRank: number; role: string }[];
  const firstWinner = positions.find((p) => p.prizeRank === 1 && p.role === "winner")!;
  await act(firstWinner.position, "notify");
  await act(firstWinner.position, "disqualify", {
    reason: "ineligible_buyer",
    note: "Buyer is a member of the raffle committee",
  });
  const backup = positions.find((p) => p.prizeRank === 1 && p.role !== "winner")!;
  await act(backup.position, "notify");
  await act(backup.position, "claim", { note: "Claimed at the venue with a valid ID" });
  for (const p of positions.filter((p) => p.prizeRank > 1 && p.role === "winner")) await act(p.position, "notify");
  await post(publishRoute, `/api/draws/${draw.id}/publish`, undefined, { id: draw.id });
  log(
    `demo: prizes, sales closed, draw ${draw.number} committed, revealed, ` +
      `position ${firstWinner.position} disqualified, winners published`,
  );

  return {
    tickets: tickets.length,
    sold: sold.size,
    voided: voids.length,
    remittances,
    statementLines,
    drawNumber: draw.number,
  };

  async function importStatement(
    token: string,
    file: {
      bytes: Uint8Array;
      fileName: string;
      kind: "gcash_pdf" | "bank_csv";
      accountLabel: string;
      mapping?: unknown;
      profile?: string;
    },
  ): Promise<string> {
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(file.bytes)]), file.fileName);
    form.set("kind", file.kind);
    form.set("accountLabel", file.accountLabel);
    if (file.mapping) form.set("mapping", JSON.stringify(file.mapping));
    if (file.profile) form.set("profile", file.profile);
    const answer = await call(importRoute, { path: "/api/reconciliation/imports", token, form });
    return answer.importId ?? answer.import?.id ?? answer.id;
  }
}
