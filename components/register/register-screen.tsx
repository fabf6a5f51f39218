"use client";

// /dashboard/register (SPEC section 2 "Ticket registration screen"): two tabs, Single and
// Multiple Registration. The tab is in the URL (?tab=multiple) so a reload keeps it; once shown,
// both tabs stay mounted, so switching does not lose what was typed or selected.
import dynamic from "next/dynamic";
import { ListChecks, Ticket } from "lucide-react";
import { urlLiteral } from "@/lib/url-state";
import { useUrlParam } from "@/lib/use-url-state";
import { PageHeader } from "@/components/dashboard/page-header";
import { InstructionsCard } from "@/components/register/instructions-card";
import { SingleRegistration } from "@/components/register/single-registration";
import { TabLoading } from "@/components/ui/tab-loading";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useOpenedOnce } from "@/components/ui/use-opened-once";

const TABS = ["single", "multiple"] as const;

// The Multiple tab (its ticket list, selection, result card) loads when chosen, as Settings' tabs
// do (decisions 178 and 185); a pointer over its tab or focus on it starts the fetch. With
// ?tab=multiple it renders on the server and its code comes with the page.
const loadMultiple = () => import("@/components/register/multiple-registration");
const MultipleRegistration = dynamic(() => loadMultiple().then((m) => m.MultipleRegistration), { loading: TabLoading });

export function RegisterScreen() {
  const [tab, setTab] = useUrlParam("tab", urlLiteral(TABS).withDefault("single"));
  const multipleShown = useOpenedOnce(tab === "multiple");
  return (
    <>
      <PageHeader title="Ticket Registration" description="Register buyers to their raffle tickets." />
      <Tabs value={tab} onValueChange={(value) => void setTab(value as (typeof TABS)[number])}>
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="single" className="px-2 max-sm:text-[0.8125rem] max-sm:[&_svg]:hidden">
            <Ticket aria-hidden="true" />
            Single Registration
          </TabsTrigger>
          <TabsTrigger
            value="multiple"
            className="px-2 max-sm:text-[0.8125rem] max-sm:[&_svg]:hidden"
            onPointerEnter={() => void loadMultiple()}
            onFocus={() => void loadMultiple()}
          >
            <ListChecks aria-hidden="true" />
            Multiple Registration
          </TabsTrigger>
        </TabsList>
        <TabsContent value="single" forceMount className="data-[state=inactive]:hidden">
          <SingleRegistration aside={<InstructionsCard />} />
        </TabsContent>
        <TabsContent value="multiple" forceMount className="data-[state=inactive]:hidden">
          {multipleShown && <MultipleRegistration aside={<InstructionsCard />} />}
        </TabsContent>
      </Tabs>
    </>
  );
}
