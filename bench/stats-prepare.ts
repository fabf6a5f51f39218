// Run by bench/stats.ts in its own process (PGlite allows one process per folder): the benchmark's
// admin and bearer token, fresh planner statistics, and the token printed as the last line.
import { createSession } from "@/server/auth/sessions";
import { closeDb, db } from "@/server/db/client";

const prisma = db();
const admin = await prisma.user.upsert({
  where: { email: "bench-admin@example.com" },
  create: { email: "bench-admin@example.com", displayName: "Bench Admin", isAdmin: true },
  update: { isAdmin: true, isDisabled: false },
});
const { token } = await createSession({ userId: admin.id, kind: "bearer" });
await prisma.$executeRawUnsafe(`UPDATE settings SET max_ticket_limit = 99999, session_timeout = 240 WHERE id = 1`);
await prisma.$executeRawUnsafe(`VACUUM ANALYZE`);
await closeDb();
console.log(token);
