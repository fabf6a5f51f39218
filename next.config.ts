import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite ships a WebAssembly Postgres and data files; it must be loaded by Node, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "pg"],
  poweredByHeader: false,
  typedRoutes: false,
  // `npm run typecheck` (part of `npm test` and CI) checks the whole project, tests included;
  // checking again inside `next build` would only add time to every build.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
