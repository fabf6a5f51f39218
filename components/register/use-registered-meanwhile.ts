"use client";

// SPEC section 2: rows of the unregistered list that someone registered meanwhile show a red
// 'Registered' badge with the buyer's name and cannot be selected. The server's list simply
// stops returning such a ticket, so when a refreshed page lacks a row it had, that row is looked
// up once: registered → it stays in its place, marked; deleted or moved to another page → gone.
import { useEffect, useRef, useState } from "react";
import type { VisibleTicket as Ticket } from "@/lib/api/tickets";
import { useFindTicket } from "@/lib/queries/registration";
import { mergeRegisteredRows, type ListedTicket, type TicketSummary } from "@/lib/registration";
import { registrability, registrationFacts } from "@/lib/registrability";

interface Found {
  ticket: TicketSummary;
  buyer: string;
  index: number;
}

export function useRegisteredMeanwhile(options: {
  /** Identifies the page shown (search and page number): marks belong to one page. */
  pageKey: string;
  /** The rows shown: the page's own answer, or the previous page's while it loads. */
  rows: Ticket[];
  /** True while `rows` are the previous page's (nothing can be learnt from them). */
  isPlaceholder: boolean;
  /** Tickets this screen registered itself: they leave the list without a mark. */
  ownRegistered: ReadonlySet<string>;
  onFound: (ticket: TicketSummary, buyer: string) => void;
}): ListedTicket[] {
  const { pageKey, rows, isPlaceholder, ownRegistered, onFound } = options;
  const previous = useRef<{ pageKey: string; rows: Ticket[] } | null>(null);
  const [found, setFound] = useState<{ pageKey: string; entries: Found[] }>({ pageKey, entries: [] });
  const findTicket = useFindTicket();
  const latest = useRef({ pageKey, ownRegistered, onFound, findTicket });
  useEffect(() => {
    latest.current = { pageKey, ownRegistered, onFound, findTicket };
  });

  useEffect(() => {
    if (isPlaceholder) return;
    const before = previous.current;
    previous.current = { pageKey, rows };
    if (!before || before.pageKey !== pageKey) return;
    const now = new Set(rows.map((r) => r.id));
    const gone = before.rows.flatMap((ticket, index) =>
      now.has(ticket.id) || latest.current.ownRegistered.has(ticket.id) ? [] : [{ ticket, index }],
    );
    if (gone.length === 0) return;
    // Not aborted when the rows change again: a second refresh must not lose the first one's findings.
    void Promise.all(
      gone.map(async ({ ticket, index }) => {
        try {
          const found = await latest.current.findTicket(ticket.id);
          const refusal = registrability(registrationFacts(found));
          return refusal?.reason === "registered" ? { ticket: found, buyer: refusal.buyer, index } : null;
        } catch {
          return null; // deleted, or unreachable: the row just leaves the list
        }
      }),
    ).then((results) => {
      const entries = results.filter(
        (r): r is Found & { ticket: Ticket } => r !== null && !latest.current.ownRegistered.has(r.ticket.id),
      );
      if (entries.length === 0 || latest.current.pageKey !== pageKey) return;
      for (const entry of entries) latest.current.onFound(entry.ticket, entry.buyer);
      setFound((current) => {
        const kept =
          current.pageKey === pageKey
            ? current.entries.filter((e) => !entries.some((n) => n.ticket.id === e.ticket.id))
            : [];
        return { pageKey, entries: [...kept, ...entries] };
      });
    });
  }, [rows, isPlaceholder, pageKey]);

  const marks = found.pageKey === pageKey && !isPlaceholder ? found.entries : [];
  return mergeRegisteredRows(rows, marks);
}
