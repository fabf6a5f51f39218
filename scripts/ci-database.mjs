// node scripts/ci-database.mjs create|drop <server-url> <name> — a throwaway database for a test run.
import pg from "pg";

const [action, serverUrl, name] = process.argv.slice(2);
if (!["create", "drop"].includes(action) || !serverUrl || !/^[a-z0-9_]+$/.test(name ?? "")) {
  console.error("usage: node scripts/ci-database.mjs create|drop <server-url> <name>");
  process.exit(2);
}
const client = new pg.Client({ connectionString: serverUrl });
await client.connect();
try {
  if (action === "create") await client.query(`CREATE DATABASE "${name}"`);
  else await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  console.log(`${action === "create" ? "created" : "dropped"} database ${name}`);
} finally {
  await client.end();
}
