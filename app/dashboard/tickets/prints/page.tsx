import { PrintLogScreen } from "@/components/tickets/print-log-screen";
import { requireAdmin } from "../../access";

// The print log (administrators; issue 22): every stub PDF made, newest first.
export default async function PrintLogPage() {
  await requireAdmin();
  return <PrintLogScreen />;
}
