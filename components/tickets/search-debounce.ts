/**
 * How long Tickets Management's search box waits after the last keystroke (SPEC section 9's list-search debounce, 500
 * ms).
 */
export const SEARCH_DEBOUNCE_MS = 500;
