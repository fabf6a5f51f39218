import { useState } from "react";

/**
 * True from the first time `open` is true. A screen renders a lazily loaded dialog from then on,
 * not before, so the dialog's code is fetched when it is first opened and the dialog stays mounted
 * after, to animate closed and give focus back (decision 178).
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
