import { db } from "@/server/db/client";

/** Rate-limit counts are per clock minute of the database: start a run well inside one. */
export async function waitForFreshMinute() {
  for (;;) {
    const [{ second }] = await db().$queryRaw<
      { second: number }[]
    >`SELECT extract(second FROM now())::float8 AS second`;
    if (second >= 1 && second <= 40) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}
