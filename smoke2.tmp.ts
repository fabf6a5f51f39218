import { sql, db, closeDb } from "@/server/db/client";
process.env.PGLITE_DIR = "memory://";
delete process.env.DATABASE_URL;
for (const n of [100, 1000, 5000, 20000]) {
  const t = performance.now();
  const r = await sql<{ c: string[] }>(`SELECT ARRAY[g::text, md5(g::text), repeat('x', 100)] AS c FROM generate_series(1, $1::int) g`, [n]);
  console.log("sql", n, r.length, (performance.now() - t).toFixed(0));
  const t2 = performance.now();
  const [, rows] = await db().$transaction([db().$executeRawUnsafe(`SET LOCAL TIME ZONE 'UTC'`), db().$queryRawUnsafe<{ c: string[] }[]>(`SELECT ARRAY[g::text, md5(g::text), repeat('x', 100)] AS c FROM generate_series(1, ${n}) g`)]);
  console.log("prisma batch", n, rows.length, (performance.now() - t2).toFixed(0));
}
await closeDb();
