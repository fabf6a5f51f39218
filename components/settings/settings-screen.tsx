"use client";

import { Settings, Users } from "lucide-react";
import { PageHeader } from "@/components/dashboard/page-header";
import { UsersTab } from "@/components/settings/users-tab";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";

export function SettingsScreen({ currentUserEmail }: { currentUserEmail: string }) {
  return (
    <>
      <PageHeader title="Settings" />
      <Tabs defaultValue="general">
        <TabsList>
          <TabsTrigger value="general">
            <Settings />
            General
          </TabsTrigger>
          <TabsTrigger value="users">
            <Users />
            Users
          </TabsTrigger>
        </TabsList>
        <TabsContent value="general">
          {/* The General fields and 'Save Changes' arrive with the settings issue. */}
          <Card>
            <CardHeader>
              <CardTitle>General Settings</CardTitle>
            </CardHeader>
          </Card>
        </TabsContent>
        <TabsContent value="users">
          <UsersTab currentUserEmail={currentUserEmail} />
        </TabsContent>
      </Tabs>
    </>
  );
}
