"use client";

import { useMemo } from "react";
import { Info, RefreshCw, Users } from "lucide-react";
import { AddUserForm } from "@/components/settings/add-user-form";
import { UserRow } from "@/components/settings/user-row";
import { useLoadErrorToast } from "@/components/stats/use-load-error-toast";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useUsers } from "@/lib/queries/users";

export function UsersTab({ currentUserEmail }: { currentUserEmail: string }) {
  const query = useUsers();
  useLoadErrorToast(query, "Failed to load users");
  const users = useMemo(() => query.data ?? [], [query.data]);
  const emails = useMemo(() => users.map((u) => u.email), [users]);
  const refresh = () => void query.refetch();

  return (
    <div className="space-y-6">
      <AddUserForm existingEmails={emails} />

      <Card>
        <CardHeader className="flex flex-row items-center justify-between">
          <CardTitle className="flex items-center gap-2">
            <Users className="size-5 text-primary" />
            Registered Users {query.isSuccess && <span className="text-muted-foreground">({users.length})</span>}
          </CardTitle>
          <Button variant="ghost" size="sm" onClick={refresh} aria-label="Refresh users">
            <RefreshCw className={query.isFetching ? "animate-spin" : undefined} />
          </Button>
        </CardHeader>
        <CardContent className="px-0">
          {query.isPending && (
            <div className="space-y-3 px-6" role="status" aria-label="Loading users">
              <Skeleton className="h-14 w-full" />
              <Skeleton className="h-14 w-full" />
            </div>
          )}
          {query.isError && (
            <div className="flex flex-col items-center gap-3 px-6 py-8 text-center">
              <p className="text-sm text-muted-foreground">Failed to load users</p>
              <Button variant="outline" size="sm" onClick={refresh}>
                Try Again
              </Button>
            </div>
          )}
          {query.isSuccess && users.length === 0 && (
            <p className="px-6 py-8 text-center text-sm text-muted-foreground">No users yet</p>
          )}
          {query.isSuccess && users.length > 0 && (
            <ul className="divide-y border-t">
              {users.map((user) => (
                <UserRow
                  key={`${user.id}:${user.is_admin}:${user.is_disabled}`}
                  user={user}
                  isSelf={user.email === currentUserEmail}
                />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <div
        className={
          "flex gap-3 rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm " +
          "text-sky-900 dark:border-sky-900 dark:bg-sky-950/50 dark:text-sky-100"
        }
      >
        <Info className="mt-0.5 size-4 shrink-0" />
        <div className="space-y-1">
          <p className="font-semibold">How it works</p>
          <ul className="list-disc space-y-0.5 pl-5">
            <li>Only users on this list can sign in with Google.</li>
            <li>Emails not on the list are denied access.</li>
            <li>Admins can access settings and manage users.</li>
          </ul>
        </div>
      </div>
    </div>
  );
}
