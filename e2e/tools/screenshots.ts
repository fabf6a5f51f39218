// Look at what you built: starts the production build (run `npm run build` first) with the
// development sign-in on a fresh in-memory database, signs in, and photographs pages at
// 1280 × 800 and 375 × 740, light and dark, into SHOTS_DIR (default /tmp/shots).
//
//   npx tsx e2e/tools/screenshots.ts /dashboard/tickets /dashboard/register
//   npx tsx e2e/tools/screenshots.ts --as user --tickets 40 /dashboard/register
//
// For a dialog or another state, write a script of your own around `withScreenshotSession`:
//   await withScreenshotSession({ role: "admin", tickets: 30 }, async ({ page, shoot }) => {
//     await page.goto("/dashboard/tickets");
//     await page.getByRole("button", { name: "Generate Ticket" }).click();
//     await shoot("generate-dialog");
//   });
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, request, type APIRequestContext, type Page } from "@playwright/test";
import { startAppServer } from "../app-server";

const SHOTS_DIR = process.env.SHOTS_DIR ?? "/tmp/shots";
const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 375, height: 740 },
] as const;

export interface ScreenshotSession {
  page: Page;
  /** Admin-authenticated API, for seeding. */
  api: APIRequestContext;
  /** Photographs the page as it is now at both sizes, light and dark: SHOTS_DIR/{name}-{size}-{theme}.png. */
  shoot: (name: string, options?: { fullPage?: boolean }) => Promise<void>;
}

/** The sign-in code this throwaway server takes (the production build's development sign-in needs one, ADR 077). */
const SHOTS_LOGIN_CODE = "SHOT-C0DE";

async function devSignIn(page: Page, email: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Sign-in code").fill(SHOTS_LOGIN_CODE);
  await page.getByRole("button", { name: "Sign in (development)" }).click();
  await page.waitForURL(/\/dashboard\/overview$/);
}

async function seedTickets(api: APIRequestContext, count: number) {
  const methods = ["cash", "gcash", "cash", "bank_transfer"];
  for (let made = 0, i = 0; made < count; i += 1) {
    const quantity = Math.min(count - made, 1 + (i % 4));
    const method = methods[i % methods.length];
    const res = await api.post("/api/tickets/generate", {
      data: {
        buyer_name: ["Maria Santos", "Jose Rizal", "Ana Reyes", "Pedro Cruz", "Liza Soberano"][i % 5],
        phone_number: `0917${String(1000000 + i).slice(-7)}`,
        email: i % 2 ? `buyer${i}@example.com` : undefined,
        payment_method: method,
        gcash_reference: method === "gcash" ? `GC${100000 + i}` : undefined,
        quantity,
      },
    });
    if (!res.ok()) throw new Error(`seeding failed: ${res.status()} ${await res.text()}`);
    made += quantity;
  }
  const range = await api.get(`/api/tickets/find-available-range/${Math.max(1, Math.round(count / 2))}`);
  const { startRange, endRange } = (await range.json()) as { startRange: number; endRange: number };
  await api.post("/api/tickets/admin/generate-custom-range", {
    data: { startRange, endRange, userId: "admin@example.com" },
  });
}

export async function withScreenshotSession(
  options: { role?: "admin" | "user"; tickets?: number; port?: number },
  run: (session: ScreenshotSession) => Promise<void>,
) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const app = await startAppServer({
    port: options.port ?? Number(process.env.SHOTS_PORT ?? 3190),
    env: {
      AUTH_DEV_LOGIN: "true",
      AUTH_DEV_LOGIN_IN_PRODUCTION: "true",
      AUTH_DEV_LOGIN_CODE: SHOTS_LOGIN_CODE,
      SERVED_OVER_HTTP: "true",
    },
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  try {
    const adminContext = await browser.newContext({ baseURL: app.url, viewport: VIEWPORTS[0] });
    const adminPage = await adminContext.newPage();
    await devSignIn(adminPage, "admin@example.com");
    const api = await request.newContext({
      baseURL: app.url,
      storageState: await adminContext.storageState(),
      extraHTTPHeaders: { Origin: app.url },
    });
    // Seeding sends hundreds of requests in seconds: lift the api_rate_limit setting on this throwaway server.
    await api.put("/api/settings", { data: { api_rate_limit: 100_000 } });
    if (options.tickets) await seedTickets(api, options.tickets);

    let page = adminPage;
    if (options.role === "user") {
      await api.post("/api/auth/add-user", {
        data: { email: "sam@example.com", displayName: "Sam Staff", isAdmin: false },
      });
      const userContext = await browser.newContext({ baseURL: app.url, viewport: VIEWPORTS[0] });
      page = await userContext.newPage();
      await devSignIn(page, "sam@example.com");
    }

    const shoot = async (name: string, shotOptions: { fullPage?: boolean } = {}) => {
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        for (const theme of ["light", "dark"] as const) {
          await page.evaluate((t) => {
            document.documentElement.classList.toggle("dark", t === "dark");
            document.documentElement.style.colorScheme = t;
          }, theme);
          await page.waitForTimeout(300);
          const file = path.join(SHOTS_DIR, `${name}-${viewport.name}-${theme}.png`);
          await page.screenshot({ path: file, fullPage: shotOptions.fullPage ?? true });
          console.log(file);
        }
      }
      await page.setViewportSize(VIEWPORTS[0]);
    };
    await run({ page, api, shoot });
  } finally {
    await browser.close();
    await app.stop();
  }
}

// CLI: the paths given, each photographed once loaded.
if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const role = args.includes("--as") ? (args[args.indexOf("--as") + 1] as "admin" | "user") : "admin";
  const tickets = args.includes("--tickets") ? Number(args[args.indexOf("--tickets") + 1]) : 30;
  const paths = args.filter((a, i) => a.startsWith("/") && args[i - 1] !== "--as" && args[i - 1] !== "--tickets");
  await withScreenshotSession({ role, tickets }, async ({ page, shoot }) => {
    for (const p of paths) {
      await page.goto(p);
      await page.waitForLoadState("networkidle");
      await shoot(p.replace(/^\//, "").replace(/[/?=&]+/g, "-") || "root");
    }
  });
}
