import { StatementScreen } from "@/components/remittances/statement-screen";
import { requireUser } from "../access";

// A seller's statement (issue 20): the signed-in user's own; administrators may open anyone's (?seller=).
export default async function StatementPage() {
  const user = await requireUser();
  return <StatementScreen isAdmin={user.isAdmin} userId={user.id} />;
}
