import "server-only";
import { AppError } from "@/server/http/errors";

// Database failures that are not the caller's fault and not a bug get an honest answer instead
// of `500 internal` with a stack per request: an unreachable database is a 503 (logged once
// per outage), and a write that names a user deleted a moment ago is that user's 401.

export const DATABASE_UNAVAILABLE_MESSAGE = "The database is unavailable. Please try again shortly.";
export const RETRY_AFTER_SECONDS = 5;

/** Node socket codes, PostgreSQL SQLSTATEs (class 08, 57P0x, 53300) and Prisma codes of a lost database. */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED", "ECONNRESET", "ENOTFOUND", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "EPIPE", "EAI_AGAIN",
  "08000", "08001", "08003", "08004", "08006", "57P01", "57P02", "57P03", "53300",
  "P1001", "P1002", "P1008", "P1017", "P2024",
]);
/** The driver adapters' names for the same (Prisma's DriverAdapterError `cause.kind`). */
const UNAVAILABLE_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections", "TlsConnectionError"]);
const UNAVAILABLE_MESSAGES = /Can't reach database server|Connection terminated|Connection refused|PGlite is closed|connect ECONNREFUSED|Timed out fetching a new connection|server closed the connection/i;

/** Foreign keys to users: a violation means the acting user was deleted during the request. */
const USER_FOREIGN_KEYS = /\b(tickets_created_by_id_fkey|tickets_registered_by_id_fkey|auth_sessions_user_id_fkey)\b/;

type Loose = { code?: unknown; kind?: unknown; message?: unknown; cause?: unknown; meta?: unknown; errors?: unknown; constraint?: unknown };

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
    const text = [e.constraint, e.message, JSON.stringify(e.meta ?? null)].filter((v) => typeof v === "string").join(" ");
    return USER_FOREIGN_KEYS.test(text);
  });
}

/** One line naming why the database cannot be used, for logs and the health answer. */
export function unavailableReason(error: unknown): string {
  for (const e of errorChain(error)) {
    if (typeof e.code === "string" && /^E[A-Z]+$/.test(e.code)) return e.code === "ECONNREFUSED" ? "connection refused (ECONNREFUSED)" : e.code;
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
  return null;
}

/** Tests: forget the current outage so the next failure logs again. */
export function resetOutageLog() {
  lastUnavailableAt = 0;
}
