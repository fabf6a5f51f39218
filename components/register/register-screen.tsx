"use client";

// /dashboard/register (SPEC section 2 "Ticket registration screen"): two tabs, Single and
// Multiple Registration. The tab is in the URL (?tab=multiple) so a reload keeps it; both tabs
// stay mounted, so switching does not lose what was typed or selected.
import { ListChecks, Ticket } from "lucide-react";
import { urlLiteral } from "@/lib/url-state";
import { useUrlParam } from "@/lib/use-url-state";
import { PageHeader } from "@/components/dashboard/page-header";
import { InstructionsCard } from "@/components/register/instructions-card";
import { MultipleRegistration } from "@/components/register/multiple-registration";
import { SingleRegistration } from "@/components/register/single-registration";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";

const TABS = ["single", "multiple"] as const;

export function RegisterScreen() {
  const [tab, setTab] = useUrlParam("tab", urlLiteral(TABS).withDefault("single"));
  return (
    <>
      <PageHeader title="Ticket Registration" description="Register buyers to their raffle tickets." />
      <Tabs value={tab} onValueChange={(value) => void setTab(value as (typeof TABS)[number])}>
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="single" className="px-2 max-sm:text-[0.8125rem] max-sm:[&_svg]:hidden">
            <Ticket aria-hidden="true" />
            Single Registration
          </TabsTrigger>
          <TabsTrigger value="multiple" className="px-2 max-sm:text-[0.8125rem] max-sm:[&_svg]:hidden">
            <ListChecks aria-hidden="true" />
            Multiple Registration
          </TabsTrigger>
        </TabsList>
        <TabsContent value="single" forceMount className="data-[state=inactive]:hidden">
          <SingleRegistration aside={<InstructionsCard />} />
        </TabsContent>
        <TabsContent value="multiple" forceMount className="data-[state=inactive]:hidden">
          <MultipleRegistration aside={<InstructionsCard />} />
        </TabsContent>
      </Tabs>
    </>
  );
}
