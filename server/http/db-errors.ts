import "server-only";
import { AppError } from "@/server/http/errors";
import { anyOf } from "@/lib/any-of";

// Database failures that are not the caller's fault and not a bug get an honest answer instead
// of `500 internal` with a stack per request: an unreachable database is a 503 (logged once
// per outage), and a write that names a user deleted a moment ago is that user's 401.

export const DATABASE_UNAVAILABLE_MESSAGE = "The database is unavailable. Please try again shortly.";
export const RETRY_AFTER_SECONDS = 5;

/** Node socket codes, PostgreSQL SQLSTATEs (class 08, 57P0x, 53300) and Prisma codes of a lost database. */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "EAI_AGAIN",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "P1001",
  "P1002",
  "P1008",
  "P1017",
  "P2024",
]);
/** The driver adapters' names for the same (Prisma's DriverAdapterError `cause.kind`). */
const UNAVAILABLE_KINDS = new Set([
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
  "TlsConnectionError",
]);
const UNAVAILABLE_MESSAGES = anyOf(
  [
    /Can't reach database server/,
    /Connection terminated/,
    /Connection refused/,
    /PGlite is closed/,
    /PGlite's thread ended/,
    /connect ENOENT \S*\.s\.PGSQL\./,
    /connect ECONNREFUSED/,
    /Timed out fetching a new connection/,
    /server closed the connection/,
  ],
  "i",
);

/** Foreign keys to users: a violation means the acting user was deleted during the request. */
const USER_FOREIGN_KEYS = /\b(tickets_created_by_id_fkey|tickets_registered_by_id_fkey|auth_sessions_user_id_fkey)\b/;

type Loose = {
  code?: unknown;
  kind?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: unknown;
  errors?: unknown;
  constraint?: unknown;
};

/** The error, its causes and the driver error Prisma keeps in `meta`, breadth-first, at most 20. */
function errorChain(error: unknown): Loose[] {
  const seen: Loose[] = [];
  const queue: unknown[] = [error];
  while (queue.length && seen.length < 20) {
    const next = queue.shift();
    if (!next || typeof next !== "object" || seen.includes(next as Loose)) continue;
    const e = next as Loose;
    seen.push(e);
    queue.push(e.cause);
    const meta = e.meta as { driverAdapterError?: unknown } | undefined;
    if (meta?.driverAdapterError) queue.push(meta.driverAdapterError);
    if (Array.isArray(e.errors)) queue.push(...e.errors); // AggregateError (IPv4 and IPv6 refused)
  }
  return seen;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return errorChain(error).some(
    (e) =>
      (typeof e.code === "string" && UNAVAILABLE_CODES.has(e.code)) ||
      (typeof e.kind === "string" && UNAVAILABLE_KINDS.has(e.kind)) ||
      (typeof e.message === "string" && UNAVAILABLE_MESSAGES.test(e.message)) ||
      (e as { name?: unknown }).name === "PrismaClientInitializationError",
  );
}

function isDeletedUserReference(error: unknown): boolean {
  return errorChain(error).some((e) => {
    const text = [e.constraint, e.message, JSON.stringify(e.meta ?? null)]
      .filter((v) => typeof v === "string")
      .join(" ");
    return USER_FOREIGN_KEYS.test(text);
  });
}

/**
 * Whether the failure is the database refusing a write by the named constraint or index (a unique
 * or check violation), however the driver or Prisma wraps it.
 */
export function violatesConstraint(error: unknown, name: string): boolean {
  return errorChain(error).some((e) =>
    [e.constraint, e.message, JSON.stringify(e.meta ?? null)].some((v) => typeof v === "string" && v.includes(name)),
  );
}

/** SQLSTATE of the triggers that guard a voided ticket (prisma/migrations/*_sales_truth). */
const TICKET_VOIDED_SQLSTATE = "RF001";

function ticketVoidedByDatabase(error: unknown): string | null {
  for (const e of errorChain(error)) {
    const text = [e.code, e.message, JSON.stringify(e.meta ?? null)].filter((v) => typeof v === "string").join(" ");
    if (text.includes(TICKET_VOIDED_SQLSTATE)) {
      const m = /Ticket (\S+) is void/.exec(text);
      return m ? `Ticket ${m[1]} is void` : "The ticket is void";
    }
  }
  return null;
}

/**
 * The raffle's state and the draw's records refuse writes in the database (prisma/migrations/*_draw,
 * docs/decisions/105): RF002 sales closed, RF003/RF004 a committed draw's pool or prizes, RF005 a
 * state transition, RF006 a draw's append-only records. The trigger's own sentence is the message.
 */
const RAFFLE_SQLSTATES: Record<string, "sales_closed" | "draw_committed" | "conflict"> = {
  RF002: "sales_closed",
  RF003: "draw_committed",
  RF004: "draw_committed",
  RF005: "conflict",
  RF006: "conflict",
};

/** The trigger's own sentence inside a driver's error text (it stops at a quote, a backslash or a line's end). */
const TRIGGER_SENTENCE = anyOf([
  /Sales are closed[^"`\\\n]*/,
  /Ticket \S+ is in a committed draw's pool[^"`\\\n]*/,
  /The draw is committed[^"`\\\n]*/,
  /The prizes are fixed[^"`\\\n]*/,
  /The raffle cannot go from \w+ to \w+/,
  /A draw[^"`\\\n]*/,
  /A committed draw's pool stays sealed/,
  /Draw \d+'s pool was committed and is frozen/,
  /\w+ is append-only/,
]);

function raffleStateRefusal(error: unknown): AppError | null {
  for (const e of errorChain(error)) {
    const text = [e.code, e.message, JSON.stringify(e.meta ?? null)].filter((v) => typeof v === "string").join(" ");
    for (const [state, code] of Object.entries(RAFFLE_SQLSTATES)) {
      if (!text.includes(state)) continue;
      // Each part on its own: joined, a sentence ran on into the next part ("… registered null", issue 40).
      const parts = [e.message, JSON.stringify(e.meta ?? null)].filter((v): v is string => typeof v === "string");
      const m = parts.map((part) => TRIGGER_SENTENCE.exec(part)).find(Boolean);
      return new AppError(code, m ? m[0].trim() : "The raffle's state refuses this change");
    }
  }
  return null;
}

/** SQLSTATE of the closed raffle's guard (prisma/migrations/*_raffle_closeout, docs/decisions/130). */
const RAFFLE_CLOSED_SQLSTATE = "RF007";
export const RAFFLE_CLOSED_MESSAGE = "This raffle is closed";

function raffleClosedByDatabase(error: unknown): boolean {
  return errorChain(error).some((e) =>
    [e.code, e.message, JSON.stringify(e.meta ?? null)].some(
      (v) =>
        typeof v === "string" &&
        (v === RAFFLE_CLOSED_SQLSTATE ||
          v.includes(`"${RAFFLE_CLOSED_SQLSTATE}"`) ||
          v.includes(RAFFLE_CLOSED_MESSAGE)),
    ),
  );
}

/** SQLSTATE of the attachment storage trigger (*_attachment_quota_and_email_limit, docs/decisions/069). */
const STORAGE_FULL_SQLSTATE = "RF301";

/** 'Attachment storage is full: the limit is 2048 MB', as the trigger raised it (a race past the service's check). */
function storageFullByDatabase(error: unknown): string | null {
  for (const e of errorChain(error)) {
    const text = [e.code, e.message, JSON.stringify(e.meta ?? null)].filter((v) => typeof v === "string").join(" ");
    if (!text.includes(STORAGE_FULL_SQLSTATE) && !text.includes("Attachment storage is full")) continue;
    const m = /Attachment storage is full: the limit is [\d,]+ MB/.exec(text);
    return m ? m[0] : "Attachment storage is full";
  }
  return null;
}

/** SQLSTATE of the allocation guard on tickets (restrict_sales_to_allocations, *_seller_remittances). */
const NOT_YOUR_STUB_SQLSTATE = "RF201";

/** 'Ticket 00042 is not allocated to you: it is allocated to Ana Seller', as the trigger raised it. */
function notYourStubByDatabase(error: unknown): string | null {
  const chain = errorChain(error);
  const raised = chain.some(
    (e) => e.code === NOT_YOUR_STUB_SQLSTATE || JSON.stringify(e.meta ?? null).includes(NOT_YOUR_STUB_SQLSTATE),
  );
  for (const e of chain) {
    const texts = [
      e.message,
      (e.meta as { driverAdapterError?: { cause?: { message?: unknown } } } | undefined)?.driverAdapterError?.cause
        ?.message,
    ];
    for (const text of texts) {
      if (typeof text !== "string") continue;
      const m = /Ticket \d{5} is not allocated to you: it is (?:not allocated to any seller|allocated to [^\n"]+)/.exec(
        text,
      );
      if (m) return m[0];
    }
  }
  return raised ? "This stub is not allocated to you" : null;
}

/** One line naming why the database cannot be used, for logs and the health answer. */
export function unavailableReason(error: unknown): string {
  for (const e of errorChain(error)) {
    if (typeof e.code === "string" && /^E[A-Z]+$/.test(e.code))
      return e.code === "ECONNREFUSED" ? "connection refused (ECONNREFUSED)" : e.code;
    if (typeof e.kind === "string" && UNAVAILABLE_KINDS.has(e.kind)) return e.kind;
  }
  for (const e of errorChain(error)) {
    if (typeof e.message === "string" && e.message.trim()) return e.message.trim().split("\n")[0].slice(0, 200);
  }
  return error instanceof Error ? error.name : "unknown error";
}

// Errors closer together than this belong to one outage and are logged once.
const OUTAGE_GAP_MS = 30_000;
let lastUnavailableAt = 0;

function logOutage(error: unknown) {
  const now = Date.now();
  if (now - lastUnavailableAt > OUTAGE_GAP_MS) {
    console.warn(`[db] database unavailable: ${unavailableReason(error)}; answering 503 until it is back`);
  }
  lastUnavailableAt = now;
}

export function databaseUnavailable(cause?: unknown) {
  return new AppError("unavailable", DATABASE_UNAVAILABLE_MESSAGE, { cause });
}

/**
 * The AppError a database failure stands for, or null when it is a real bug (500): lost
 * connection → 503 `unavailable`; a foreign key to a user who was just deleted → 401.
 */
export function appErrorForDatabaseFailure(error: unknown): AppError | null {
  if (error instanceof AppError) return null;
  if (isDatabaseUnavailable(error)) {
    logOutage(error);
    return databaseUnavailable(error);
  }
  if (isDeletedUserReference(error)) return new AppError("unauthorized", "Authentication required");
  // A closed raffle refuses every write in the database; it comes first, whatever else the write hit.
  if (raffleClosedByDatabase(error)) return new AppError("raffle_closed", RAFFLE_CLOSED_MESSAGE);
  // The services refuse writes to a voided ticket first; the trigger is the backstop for a race.
  const voided = ticketVoidedByDatabase(error);
  if (voided) return new AppError("ticket_voided", voided);
  const notYours = notYourStubByDatabase(error);
  if (notYours) return new AppError("not_your_stub", notYours);
  const full = storageFullByDatabase(error);
  if (full) return new AppError("quota_exceeded", full);
  return raffleStateRefusal(error);
}

/** Tests: forget the current outage so the next failure logs again. */
export function resetOutageLog() {
  lastUnavailableAt = 0;
}
