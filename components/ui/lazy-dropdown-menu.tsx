"use client";

import {
  cloneElement,
  lazy,
  Suspense,
  useState,
  type ComponentType,
  type KeyboardEvent,
  type ReactElement,
} from "react";

/** The button that opens a menu, as a screen draws it (a `<button>` or `<Button>`, with its accessible name). */
export type MenuTriggerElement = ReactElement<{
  "aria-haspopup"?: "menu";
  "aria-expanded"?: boolean;
  "aria-busy"?: boolean;
  onPointerEnter?: () => void;
  onFocus?: () => void;
  onClick?: () => void;
  onKeyDown?: (event: KeyboardEvent) => void;
}>;

/**
 * What the loaded menu receives besides its own props: the trigger, to render as Radix's
 * `<DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>` in a `<DropdownMenu defaultOpen>`
 * (or an identical button of its own).
 */
export interface LazyMenuProps {
  trigger: MenuTriggerElement;
}

/**
 * A dropdown menu whose code (Radix's menu, its positioning, focus scope and dismissable layer, the
 * items) is not in the screen's first load (decisions 176 and 179). Until it is used the screen
 * shows `trigger` as a plain button, with the menu's `aria-haspopup` and the same name; a pointer
 * over it or focus on it starts fetching the menu, and a press (click, Enter, Space, or ArrowDown
 * as Radix's trigger) mounts the loaded menu, open, in its place. From then on it is the Radix menu
 * itself: focus moves into it, Escape closes it and gives focus back to its trigger.
 *
 * `load` answers the menu component; call this once per menu, at module level.
 */
export function lazyDropdownMenu<P extends object>(load: () => Promise<ComponentType<P & LazyMenuProps>>) {
  const Menu = lazy(() => load().then((component) => ({ default: component as ComponentType<P & LazyMenuProps> })));
  const prefetch = () => void load();

  function LazyDropdownMenu(props: P & LazyMenuProps) {
    const [wanted, setWanted] = useState(false);
    if (!wanted) return <PlainTrigger trigger={props.trigger} prefetch={prefetch} onOpen={() => setWanted(true)} />;
    return (
      // The same button, busy, while the code arrives (usually fetched already on hover or focus).
      <Suspense fallback={<PlainTrigger trigger={props.trigger} busy />}>
        <Menu {...props} />
      </Suspense>
    );
  }
  return LazyDropdownMenu;
}

function PlainTrigger({
  trigger,
  prefetch,
  onOpen,
  busy,
}: {
  trigger: MenuTriggerElement;
  prefetch?: () => void;
  onOpen?: () => void;
  busy?: boolean;
}) {
  return cloneElement(trigger, {
    "aria-haspopup": "menu",
    "aria-expanded": false,
    "aria-busy": busy || undefined,
    onPointerEnter: prefetch,
    onFocus: prefetch,
    // A button's click is also what Enter and Space do.
    onClick: onOpen,
    // Radix's own trigger also opens on ArrowDown.
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== "ArrowDown") return;
      event.preventDefault();
      onOpen?.();
    },
  });
}
