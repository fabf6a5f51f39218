// User Sales' columns (issue 38 item 4): what each person sold first, what they generated second,
// each with the one-line definition docs/figures.md gives and the screen shows as a tooltip.

export interface UserSalesColumn {
  label: string;
  definition: string;
}

export const SOLD_COLUMNS = {
  soldTickets: {
    label: "Tickets Sold",
    definition: "Tickets this person sold (registered to their buyer), voids excluded.",
  },
  soldAmount: { label: "Sold (₱)", definition: "The amounts of those tickets, by every payment method." },
  cashCollected: {
    label: "Cash Collected",
    definition: "The part of Sold (₱) paid in cash: what the seller took in hand.",
  },
  remitted: {
    label: "Remitted",
    definition: "Cash the seller handed over: remittances recorded for them that are not void.",
  },
  owed: {
    label: "Owed",
    definition: "Cash Collected − Remitted − adjustments: what the seller still holds (Remittances' balance).",
  },
} satisfies Record<string, UserSalesColumn>;

export const GENERATED_COLUMNS = {
  totalTickets: {
    label: "Generated",
    definition: "Tickets this person generated (stock, voided included), whoever sold them.",
  },
  registeredTickets: {
    label: "Registered",
    definition: "Of the tickets this person generated, those registered to a buyer (voided included).",
  },
  registrationRate: {
    label: "Registration Rate",
    definition: "Registered ÷ Generated (green at 50% or more, yellow at 25% or more, red below).",
  },
  totalSales: {
    label: "Generated, Sold (₱)",
    definition: "The amounts of this person's generated tickets that are sold (voids excluded), whoever sold them.",
  },
  latestTicketDate: { label: "Latest Generated", definition: "When this person last generated a ticket." },
} satisfies Record<string, UserSalesColumn>;
