"use client";

import { avatarLetter } from "@/components/dashboard/nav-items";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { cn } from "@/lib/utils";

export function UserAvatar({
  user,
  className,
}: {
  user: { displayName: string | null; email: string; photoUrl: string | null };
  className?: string;
}) {
  return (
    <Avatar className={cn("size-9", className)}>
      {user.photoUrl && <AvatarImage src={user.photoUrl} alt="" referrerPolicy="no-referrer" />}
      <AvatarFallback className="bg-gradient-to-br from-indigo-500 to-purple-600 text-sm font-semibold text-white">
        {avatarLetter(user)}
      </AvatarFallback>
    </Avatar>
  );
}
