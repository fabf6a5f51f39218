import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// Debian's chromium (or CHROMIUM_PATH); Playwright's own browser only if neither exists.
// Nothing is downloaded: PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD is set for installs.
const chromium = process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
const PORT = Number(process.env.E2E_PORT ?? 3100);
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 3199);
const DEV_LOGIN_PORT = Number(process.env.E2E_DEV_LOGIN_PORT ?? 3101);

/** `next start` of the production build on a fresh in-memory database. */
function appServer(port: number, env: Record<string, string>) {
  return {
    command: `npx next start -p ${port} -H 127.0.0.1`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "pipe" as const,
    env: {
      PGLITE_DIR: "memory://",
      DATABASE_URL: "",
      AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-0123456789",
      AUTH_URL: `http://127.0.0.1:${port}`,
      AUTH_TRUST_HOST: "true",
      ADMIN_EMAILS: "admin@example.com",
      ...env,
    },
  };
}

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: [
    {
      // Stands in for Google: Auth.js's Google provider does OIDC discovery on AUTH_GOOGLE_ISSUER.
      command: "npx tsx e2e/oidc-issuer.ts",
      url: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "pipe",
      env: { OIDC_ISSUER_PORT: String(OIDC_PORT) },
    },
    // The production build (`npm run test:e2e` builds first), with Google pointed at the issuer above.
    appServer(PORT, {
      AUTH_GOOGLE_ID: "e2e-google-client",
      AUTH_GOOGLE_SECRET: "e2e-google-secret",
      AUTH_GOOGLE_ISSUER: `http://127.0.0.1:${OIDC_PORT}`,
      AUTH_DEV_LOGIN: "false",
    }),
    // The same build with the development sign-in on and no Google (the README's local mode).
    appServer(DEV_LOGIN_PORT, { AUTH_DEV_LOGIN: "true", AUTH_DEV_LOGIN_IN_PRODUCTION: "true" }),
  ],
});
