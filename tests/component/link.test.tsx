// The app's Link (components/ui/link.tsx, decision 291): a page is prefetched when a person points
// at its link or focuses it. That a link on screen is not prefetched is not checked here: next/link's
// viewport prefetch needs a real layout and its own router, so a real page load asking the server
// for no other page is e2e/shell.spec.ts's check.
import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Link } from "@/components/ui/link";

const router = vi.hoisted(() => ({ prefetch: vi.fn() }));
vi.mock("next/navigation", () => ({ useRouter: () => router }));

beforeEach(() => router.prefetch.mockClear());

describe("Link", () => {
  it("prefetches its page when a pointer enters it, and still calls the screen's own handler", () => {
    const onPointerEnter = vi.fn();
    render(
      <Link href="/dashboard/tickets?status=voided" onPointerEnter={onPointerEnter}>
        Voided
      </Link>,
    );
    fireEvent.pointerEnter(screen.getByRole("link", { name: "Voided" }));
    expect(router.prefetch).toHaveBeenCalledExactlyOnceWith("/dashboard/tickets?status=voided");
    expect(onPointerEnter).toHaveBeenCalledOnce();
  });

  it("prefetches its page when the keyboard's focus reaches it", async () => {
    const onFocus = vi.fn();
    render(
      <>
        <button type="button">Before</button>
        <Link href="/dashboard/overview" onFocus={onFocus}>
          Overview
        </Link>
      </>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Before" }));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole("link", { name: "Overview" }));
    expect(router.prefetch).toHaveBeenCalledExactlyOnceWith("/dashboard/overview");
    expect(onFocus).toHaveBeenCalledOnce();
  });

  it("never prefetches when told not to, nor a link that leaves the app", () => {
    render(
      <>
        <Link href="/dashboard/closeout" prefetch={false}>
          Close-out
        </Link>
        <Link href="https://example.org/help">Help</Link>
        <Link href="//example.org/elsewhere">Elsewhere</Link>
      </>,
    );
    for (const name of ["Close-out", "Help", "Elsewhere"]) {
      const link = screen.getByRole("link", { name });
      fireEvent.pointerEnter(link);
      fireEvent.focus(link);
    }
    expect(router.prefetch).not.toHaveBeenCalled();
  });
});
