// Run by bench/archive.ts in its own process (PGlite allows one process per folder): adds audit rows
// so the archive carries the 25,000 (issue 36); the archive seals them into the hash chain.
import { closeDb, db } from "@/server/db/client";

const wanted = Number(process.argv[2] ?? 25000);
const [{ n }] = await db().$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM audit_log`);
if (wanted > n) {
  await db().$executeRawUnsafe(
    `INSERT INTO audit_log (actor_email, action, entity_type, entity_id, after)
     SELECT 'bench@example.com', 'ticket.update', 'ticket', g::text, jsonb_build_object('buyer_name', 'Bench Buyer ' ` +
      `|| g) FROM generate_series(1, $1::int) g`,
    wanted - n,
  );
}
await closeDb();
console.log(Math.max(wanted, n));
