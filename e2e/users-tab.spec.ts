import { expect, test } from "./fixtures";
import { ADMIN_EMAIL, chooseTab, uniqueEmail } from "./helpers";

test.use({ role: "admin" });

test("the Users tab adds, promotes, disables and deletes a user", async ({ page }) => {
  await page.goto("/dashboard/settings");
  await chooseTab(page, "Users");

  const rows = page.getByTestId("user-row");
  const ownRow = rows.filter({ hasText: ADMIN_EMAIL });
  await expect(ownRow.getByRole("button", { name: "Cannot delete yourself" })).toBeDisabled();
  // The last login in the app's date format (raffle timezone), not the browser's locale format.
  await expect(ownRow).toContainText(/Last login: [A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} (AM|PM)/);
  const countBefore = await rows.count();
  await expect(page.getByText(`Registered Users (${countBefore})`)).toBeVisible();

  const email = page.getByLabel("Email", { exact: true });
  const name = page.getByLabel("Display Name");
  const add = page.getByRole("button", { name: "Add User" });
  const formError = page.locator("form").getByRole("alert");

  await add.click();
  await expect(formError).toHaveText("Email and display name are required");
  await email.fill("not-an-address");
  await name.fill("Pat Person");
  await add.click();
  await expect(formError).toHaveText("Please enter a valid email address");
  await email.fill(ADMIN_EMAIL.toUpperCase());
  await add.click();
  await expect(formError).toHaveText("Email already exists in the list");

  const newEmail = uniqueEmail("Pat.Person");
  await email.fill(newEmail.toUpperCase());
  await add.click();
  await expect(page.getByText("User added successfully!")).toBeVisible();
  await expect(page.getByText(`Registered Users (${countBefore + 1})`)).toBeVisible();
  const row = rows.filter({ hasText: newEmail.toLowerCase() });
  await expect(row).toHaveCount(1);
  await expect(row.getByText("Admin", { exact: true })).toHaveCount(0);

  // Promote.
  await row.getByRole("button", { name: "Edit" }).click();
  await expect(row.getByText("Changes pending")).toHaveCount(0);
  await row.getByLabel("Admin Access").click();
  await expect(row.getByText("Changes pending")).toBeVisible();
  await row.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("User updated successfully!")).toBeVisible();
  await expect(row.getByText("Admin", { exact: true })).toBeVisible();

  // Disable.
  await row.getByRole("button", { name: "Disable" }).click();
  await expect(page.getByText("User disabled successfully!")).toBeVisible();
  await expect(row.getByText("Disabled", { exact: true })).toBeVisible();

  // Delete, through the danger confirmation.
  await row.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Delete user?");
  await dialog.getByRole("button", { name: "Delete User" }).click();
  await expect(page.getByText("User deleted successfully!")).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByText(`Registered Users (${countBefore})`)).toBeVisible();
});
