import { RemittancesScreen } from "@/components/remittances/remittances-screen";
import { requireAdmin } from "../access";

// Remittances (administrators; issue 20): every seller's stubs and cash owed.
export default async function RemittancesPage() {
  await requireAdmin();
  return <RemittancesScreen />;
}
