"use client";

import { useEffect, useRef, useState } from "react";
import { Ban, CircleCheck, Pencil, Save, Trash2, Unlink, X } from "lucide-react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/sonner";
import { Spinner } from "@/components/ui/spinner";
import { UserAvatar } from "@/components/dashboard/user-avatar";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { useRaffleTimezone } from "@/lib/queries/settings";
import { useDeleteUser, useResetGoogleLink, useSetUserDisabled, useUpdateUserRole } from "@/lib/queries/users";
import type { UserListItem } from "@/lib/schemas/user";

type Busy = "save" | "disable" | "delete" | "unlink" | null;

export function UserRow({ user, isSelf }: { user: UserListItem; isSelf: boolean }) {
  // The app's date format in the raffle's timezone, like every other date (not the browser's locale).
  const timeZone = useRaffleTimezone();
  const [isEditing, setIsEditing] = useState(false);
  const [adminDraft, setAdminDraft] = useState(user.is_admin);
  const updateRole = useUpdateUserRole();
  const setDisabled = useSetUserDisabled();
  const remove = useDeleteUser();
  const resetLink = useResetGoogleLink();
  const busy: Busy = updateRole.isPending
    ? "save"
    : setDisabled.isPending
      ? "disable"
      : remove.isPending
        ? "delete"
        : resetLink.isPending
          ? "unlink"
          : null;
  const hasPendingChanges = isEditing && adminDraft !== user.is_admin;

  // Edit and the editor replace each other, so the focused button disappears: opening the editor
  // focuses its checkbox, and leaving it (Save, Cancel, Escape) focuses Edit again, where the
  // keyboard user started, not the top of the page.
  const editButton = useRef<HTMLButtonElement>(null);
  const adminCheckbox = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    const isFocusLost = !document.activeElement || document.activeElement === document.body;
    if (isEditing && !wasEditing.current && isFocusLost) adminCheckbox.current?.focus();
    if (!isEditing && wasEditing.current && isFocusLost) editButton.current?.focus();
    wasEditing.current = isEditing;
  }, [isEditing]);

  function cancelEditing() {
    setAdminDraft(user.is_admin);
    setIsEditing(false);
  }

  async function run(action: () => Promise<unknown>, success: string, failure: (message: string) => string) {
    try {
      await action();
      toast.success(success);
      setIsEditing(false);
    } catch (error) {
      toast.error(failure(errorMessage(error, "Unknown error")));
    }
  }

  const saveRole = () =>
    run(
      () => updateRole.mutateAsync({ email: user.email, isAdmin: adminDraft }),
      "User updated successfully!",
      (m) => `Failed to update user: ${m}`,
    );
  const toggleDisabled = () =>
    run(
      () => setDisabled.mutateAsync({ email: user.email, disabled: !user.is_disabled }),
      user.is_disabled ? "User enabled successfully!" : "User disabled successfully!",
      (m) => `Failed to update user: ${m}`,
    );
  const resetGoogleLink = () =>
    run(
      () => resetLink.mutateAsync({ email: user.email }),
      "Google account link reset.",
      (m) => `Failed to reset the Google link: ${m}`,
    );
  const deleteUser = () =>
    run(
      () => remove.mutateAsync({ email: user.email }),
      "User deleted successfully!",
      (m) => `Failed to delete user: ${m}`,
    );

  return (
    <li data-testid="user-row" data-email={user.email} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <UserAvatar user={{ displayName: user.display_name, email: user.email, photoUrl: null }} />
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-1.5">
            <span className="truncate font-medium">{user.display_name || user.email}</span>
            {user.is_admin && (
              <Badge className="bg-purple-100 text-purple-700 dark:bg-purple-900/60 dark:text-purple-200">Admin</Badge>
            )}
            {user.is_disabled && <Badge variant="destructive">Disabled</Badge>}
            {isSelf && <Badge variant="outline">You</Badge>}
          </div>
          <p className="truncate text-sm text-muted-foreground">{user.email}</p>
          <p className="text-xs text-muted-foreground">
            Last login: {user.last_login ? formatDateTime(user.last_login, timeZone) : "Never"}
          </p>
        </div>
      </div>

      {isEditing ? (
        // Escape cancels, as it closes a dialog.
        <div
          className="flex flex-wrap items-center gap-2"
          onKeyDown={(event) => {
            if (event.key !== "Escape" || busy !== null) return;
            event.preventDefault();
            cancelEditing();
          }}
        >
          <div className="flex items-center gap-2 rounded-md border px-3 py-1.5">
            <Checkbox
              ref={adminCheckbox}
              id={`admin-${user.id}`}
              checked={adminDraft}
              onCheckedChange={(checked) => setAdminDraft(checked === true)}
            />
            <Label htmlFor={`admin-${user.id}`}>Admin Access</Label>
          </div>
          {hasPendingChanges && (
            <span className="text-xs font-medium text-amber-700 dark:text-amber-300">Changes pending</span>
          )}
          <Button size="sm" onClick={saveRole} disabled={!hasPendingChanges || busy !== null}>
            {busy === "save" ? <Spinner /> : <Save />}
            Save
          </Button>
          <Button size="sm" variant="outline" onClick={cancelEditing} disabled={busy !== null}>
            <X />
            Cancel
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          {/* Your own role cannot change here (the server refuses it), as you cannot delete yourself. */}
          <Button
            ref={editButton}
            size="sm"
            variant="outline"
            onClick={() => {
              setAdminDraft(user.is_admin);
              setIsEditing(true);
            }}
            disabled={isSelf || busy !== null}
          >
            <Pencil />
            {isSelf ? "Cannot edit your own role" : "Edit"}
          </Button>
          <Button size="sm" variant="outline" onClick={toggleDisabled} disabled={isSelf || busy !== null}>
            {busy === "disable" ? <Spinner /> : user.is_disabled ? <CircleCheck /> : <Ban />}
            {user.is_disabled ? "Enable" : "Disable"}
          </Button>
          {user.google_linked && (
            <AlertDialog>
              <AlertDialogTrigger asChild>
                <Button size="sm" variant="outline" disabled={busy !== null}>
                  {busy === "unlink" ? <Spinner /> : <Unlink />}
                  Reset Google link
                </Button>
              </AlertDialogTrigger>
              <AlertDialogContent>
                <AlertDialogHeader>
                  <AlertDialogTitle>Reset the Google account link?</AlertDialogTitle>
                  <AlertDialogDescription>
                    <strong className="text-foreground">{user.email}</strong> is linked to the Google account that first
                    signed in with it. After a reset, the next Google account that signs in with this address is linked
                    instead. Do this only when the person has a new Google account for the same address.
                  </AlertDialogDescription>
                </AlertDialogHeader>
                <AlertDialogFooter>
                  <AlertDialogCancel>Cancel</AlertDialogCancel>
                  <AlertDialogAction onClick={resetGoogleLink}>Reset link</AlertDialogAction>
                </AlertDialogFooter>
              </AlertDialogContent>
            </AlertDialog>
          )}
          {isSelf ? (
            <Button size="sm" variant="outline" disabled>
              <Trash2 />
              Cannot delete yourself
            </Button>
          ) : (
            <AlertDialog>
              <AlertDialogTrigger asChild>
                <Button
                  size="sm"
                  variant="outline"
                  className="text-destructive hover:bg-destructive/10 hover:text-destructive"
                  disabled={busy !== null}
                >
                  {busy === "delete" ? <Spinner /> : <Trash2 />}
                  Delete
                </Button>
              </AlertDialogTrigger>
              <AlertDialogContent>
                <AlertDialogHeader>
                  <AlertDialogTitle>Delete user?</AlertDialogTitle>
                  <AlertDialogDescription>
                    This permanently deletes <strong className="text-foreground">{user.email}</strong> from the list of
                    users allowed to sign in. This cannot be undone.
                  </AlertDialogDescription>
                </AlertDialogHeader>
                <AlertDialogFooter>
                  <AlertDialogCancel>Cancel</AlertDialogCancel>
                  <AlertDialogAction variant="destructive" onClick={deleteUser}>
                    Delete User
                  </AlertDialogAction>
                </AlertDialogFooter>
              </AlertDialogContent>
            </AlertDialog>
          )}
        </div>
      )}
    </li>
  );
}
