import { db } from "@/server/db/client";

/** Every ticket number in the table, ascending. */
export async function ticketNumbers() {
  return (await db().ticket.findMany({ select: { ticketNumber: true }, orderBy: { ticketNumber: "asc" } })).map(
    (t) => t.ticketNumber,
  );
}

export const setTicketLimit = (n: number) => db().settings.update({ where: { id: 1 }, data: { maxTicketLimit: n } });

/** a, a+1, ..., b */
export const span = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
