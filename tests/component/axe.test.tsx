// The DOM layer's axe helper must still see what it claims to (as e2e/a11y-helper.spec.ts does for
// the browser's): if it stopped looking, every structural scan here would pass unseen.
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { expectNoStructuralA11yViolations } from "./axe";

describe("expectNoStructuralA11yViolations", () => {
  it("fails on a button without a name", async () => {
    const { container } = render(
      <main>
        <button type="button" />
      </main>,
    );
    await expect(expectNoStructuralA11yViolations(container, "a nameless button")).rejects.toThrow(
      /button-name \(critical\)/,
    );
  });

  it("fails on a moderate violation, not only serious and critical ones", async () => {
    const { container } = render(
      <main>
        <h1>Title</h1>
        <ul>
          <div>not a list item</div>
        </ul>
      </main>,
    );
    await expect(expectNoStructuralA11yViolations(container, "a list holding a div")).rejects.toThrow(
      /\blist \((serious|moderate)\)/,
    );
  });

  it("passes markup with nothing wrong", async () => {
    const { container } = render(
      <main>
        <button type="button">Save</button>
        <div role="status" aria-label="Loading the list" />
      </main>,
    );
    await expectNoStructuralA11yViolations(container, "fine markup");
  });
});
