import { TicketsScreen } from "@/components/tickets/tickets-screen";
import { requireAdmin } from "../access";

export default async function TicketsPage() {
  const user = await requireAdmin();
  return <TicketsScreen currentUserEmail={user.email} />;
}
