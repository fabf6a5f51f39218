// The Settings screen's General tab when the server fails (issue 39: moved from
// e2e/settings-general.spec.ts, where it was a page load checking texts and the Save button): a
// failed save says so and leaves Save Changes to press again; a failed load says so. Loading,
// validating and saving against the server, the leave warning (the browser's own prompt
// included), the tab in the URL, axe in both themes and the fit at 375 px stay in that spec.
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { SettingsScreen } from "@/components/settings/settings-screen";
import { ADMIN_SETTINGS, RAFFLE_SELLING } from "./api-data";
import { findToast, renderScreen, SERVER_ERROR, stubApi } from "./render";

/** The backups card loads on its own; held, as the checks are about the settings. */
const BACKUPS = [/^\/api\/backups/, "hold"] as const;

function renderSettings() {
  renderScreen(<SettingsScreen currentUserEmail="admin@example.com" />, { url: "/dashboard/settings" });
}

describe("Settings, General tab", () => {
  it("a failed save says so, and Save Changes can be pressed again", async () => {
    const saves: unknown[] = [];
    const api = stubApi([
      [
        /^\/api\/settings$/,
        (_, init) => {
          if (init?.method !== "PUT") return { json: { success: true, settings: ADMIN_SETTINGS } };
          saves.push(JSON.parse(String(init.body)));
          return SERVER_ERROR;
        },
      ],
      RAFFLE_SELLING,
      BACKUPS,
    ]);
    renderSettings();
    const siteName = await screen.findByRole("textbox", { name: "Site Name" });
    await screen.findByDisplayValue(ADMIN_SETTINGS.site_name);
    await userEvent.clear(siteName);
    await userEvent.type(siteName, "Will not be saved");
    const save = screen.getByRole("button", { name: "Save Changes" });
    await userEvent.click(save);
    await findToast("Failed to save settings. Please try again.");
    expect(save).toHaveProperty("disabled", false);
    expect(save.textContent).toBe("Save Changes");
    // Sent once (a mutation is not retried), with the new name.
    expect(saves).toEqual([expect.objectContaining({ site_name: "Will not be saved" })]);
    expect(api.unknown).toEqual([]);
  });

  it("a failed load says so", async () => {
    const api = stubApi([[/^\/api\/settings$/, SERVER_ERROR], RAFFLE_SELLING, BACKUPS]);
    renderSettings();
    await findToast("Failed to load settings from database");
    expect(screen.getByRole("alert").textContent).toContain("Failed to load settings from database");
    expect(screen.queryByRole("textbox", { name: "Site Name" })).toBeNull();
    // Asked twice (the one retry for a 5xx), then said.
    expect(api.seen.filter((request) => request === "GET /api/settings")).toHaveLength(2);
    expect(api.unknown).toEqual([]);
  });
});
