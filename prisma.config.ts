import { defineConfig } from "prisma/config";

// The CLI is used offline only for `prisma generate`; DATABASE_URL is optional here
// because the app applies migrations itself (server/db/migrate.ts).
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  ...(process.env.DATABASE_URL ? { datasource: { url: process.env.DATABASE_URL } } : {}),
});
