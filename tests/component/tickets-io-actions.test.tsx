// Tickets Management's Export CSV and Import CSV when the server gives nothing to save or refuses
// (issue 39: moved from e2e/tickets-io.spec.ts, where each was a page load checking toasts and a
// button's state): an empty export, a failed export, and an import the server refuses. The real
// export's file content, the template download and the whole import flow stay in that spec; what
// the server answers for a file without the number column is tests/integration/tickets-io.test.ts'.
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TicketsIoActions } from "@/components/tickets/tickets-io-actions";
import { TICKET_CSV_COLUMNS } from "@/lib/csv/ticket-csv";
import { findToast, refusal, renderScreen, type StubAnswer, stubApi } from "./render";

function renderActions() {
  renderScreen(<TicketsIoActions currentUserEmail="admin@example.com" />, { url: "/dashboard/tickets" });
}

describe("Export CSV", () => {
  it("says 'No data to export' for an empty file and 'Failed to export tickets: {message}' on failure", async () => {
    let exportAnswer: StubAnswer = {
      text: `\uFEFF${TICKET_CSV_COLUMNS.join(",")}\r\n`,
      contentType: "text/csv; charset=utf-8",
    };
    const api = stubApi([[/^\/api\/tickets\/export-all$/, () => exportAnswer]]);
    renderActions();
    await userEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    await findToast("No data to export");

    exportAnswer = refusal(503, "unavailable", "The database is unavailable");
    await userEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    await findToast("Failed to export tickets: The database is unavailable");
    expect(screen.getByRole("button", { name: "Export CSV" })).toHaveProperty("disabled", false);
    expect(api.seen).toEqual(["GET /api/tickets/export-all", "GET /api/tickets/export-all"]);
  });
});

describe("Import Tickets", () => {
  it("says 'Import failed: {message}' when the server refuses the file", async () => {
    const sent: unknown[] = [];
    const api = stubApi([
      [
        /^\/api\/tickets\/import\?importedBy=admin%40example\.com$/,
        (_, init) => {
          sent.push(init?.body);
          // What the server answers for a file without the Last 5 Digits column (tests/integration/tickets-io.test.ts).
          return refusal(400, "validation_failed", "Missing required column: Last 5 Digits");
        },
      ],
      // The import's progress (its job) is asked for after a second (JOB_POLL_MS); held, as the refusal comes first.
      [/^\/api\/jobs\//, "hold"],
    ]);
    renderActions();
    await userEvent.click(screen.getByRole("button", { name: "Import CSV" }));
    // The dialog's code loads on first use (components/tickets/lazy-dialogs.tsx).
    const dialog = await screen.findByRole("dialog", { name: "Import Tickets" }, { timeout: 5_000 });
    const file = new File(["Buyer Name\r\nAna Reyes\r\n"], "names.csv", { type: "text/csv" });
    await userEvent.upload(within(dialog).getByLabelText("CSV file"), file);
    const importButton = within(dialog).getByRole("button", { name: "Import" });
    await userEvent.click(importButton);
    await findToast("Import failed: Missing required column: Last 5 Digits");
    expect(importButton).toHaveProperty("disabled", false);
    // The file went as it is, once.
    expect(sent).toHaveLength(1);
    expect(sent[0]).toBe(file);
    expect(api.unknown).toEqual([]);
  });
});
