import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { env } from "@/server/env";

// The development sign-in's code (decision 077): `npm run local` serves the production build on
// every address of the machine, so its sign-in without Google asks for the code it printed at
// start (AUTH_DEV_LOGIN_CODE, new each start). 40 bits, and at most 10 wrong tries a minute in
// this process: guessing it is not a plan.

const MAX_WRONG_PER_MINUTE = 10;
let window = { startedAt: 0, wrong: 0 };

/** Letters and digits only, upper case: 'abcd efgh', 'ABCD-EFGH' and 'abcdefgh' are one code. */
export function normalizeDevLoginCode(value: string): string {
  return value.toUpperCase().replace(/[^0-9A-Z]/g, "");
}

export function isDevLoginCodeRequired(): boolean {
  return Boolean(env().AUTH_DEV_LOGIN_CODE);
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/** True when no code is required, or `input` is the code (and this minute's wrong tries are not used up). */
export function checkDevLoginCode(input: unknown, now = Date.now()): boolean {
  const expected = env().AUTH_DEV_LOGIN_CODE;
  if (!expected) return true;
  if (now - window.startedAt > 60_000) window = { startedAt: now, wrong: 0 };
  if (window.wrong >= MAX_WRONG_PER_MINUTE) return false;
  const given = normalizeDevLoginCode(typeof input === "string" ? input : "");
  const isRight = timingSafeEqual(digest(given), digest(normalizeDevLoginCode(expected)));
  if (!isRight) window.wrong += 1;
  return isRight;
}

/** Tests start each case with a fresh minute. */
export function resetDevLoginCodeTries() {
  window = { startedAt: 0, wrong: 0 };
}
