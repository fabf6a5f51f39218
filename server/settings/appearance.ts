import "server-only";
import { cache } from "react";
import { connection } from "next/server";
import { DEFAULT_PRIMARY_COLOR, primaryColorVariables } from "@/lib/theme-color";
import { getSettings } from "@/server/settings/get-settings";

export const DEFAULT_TITLE = "Batch 2000 Raffle Dashboard";
export const DEFAULT_DESCRIPTION = "Ticket generation, registration and sales for the batch 2000 raffle";

export interface Appearance {
  title: string;
  description: string;
  /** The login screen's extra line under the spec's subtitle: the description, else the name. */
  tagline: string | null;
  defaultTheme: "light" | "dark";
  /** CSS variables for <html>'s style attribute (the primary colour in both themes). */
  style: Record<string, string>;
}

/**
 * What every page shows from the settings (site_name, site_description, dark_mode,
 * primary_color), read on every page render, so a change shows on the next page anyone loads,
 * on every instance. A database that cannot answer leaves the pages in their defaults instead
 * of taking them down.
 */
export async function loadAppearance(): Promise<Appearance> {
  try {
    const row = await getSettings();
    const name = row.siteName.trim();
    const description = row.siteDescription.trim();
    return {
      title: name || DEFAULT_TITLE,
      description: description || DEFAULT_DESCRIPTION,
      tagline: description || name || null,
      defaultTheme: row.darkMode ? "dark" : "light",
      style: primaryColorVariables(row.primaryColor),
    };
  } catch (error) {
    console.warn(`[settings] appearance falls back to the defaults: ${(error as Error).message}`);
    return {
      title: DEFAULT_TITLE,
      description: DEFAULT_DESCRIPTION,
      tagline: null,
      defaultTheme: "dark",
      style: primaryColorVariables(DEFAULT_PRIMARY_COLOR),
    };
  }
}

/** loadAppearance once per page request (metadata, layout and login share it). */
export const readAppearance = cache(async (): Promise<Appearance> => {
  // Pages depend on the settings row: never prerender them at build time.
  await connection();
  return loadAppearance();
});
