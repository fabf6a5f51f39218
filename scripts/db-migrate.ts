// npm run db:migrate — applies pending migrations to DATABASE_URL or the embedded database.
import { closeDb, dbEngine } from "@/server/db/client";
import { migrate } from "@/server/db/migrate";
import { EnvError, env } from "@/server/env";

try {
  env();
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const result = await migrate();
console.log(
  `${dbEngine()}: ${result.applied.length} migration(s) ` +
    `applied${result.applied.length ? `: ${result.applied.join(", ")}` : ""}; ${result.alreadyApplied} already applied`,
);
await closeDb();
