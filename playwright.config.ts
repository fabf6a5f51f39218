import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// CHROMIUM_PATH, else Debian's chromium-headless-shell (the headless build of the same Chromium,
// what Playwright itself runs for headless tests: a fifth less time than the full browser on this
// 2-core machine, docs/decisions/284), else Debian's chromium; Playwright's own browser only if
// none exists. Nothing is downloaded: PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD is set for installs.
const chromium =
  process.env.CHROMIUM_PATH ??
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((candidate) => existsSync(candidate));
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 3199);

// The app servers: one per worker, started by the `app` fixture (e2e/fixtures.ts) on
// E2E_PORT + 10 + worker index, from the production build `npm run test:e2e` makes first. Specs
// that need another configuration (the development sign-in, a raffle they freeze) start a server of
// their own from the same build (e2e/own-server.ts).
export default defineConfig({
  testDir: "e2e",
  // Migrates the embedded database once; each app server starts on a copy (e2e/template-database.ts).
  globalSetup: "./e2e/global-setup.ts",
  // Files run in parallel on the workers; the tests of one file run in order on one worker.
  fullyParallel: false,
  // Three workers on two cores: with two, about an eighth of the CPU sat idle while tests waited (a
  // server's timeout, a retry's delay, a download); the third fills it. The whole suite went from
  // 487 to 424 s on the same machine state with the same CPU used and no retry (session 16,
  // decision 286).
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  timeout: 45_000,
  expect: { timeout: 10_000 },
  use: {
    // People who ask for less motion get no animation (app/globals.css, decision 280), and so do
    // the tests: on 2 cores Chromium's compositor, drawing every frame of every fade, pulse and
    // spinner, was the largest single use of CPU in the run. e2e/motion.spec.ts checks both ways.
    reducedMotion: "reduce",
    // A test that fails on its first try is traced on its retry: DOM snapshots of every step (the
    // trace viewer draws each) and the failure's own screenshot, but no screencast. Recording every
    // test and throwing the trace away when it passed cost a quarter of the run's time (docs/testing.md,
    // sessions 13 and 14); the races that slowness hid are mended (e2e/fixtures.ts, e2e/helpers.ts).
    trace: { mode: "on-first-retry", screenshots: false, snapshots: true, sources: true },
    screenshot: "only-on-failure",
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
        // No TurboFan in the pages' JavaScript (Ignition, Sparkplug and Maglev stay): a page here
        // lives seconds, and compiling its hot functions a second time, optimised, on a
        // background thread was CPU the two cores never got back. About a tenth less CPU for the
        // same tests (docs/testing.md, session 16; decision 286).
        "--js-flags=--no-opt",
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
  ],
});
