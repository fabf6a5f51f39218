import { PageHeader } from "@/components/dashboard/page-header";
import { requireUser } from "../access";

// Filled by a later issue; until then the screen shows its title only.
export default async function RegisterTicketPage() {
  await requireUser();
  return <PageHeader title="Ticket Registration" />;
}
