import { VoidedNumbersScreen } from "@/components/voids/voided-numbers-screen";
import { requireAdmin } from "../../access";

// The Voided numbers report (administrators): every voided ticket, newest first, with its CSV.
export default async function VoidedNumbersPage() {
  await requireAdmin();
  return <VoidedNumbersScreen />;
}
