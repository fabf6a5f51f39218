"use client";

import dynamic from "next/dynamic";
import { History, KeyRound, Save, Settings, Users } from "lucide-react";
import { urlLiteral } from "@/lib/url-state";
import { useUrlParam } from "@/lib/use-url-state";
import { GENERAL_FORM_ID, GeneralSettingsTab } from "@/components/settings/general-settings-tab";
import { UnsavedChangesGuard } from "@/components/settings/unsaved-changes-guard";
import { useGeneralSettingsForm } from "@/components/settings/use-general-settings-form";
import { Button } from "@/components/ui/button";
import { TabLoading } from "@/components/ui/tab-loading";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";

/** While a tab's code arrives: the first time it is chosen (or at once, when the URL names it). */
// The tabs after General load when chosen, not with the screen (decision 178): General is what
// opens, and the others' tables, filters and dialogs are most of the screen's code.
const UsersTab = dynamic(() => import("@/components/settings/users-tab").then((m) => m.UsersTab), {
  loading: TabLoading,
});
const ActivityLogTab = dynamic(() => import("@/components/settings/activity-log-tab").then((m) => m.ActivityLogTab), {
  loading: TabLoading,
});
const AccountSessions = dynamic(() => import("@/components/account/account-sessions").then((m) => m.AccountSessions), {
  loading: TabLoading,
});

const TABS = ["general", "users", "activity", "account"] as const;
const TAB_TRIGGER = "h-8 sm:h-[calc(100%-1px)]";
type Tab = (typeof TABS)[number];

/**
 * SPEC section 2: a Save Changes button and the tabs General and Users, plus the Activity Log
 * (issue 12) and Account, one's own sessions (issue 25). The chosen tab is in the URL (`?tab=`), so a reload or a
 * shared link opens it.
 */
export function SettingsScreen({ currentUserEmail }: { currentUserEmail: string }) {
  const [tab, setTab] = useUrlParam("tab", urlLiteral(TABS).withDefault("general"));
  const general = useGeneralSettingsForm();

  return (
    <>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Settings</h1>
        {/* Submits the General form wherever the tab is; invalid fields bring the General tab back. */}
        <Button
          type="submit"
          form={GENERAL_FORM_ID}
          disabled={!general.hasChanges || general.isSaving}
          onClick={() => {
            if (tab !== "general") void setTab("general");
          }}
        >
          {general.isSaving ? <Spinner label="Saving" /> : <Save />}
          {general.isSaving ? "Saving..." : "Save Changes"}
        </Button>
      </div>
      <UnsavedChangesGuard when={general.hasChanges} />
      <Tabs value={tab} onValueChange={(value) => void setTab(value as Tab)}>
        {/* Two rows of two on a phone, one row from sm up. */}
        <TabsList className="grid h-auto w-full grid-cols-2 gap-1 sm:flex sm:h-9 sm:w-fit sm:gap-0">
          <TabsTrigger value="general" className={TAB_TRIGGER}>
            <Settings />
            General
          </TabsTrigger>
          <TabsTrigger value="users" className={TAB_TRIGGER}>
            <Users />
            Users
          </TabsTrigger>
          <TabsTrigger value="activity" className={TAB_TRIGGER}>
            <History />
            Activity Log
          </TabsTrigger>
          <TabsTrigger value="account" className={TAB_TRIGGER}>
            <KeyRound />
            Account
          </TabsTrigger>
        </TabsList>
        {/* Kept mounted while another tab shows, so unsaved edits survive a look at the others. */}
        <TabsContent value="general" forceMount className="data-[state=inactive]:hidden">
          <GeneralSettingsTab controller={general} />
        </TabsContent>
        <TabsContent value="users">
          <UsersTab currentUserEmail={currentUserEmail} />
        </TabsContent>
        <TabsContent value="activity">
          <ActivityLogTab />
        </TabsContent>
        <TabsContent value="account" className="space-y-3">
          <h2 className="text-lg font-semibold">Your Sessions</h2>
          <AccountSessions />
        </TabsContent>
      </Tabs>
    </>
  );
}
