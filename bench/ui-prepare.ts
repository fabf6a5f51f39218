// Run by bench/ui.ts in its own process after seeding (PGlite allows one process per folder):
// adds the benchmark's administrator with a browser (cookie) session, and prints the cookie and
// the search terms as one JSON line.
import { encode } from "next-auth/jwt";
import { sessionCookieName } from "@/server/auth/cookie-config";
import { createSession } from "@/server/auth/sessions";
import { closeDb, db } from "@/server/db/client";

const prisma = db();
const admin = await prisma.user.upsert({
  where: { email: "bench-ui-admin@example.com" },
  create: { email: "bench-ui-admin@example.com", displayName: "Bench UI Admin", isAdmin: true },
  update: { isAdmin: true, isDisabled: false },
});
const { sessionId } = await createSession({ userId: admin.id, kind: "cookie" });
const name = sessionCookieName();
const value = await encode({
  token: { sub: admin.id, email: admin.email, sid: sessionId },
  secret: process.env.AUTH_SECRET!,
  salt: name,
  maxAge: 12 * 60 * 60,
});
await prisma.$executeRawUnsafe(`UPDATE settings SET max_ticket_limit = 99999, session_timeout = 240 WHERE id = 1`);
// Terms an administrator types: name parts, a phone in its written forms, part of a control number.
const phones = await prisma.$queryRawUnsafe<{ v: string }[]>(
  `SELECT phone_number AS v FROM tickets WHERE phone_number IS NOT NULL ORDER BY random() LIMIT 5`,
);
const controls = await prisma.$queryRawUnsafe<{ v: string }[]>(
  `SELECT control_number AS v FROM tickets ORDER BY random() LIMIT 5`,
);
await prisma.$executeRawUnsafe(`VACUUM ANALYZE tickets, ticket_order_keys`);
await closeDb();
const terms = [
  "santos",
  "Maria",
  "reyes",
  "dela cruz",
  "Jerome",
  "garcia",
  "Ana",
  "mendoza",
  "villa",
  "Cruz",
  ...phones.map((p) => `0${p.v.slice(0, 6)}`),
  ...controls.map((c) => c.v),
];
console.log(JSON.stringify({ cookie: { name, value }, terms }));
