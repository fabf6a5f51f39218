// Run by bench/run.ts in its own process (PGlite allows one process per folder): adds the
// benchmark's admin and bearer token, frees the numbers the write benchmarks will take,
// and prints what the measurements need as one JSON line.
import { createSession } from "@/server/auth/sessions";
import { closeDb, db } from "@/server/db/client";

const prisma = db();
const admin = await prisma.user.upsert({
  where: { email: "bench-admin@example.com" },
  create: { email: "bench-admin@example.com", displayName: "Bench Admin", isAdmin: true },
  update: { isAdmin: true, isDisabled: false },
});
const { token } = await createSession({ userId: admin.id, kind: "bearer" });
// The custom range benchmark takes 60001-70000 (a full 10,000, measured before generation);
// generate (10 warm-up + 10 measured runs of 100) then takes the lowest free numbers,
// 90001-92000. Everything else stays taken: ~87,000 tickets while writes are measured.
await prisma.$executeRawUnsafe(
  `DELETE FROM tickets WHERE ticket_number BETWEEN 60001 AND 70000 OR ticket_number BETWEEN 90001 AND 92999`,
);
// The limit of 100,000 a minute (the most the setting allows) is below what one caller sends
// under load, so the benchmark's own rate limit is lifted in the table, like a trusted client's.
await prisma.$executeRawUnsafe(
  `UPDATE settings SET max_ticket_limit = 99999, session_timeout = 240, api_rate_limit = 100000000 WHERE id = 1`,
);
const lookups = await prisma.$queryRawUnsafe<{ v: string }[]>(
  `(SELECT control_number AS v FROM tickets ORDER BY random() LIMIT 150) UNION ALL (SELECT ` +
    `lpad(ticket_number::text, 5, '0') FROM tickets ORDER BY random() LIMIT 150)`,
);
const unregistered = await prisma.$queryRawUnsafe<{ v: string }[]>(
  `SELECT control_number AS v FROM tickets WHERE registered_at IS NULL ORDER BY random() LIMIT 40000`,
);
await prisma.$executeRawUnsafe(`VACUUM ANALYZE tickets, ticket_order_keys`);
await closeDb();
console.log(
  JSON.stringify({
    token,
    lookups: lookups.map((r) => r.v),
    nameParts: ["santos", "Maria", "reyes", "Cruz", "villa", "Jerome", "dela cruz", "Garcia", "mendoza", "Ana"],
    unregistered: unregistered.map((r) => r.v),
  }),
);
