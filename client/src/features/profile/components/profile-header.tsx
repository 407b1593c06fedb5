import { isActiveMember } from "@common/member-helpers";
import type { TRole } from "@common/roles";
import { Church, Pencil } from "lucide-react";
import { useRoleName } from "@/components/role-name";
import { Badge, type TBadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { TChurchUser } from "@/lib/current-user";
import { Rich, useT } from "@/lib/i18n";
import { profileCatalog } from "../i18n";
import { AvatarEditor } from "./avatar-editor";

/** Spec 2 section 6: ADMIN red, GROUP_LEADER blue, CONGREGANT grey (tones meet AA contrast). */
const ROLE_TONES: Record<TRole, TBadgeTone> = {
  SUPER_ADMIN: "red",
  ADMIN: "red",
  GROUP_LEADER: "blue",
  CONGREGANT: "grey",
};

/** Spec 2 Profile: full name, or first name, or e-mail. */
export function getProfileName(user: Pick<TChurchUser, "firstName" | "lastName" | "email">): string {
  return [user.firstName, user.lastName].filter(Boolean).join(" ").trim() || user.email;
}

/** The profile's header: picture, name, e-mail, church, role and activity badges, and Edit Profile. */
export function ProfileHeader({ user, onEdit }: { user: TChurchUser; onEdit: () => void }) {
  const t = useT(profileCatalog);
  const roleName = useRoleName();
  const name = getProfileName(user);
  return (
    <Card className="mb-6 overflow-hidden p-0">
      <div className="h-20 bg-brand-soft sm:h-24" aria-hidden="true" />
      <div className="flex flex-col items-center gap-4 px-4 pb-6 sm:flex-row sm:items-start sm:gap-6 sm:px-6">
        <div className="-mt-12 sm:-mt-14">
          <AvatarEditor name={name} src={user.profileImageUrl} />
        </div>
        <div className="grid min-w-0 flex-1 justify-items-center gap-1.5 text-center sm:justify-items-start sm:pt-4 sm:text-start">
          <h1 className="max-w-full text-2xl font-bold tracking-tight break-words text-foreground sm:text-3xl">
            {name}
          </h1>
          <p className="max-w-full text-sm [overflow-wrap:anywhere] text-muted-foreground">{user.email}</p>
          <p className="flex items-center gap-1.5 text-sm text-foreground">
            <Church className="size-4 shrink-0 text-brand-text" aria-hidden="true" />
            <span>
              <Rich
                catalog={profileCatalog}
                k="header.memberOf"
                values={{ church: user.church.name }}
                components={{ 0: <span className="font-medium" /> }}
              />
            </span>
          </p>
          <div className="mt-1 flex flex-wrap justify-center gap-2 sm:justify-start">
            <Badge tone={ROLE_TONES[user.role]}>{roleName(user.role)}</Badge>
            {isActiveMember(user) && <Badge tone="green">{t("header.activeMember")}</Badge>}
          </div>
        </div>
        <Button variant="outline" onClick={onEdit} className="sm:mt-4">
          <Pencil aria-hidden="true" />
          {t("header.edit")}
        </Button>
      </div>
      {user.bio && (
        <p className="mx-4 mb-6 rounded-xl bg-muted px-4 py-3 text-sm whitespace-pre-line text-foreground sm:mx-6">
          {user.bio}
        </p>
      )}
    </Card>
  );
}
