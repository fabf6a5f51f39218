import { db } from "@/server/db/client";

/**
 * Rate-limit counts are per clock minute of the database: start a run well inside one, with at
 * least `secondsNeeded` of it left (the caller's steps, with room for a slow machine). Always
 * asking for 20 s made a caller that came late in a minute wait up to 21 s (issue 39).
 */
export async function waitForFreshMinute(secondsNeeded = 20) {
  for (;;) {
    const [{ second }] = await db().$queryRaw<
      { second: number }[]
    >`SELECT extract(second FROM now())::float8 AS second`;
    if (second >= 1 && second <= 60 - secondsNeeded) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}
