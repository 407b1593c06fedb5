import type { TMember } from "@common/members";
import { ROLE_LABELS } from "@common/roles";
import { MoreHorizontal, ShieldCheck, UserMinus, UserRound, Users } from "lucide-react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";

export const ROLE_CHOICES = [
  { role: "CONGREGANT", label: `Make ${ROLE_LABELS.CONGREGANT}`, icon: UserRound },
  { role: "GROUP_LEADER", label: `Make ${ROLE_LABELS.GROUP_LEADER}`, icon: Users },
  { role: "ADMIN", label: `Make ${ROLE_LABELS.ADMIN}`, icon: ShieldCheck },
] as const;

export type TMemberActionsProps = {
  member: TMember;
  name: string;
  isSelf: boolean;
  disabled?: boolean;
  onChangeRole: (role: (typeof ROLE_CHOICES)[number]["role"]) => void;
  onRemove: () => void;
};

/** The menu itself, loaded by `MemberActionsButton` on the first click (member-actions-button.tsx). */
export function MemberActionsDropdown({
  member,
  name,
  isSelf,
  disabled,
  onChangeRole,
  onRemove,
  open,
  onOpenChange,
}: TMemberActionsProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger
        aria-label={`Actions for ${name}`}
        disabled={disabled}
        className="inline-flex size-9 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground disabled:opacity-50"
      >
        <MoreHorizontal className="size-5" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          {isSelf
            ? "You can't change your own role or remove yourself"
            : `Change role (now ${ROLE_LABELS[member.role]})`}
        </DropdownMenuLabel>
        {ROLE_CHOICES.map(({ role, label, icon: Icon }) => (
          <DropdownMenuItem key={role} disabled={isSelf || member.role === role} onSelect={() => onChangeRole(role)}>
            <Icon aria-hidden="true" />
            {label}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem destructive disabled={isSelf} onSelect={onRemove}>
          <UserMinus aria-hidden="true" />
          Remove from church
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
