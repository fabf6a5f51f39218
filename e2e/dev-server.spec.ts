// The development server (`next dev`), where React runs effects twice and the CSP must allow
// what development needs: a sign-in refusal is one toast (it was two), and nothing is refused
// by the CSP. Slow (Next compiles the page on first visit), so one test covers both.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { NOT_AUTHORIZED_MESSAGE } from "../lib/constants";
import { expect, test } from "./fixtures";

const NEXT_BIN = createRequire(import.meta.url).resolve("next/dist/bin/next");

test("on next dev, an unlisted email's refusal is one toast and the CSP refuses nothing", async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const port = Number(process.env.E2E_PORT ?? 3100) + 85 + testInfo.parallelIndex;
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  const child = spawn(process.execPath, [NEXT_BIN, "dev", "-p", String(port), "-H", "127.0.0.1"], {
    env: {
      ...process.env,
      NODE_ENV: "development",
      NEXT_TELEMETRY_DISABLED: "1",
      PGLITE_DIR: "memory://",
      DATABASE_URL: "",
      AUTH_SECRET: "e2e-dev-secret-e2e-dev-secret-0123456789",
      AUTH_URL: url,
      AUTH_TRUST_HOST: "true",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  try {
    await expect
      .poll(async () => (await fetch(`${url}/api/health`).catch(() => null))?.status ?? 0, {
        timeout: 120_000,
        intervals: [500],
      })
      .toBe(200);
    // Count every toast element ever added, however briefly it stays.
    await page.addInitScript(() => {
      const seen = new Set<Element>();
      (window as unknown as { __toasts: () => string[] }).__toasts = () => [...seen].map((el) => el.textContent ?? "");
      new MutationObserver(() =>
        document.querySelectorAll("[data-sonner-toast]").forEach((el) => seen.add(el)),
      ).observe(document, {
        childList: true,
        subtree: true,
      });
    });
    await page.goto(`${url}/login?error=AccessDenied`, { timeout: 180_000 });
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: NOT_AUTHORIZED_MESSAGE }).first()).toBeVisible({
      timeout: 30_000,
    });
    await page.waitForLoadState("networkidle");
    const toasts = await page.evaluate(() => (window as unknown as { __toasts: () => string[] }).__toasts());
    expect(toasts.filter((t) => t.includes(NOT_AUTHORIZED_MESSAGE))).toHaveLength(1);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- next dev output ---\n${output.slice(-3000)}`);
  } finally {
    child.kill("SIGTERM");
  }
});
