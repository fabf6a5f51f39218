// npm run db:seed -- [--tickets N] [--registered 0.6] [--days 90] [--reset]
// npm run db:seed -- --demo   one whole raffle, every screen filled (scripts/lib/demo-raffle.ts)
// Sample staff and N tickets spread over the last `days` days, with Filipino names, mobile
// numbers and a realistic payment mix, so screens and benchmarks have data. Bulk work runs
// as one INSERT ... SELECT in SQL (seconds for 100,000 rows on either engine).
import { parseArgs } from "node:util";
import { closeDb, dbEngine, openScriptRunner } from "@/server/db/client";
import { migrate } from "@/server/db/migrate";
import { EnvError, env } from "@/server/env";
import { MAX_TICKET_NUMBER } from "@/lib/constants";
import { SEED_STAFF, seedTickets } from "@/scripts/lib/seed-sql";

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    tickets: { type: "string", default: "500" },
    registered: { type: "string", default: "0.6" },
    days: { type: "string", default: "90" },
    reset: { type: "boolean", default: false },
    seed: { type: "string", default: "0.42" },
    demo: { type: "boolean", default: false },
  },
});

const requested = Number(values.tickets);
const registeredShare = Number(values.registered);
const days = Number(values.days);
const seed = Number(values.seed);
if (!Number.isInteger(requested) || requested < 0)
  fail(`--tickets must be a whole number ≥ 0 (got "${values.tickets}")`);
if (!(registeredShare >= 0 && registeredShare <= 1))
  fail(`--registered must be between 0 and 1 (got "${values.registered}")`);
if (!Number.isInteger(days) || days < 1) fail(`--days must be a whole number ≥ 1 (got "${values.days}")`);
if (!(seed >= -1 && seed <= 1)) fail(`--seed must be between -1 and 1 (got "${values.seed}")`);

try {
  env();
} catch (error) {
  if (error instanceof EnvError) fail(error.message);
  throw error;
}

await migrate();
if (values.demo) {
  // The app's own API routes build the demo; they need the installation's keys (the signing key).
  const { ensureInstallationSecrets } = await import("@/server/secrets/installation-secrets");
  const { seedDemoRaffle } = await import("@/scripts/lib/demo-raffle");
  const started = performance.now();
  try {
    await ensureInstallationSecrets();
    const demo = await seedDemoRaffle();
    console.log(
      `${dbEngine()}: demo raffle seeded in ${((performance.now() - started) / 1000).toFixed(1)} ` +
        `s: ${demo.tickets} tickets, ${demo.sold} sold, ${demo.voided} voided, ${demo.remittances} ` +
        `remittances, ${demo.statementLines} statement lines, draw ${demo.drawNumber} published. ` +
        `Start it (npm run local) and sign in as admin@example.com.`,
    );
  } catch (error) {
    console.error(`demo seed failed: ${(error as Error).message}`);
    process.exitCode = 1;
  } finally {
    await closeDb();
  }
  process.exit();
}
const runner = await openScriptRunner();
const started = performance.now();
try {
  if (values.reset) await runner.exec(`TRUNCATE TABLE ticket_attachments, tickets RESTART IDENTITY CASCADE`);
  const [{ max }] = await runner.query<{ max: number | null }>(`SELECT max(ticket_number) AS max FROM tickets`);
  const first = (max ?? 0) + 1;
  const free = MAX_TICKET_NUMBER - first + 1;
  let count = requested;
  if (count > free) {
    // Ticket numbers are 5 digits (00001-99999): "100,000 tickets" means every number taken.
    console.log(
      `note: ticket numbers are 5 digits, so only ${free} more ticket(s) fit ` +
        `after ${String(first - 1).padStart(5, "0")}; seeding ${free}.`,
    );
    count = free;
  }
  await runner.exec("BEGIN");
  // The trigram indexes are built once after a bulk insert (seedTickets); the transaction keeps
  // it all-or-nothing.
  await seedTickets(runner, { first, count, registeredShare, days, seed });
  await runner.exec("COMMIT");
  const last = first + count - 1;
  const [{ limit }] = await runner.query<{ limit: number }>(
    `SELECT max_ticket_limit AS limit FROM settings WHERE id = 1`,
  );
  if (count > 0 && last > limit) {
    await runner.exec(`UPDATE settings SET max_ticket_limit = ${MAX_TICKET_NUMBER} WHERE id = 1`);
    console.log(
      `note: raised max_ticket_limit from ${limit} to ${MAX_TICKET_NUMBER} so the seeded numbers are within it.`,
    );
  }
  // VACUUM as well: it sets the visibility map, so deep pages of the list are index-only scans at
  // once, as they are in a running raffle once autovacuum has passed (decision 221).
  await runner.exec("VACUUM (ANALYZE) tickets, ticket_order_keys");
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `${dbEngine()}: seeded ${SEED_STAFF.length} staff users and ${count} tickets ` +
      `(${String(first).padStart(5, "0")}-${String(last).padStart(5, "0")}, ` +
      `~${Math.round(registeredShare * 100)}% registered, last ${days} days) in ${seconds} s`,
  );
} catch (error) {
  await runner.exec("ROLLBACK").catch(() => {});
  console.error(`seed failed, nothing written: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await runner.close();
  await closeDb();
}
