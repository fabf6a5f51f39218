// The Settings screen's General tab when the server fails (issue 39: moved from
// e2e/settings-general.spec.ts, where it was a page load checking texts and the Save button): a
// failed save says so and leaves Save Changes to press again; a failed load says so. Loading,
// validating and saving against the server, the leave warning (the browser's own prompt
// included), the tab in the URL, axe in both themes and the fit at 375 px stay in that spec.
// The Users tab's own row and its validation message shown once (moved from
// e2e/shell-defects.spec.ts); adding, promoting, disabling and deleting for real stay in
// e2e/users-tab.spec.ts.
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { SettingsScreen } from "@/components/settings/settings-screen";
import { ADMIN_EMAIL, ADMIN_SETTINGS, apiUser, RAFFLE_SELLING } from "./api-data";
import { alertsSaying, fill, findToast, recordToasts, renderScreen, SERVER_ERROR, stubApi } from "./render";

/** The backups card loads on its own; held, as the checks are about the settings. */
const BACKUPS = [/^\/api\/backups/, "hold"] as const;

function renderSettings() {
  renderScreen(<SettingsScreen currentUserEmail={ADMIN_EMAIL} />, { url: "/dashboard/settings" });
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

describe("Settings, Users tab", () => {
  const admin = apiUser({ email: ADMIN_EMAIL, display_name: "Ada Admin", is_admin: true, role: "admin" });
  const SETTINGS_READ = [/^\/api\/settings$/, { json: { success: true, settings: ADMIN_SETTINGS } }] as const;

  /** The Users tab, chosen as a person does (e2e/helpers.ts' chooseTab), once its code has loaded and listed users. */
  async function chooseUsersTab() {
    renderSettings();
    await userEvent.click(screen.getByRole("tab", { name: "Users" }), { delay: null });
    const panel = await screen.findByRole("tabpanel", { name: "Users" }, { timeout: 5_000 });
    await within(panel).findAllByTestId("user-row", {}, { timeout: 5_000 });
    return panel;
  }

  it("your own row cannot be edited (the server would refuse it), as it cannot be deleted", async () => {
    const api = stubApi([
      [/^\/api\/auth\/users$/, { json: { success: true, users: [admin, apiUser()] } }],
      SETTINGS_READ,
      RAFFLE_SELLING,
      BACKUPS,
    ]);
    const panel = await chooseUsersTab();
    const ownRow = within(panel)
      .getAllByTestId("user-row")
      .find((row) => row.textContent?.includes(ADMIN_EMAIL))!;
    const own = within(ownRow);
    expect(own.getByRole("button", { name: "Cannot delete yourself" })).toHaveProperty("disabled", true);
    expect(own.getByRole("button", { name: "Cannot edit your own role" })).toHaveProperty("disabled", true);
    expect(own.queryByRole("button", { name: "Edit" })).toBeNull();
    expect(api.unknown).toEqual([]);
  });

  it("a validation error of the Users tab shows once, beside the form, not again as a toast", async () => {
    const added = apiUser({ email: "marker@example.com", display_name: "Mark Marker" });
    let users = [admin];
    const api = stubApi([
      [
        /^\/api\/auth\/add-user$/,
        () => {
          users = [...users, added];
          return { status: 201, json: { success: true, message: "User added successfully", user: added } };
        },
      ],
      [/^\/api\/auth\/users$/, () => ({ json: { success: true, users } })],
      SETTINGS_READ,
      RAFFLE_SELLING,
      BACKUPS,
    ]);
    const panel = await chooseUsersTab();
    const toasts = recordToasts();
    const form = panel.querySelector("form")!;
    const user = userEvent.setup({ delay: null });
    await user.click(within(form).getByRole("button", { name: "Add User" }));
    expect(await within(form).findByRole("alert")).toBeTruthy();
    expect(
      within(form)
        .getAllByRole("alert")
        .map((alert) => alert.textContent),
    ).toEqual(["Email and display name are required"]);
    // A later toast as a marker: a toast for the validation error would have come before it.
    fill(within(form).getByLabelText("Email"), added.email);
    fill(within(form).getByLabelText("Display Name"), added.display_name!);
    await user.click(within(form).getByRole("button", { name: "Add User" }));
    await findToast("User added successfully!");
    expect(toasts).toEqual(["success: User added successfully!"]);
    expect(alertsSaying(form, "Email and display name are required")).toHaveLength(0);
    expect(api.seen.filter((request) => request.startsWith("POST "))).toEqual(["POST /api/auth/add-user"]);
    expect(api.unknown).toEqual([]);
  });
});
