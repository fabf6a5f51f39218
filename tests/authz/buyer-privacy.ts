// Buyer privacy rows of the authorization tests (issue 14, docs/decisions/036): for every route
// a non-administrator can read a ticket through, who sees the buyer's phone, e-mail and
// address. Run by tests/integration/buyer-privacy.test.ts. `{n}` is the ticket's number.

/** admin: any administrator; creator: the staff member who generated the ticket; registrar:
 * the staff member who registered its buyer; other: any other signed-in staff member. */
export type Viewer = "admin" | "creator" | "registrar" | "other";

export interface PrivacyRow {
  route: string;
  path: string;
  /** Where the ticket is in the answer. */
  pick: "ticket" | "first-of-tickets";
  /** Which kind of ticket the row reads: one a staff member generated with a buyer, or one
   * created unregistered by an administrator and registered by a staff member. */
  ticket: "generated" | "registered";
  sees: Record<Viewer, boolean>;
}

const GENERATED = { admin: true, creator: true, registrar: false, other: false };
const REGISTERED = { admin: true, creator: false, registrar: true, other: false };

export const buyerPrivacyRows: PrivacyRow[] = [
  { route: "/api/tickets/[id]", path: "/api/tickets/{n}", pick: "ticket", ticket: "generated", sees: GENERATED },
  { route: "/api/tickets/[id]", path: "/api/tickets/{n}", pick: "ticket", ticket: "registered", sees: REGISTERED },
  {
    route: "/api/tickets/search/[term]",
    path: "/api/tickets/search/{n}",
    pick: "ticket",
    ticket: "generated",
    sees: GENERATED,
  },
  {
    route: "/api/tickets/search/[term]",
    path: "/api/tickets/search/{n}",
    pick: "ticket",
    ticket: "registered",
    sees: REGISTERED,
  },
];
