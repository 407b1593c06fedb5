import { adminMemberExportUrl } from "@common/member-data-helpers";
import type { TMember } from "@common/members";
import { Download, Eraser, MoreHorizontal, ShieldCheck, UserMinus, UserRound, Users } from "lucide-react";
import { useRoleName } from "@/components/role-name";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useT } from "@/lib/i18n";
import { membersCatalog } from "../i18n";

export const ROLE_CHOICES = [
  { role: "CONGREGANT", icon: UserRound },
  { role: "GROUP_LEADER", icon: Users },
  { role: "ADMIN", icon: ShieldCheck },
] as const;

export type TMemberActionsProps = {
  member: TMember;
  name: string;
  isSelf: boolean;
  disabled?: boolean;
  onChangeRole: (role: (typeof ROLE_CHOICES)[number]["role"]) => void;
  onRemove: () => void;
  /** Issue 28: erase the member on their request (a dialog asks why). */
  onErase: () => void;
};

/** The menu itself, loaded by `MemberActionsButton` on the first click (member-actions-button.tsx). */
export function MemberActionsDropdown({
  member,
  name,
  isSelf,
  disabled,
  onChangeRole,
  onRemove,
  onErase,
  open,
  onOpenChange,
}: TMemberActionsProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT(membersCatalog);
  const roleName = useRoleName();
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger
        aria-label={t("menu.actionsFor", { name })}
        disabled={disabled}
        className="inline-flex size-9 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground disabled:opacity-50"
      >
        <MoreHorizontal className="size-5" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          {isSelf ? t("menu.self") : t("menu.changeRole", { role: roleName(member.role) })}
        </DropdownMenuLabel>
        {ROLE_CHOICES.map(({ role, icon: Icon }) => (
          <DropdownMenuItem key={role} disabled={isSelf || member.role === role} onSelect={() => onChangeRole(role)}>
            <Icon aria-hidden="true" />
            {t("menu.make", { role: roleName(role) })}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem destructive disabled={isSelf} onSelect={onRemove}>
          <UserMinus aria-hidden="true" />
          {t("menu.remove")}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>{t("menu.dataRequests")}</DropdownMenuLabel>
        {isSelf ? (
          // Your own data is on your profile ("Your data"), as every member's is.
          <DropdownMenuItem disabled>
            <Download aria-hidden="true" />
            {t("menu.downloadData")}
          </DropdownMenuItem>
        ) : (
          <DropdownMenuItem asChild>
            <a href={adminMemberExportUrl(member.id)} download>
              <Download aria-hidden="true" />
              {t("menu.downloadData")}
            </a>
          </DropdownMenuItem>
        )}
        <DropdownMenuItem destructive disabled={isSelf} onSelect={onErase}>
          <Eraser aria-hidden="true" />
          {t("menu.erase")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
