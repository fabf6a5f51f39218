import "server-only";
import type { SignInFailureReason } from "@/lib/audit-actions";
import { writeAudit } from "@/server/audit";
import { db } from "@/server/db/client";

// Refused sign-ins in the Activity Log (issue 25 item 5, docs/decisions/064): the e-mail tried
// (never any part of a token) and the reason, at most MAX_PER_MINUTE rows a minute per client
// address at each instance, so a flood of failures cannot flood the log.

export const MAX_PER_MINUTE = 10;
/** Addresses remembered for the bound; past it the minute's map starts over. */
const MAX_ADDRESSES = 10_000;

interface BoundState {
  minute: number;
  counts: Map<string, number>;
  now: () => number;
}
const holder = globalThis as typeof globalThis & { __raffleSignInFailures?: BoundState };
const state = () => (holder.__raffleSignInFailures ??= { minute: 0, counts: new Map(), now: Date.now });

/** Tests: forget the counts, run on the given clock. */
export function resetSignInFailureBound(now: () => number = Date.now) {
  holder.__raffleSignInFailures = { minute: 0, counts: new Map(), now };
}

function withinBound(address: string | null): boolean {
  const s = state();
  const minute = Math.floor(s.now() / 60_000);
  if (minute !== s.minute || s.counts.size > MAX_ADDRESSES) {
    s.minute = minute;
    s.counts = new Map();
  }
  const key = address ?? "unknown";
  const n = (s.counts.get(key) ?? 0) + 1;
  s.counts.set(key, n);
  return n <= MAX_PER_MINUTE;
}

/** What is stored as the subject: the address as typed, trimmed and lower-cased, at most 320 characters. */
const subjectOf = (email: string | null | undefined) =>
  (email ?? "").trim().toLowerCase().slice(0, 320) || "(no e-mail)";

/** Records one refused sign-in; never throws (the refusal itself must still be answered). */
export async function recordSignInFailure(options: {
  email: string | null | undefined;
  reason: SignInFailureReason;
  method: string;
  clientAddress: string | null;
}): Promise<void> {
  if (!withinBound(options.clientAddress)) return;
  try {
    await db().$transaction((tx) =>
      writeAudit(tx, {
        actor: null,
        action: "auth.sign_in_failed",
        entityId: subjectOf(options.email),
        after: { reason: options.reason, method: options.method },
      }),
    );
  } catch (error) {
    console.warn(`audit: could not record a refused sign-in: ${(error as Error).message.split("\n")[0]}`);
  }
}
