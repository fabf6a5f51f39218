// Settings for a test: the tests of one worker share its server, so a test that changes a setting
// puts back what it found, even when it fails.
import { expect, type APIRequestContext } from "@playwright/test";
import type { Settings } from "@/lib/api/settings";

export async function readSettings(api: APIRequestContext): Promise<Settings> {
  const res = await api.get("/api/settings");
  expect(res.status()).toBe(200);
  return ((await res.json()) as { settings: Settings }).settings;
}

export async function putSettings(api: APIRequestContext, changes: Partial<Settings>) {
  const res = await api.put("/api/settings", { data: changes });
  expect(res.status(), await res.text()).toBe(200);
}

/** Runs `body` with `changes` applied, then restores the settings it changed. */
export async function withSettings(api: APIRequestContext, changes: Partial<Settings>, body: () => Promise<void>) {
  const before = await readSettings(api);
  const restore = Object.fromEntries(Object.keys(changes).map((k) => [k, before[k as keyof Settings]]));
  await putSettings(api, changes);
  try {
    await body();
  } finally {
    await putSettings(api, restore);
  }
}
