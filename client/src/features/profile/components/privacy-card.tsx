import type { TPrivacyAudience, TPrivacyField, TPrivacySettings } from "@common/directory";
import { ShieldCheck } from "lucide-react";
import { LoadError } from "@/components/load-error";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/use-toast";
import { toastApiError } from "@/lib/auth-redirect";
import { useT } from "@/lib/i18n";
import { usePrivacy, useUpdatePrivacy } from "../api";
import { profileCatalog } from "../i18n";

/* The lists of common/directory.ts, written out: its values would bring zod into the profile page. */
const FIELD_KEYS = {
  email: "privacy.field.email",
  phone: "privacy.field.phone",
  birthday: "privacy.field.birthday",
  address: "privacy.field.address",
  bio: "privacy.field.bio",
} as const satisfies Record<TPrivacyField, string>;

const AUDIENCE_KEYS = {
  church: "privacy.audience.church",
  groups: "privacy.audience.groups",
  leaders: "privacy.audience.leaders",
  nobody: "privacy.audience.nobody",
} as const satisfies Record<TPrivacyAudience, string>;

const FIELDS = Object.keys(FIELD_KEYS) as TPrivacyField[];
const AUDIENCES = Object.keys(AUDIENCE_KEYS) as TPrivacyAudience[];

/**
 * Issue 27: the member's privacy. Hide from the directory, and per detail (e-mail, phone, birthday,
 * address, bio) who in the church may see it; saved as each control changes. The server applies it
 * to every answer that carries those details.
 */
export function PrivacyCard() {
  const t = useT(profileCatalog);
  const privacy = usePrivacy();
  const update = useUpdatePrivacy();
  const p = privacy.data;

  const save = (body: TPrivacySettings) =>
    update.mutate(body, {
      onSuccess: () => toast({ title: t("privacy.saved"), description: t("privacy.savedDescription") }),
      onError: (error) => toastApiError(error, { title: t("toast.updateFailed"), description: t("privacy.failed") }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="size-5 text-brand-text" aria-hidden="true" />
          {t("privacy.title")}
        </CardTitle>
        <CardDescription>{t("privacy.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {privacy.isLoading ? (
          <div className="grid gap-3" role="status" aria-label={t("privacy.loading")}>
            {skeletonKeys(6).map((key) => (
              <Skeleton key={key} className="h-9 w-full" />
            ))}
          </div>
        ) : privacy.isError || !p ? (
          <LoadError what={t("privacy.error")} onRetry={() => privacy.refetch()} />
        ) : (
          <div className="grid gap-4">
            <div className="flex items-center justify-between gap-4">
              <div className="grid min-w-0">
                <label htmlFor="privacy-hidden" className="text-sm font-medium text-foreground">
                  {t("privacy.hidden")}
                </label>
                <span id="privacy-hidden-hint" className="text-xs text-muted-foreground">
                  {t("privacy.hiddenHint")}
                </span>
              </div>
              <Switch
                id="privacy-hidden"
                checked={p.hidden}
                onCheckedChange={(hidden) => save({ ...p, hidden })}
                aria-describedby="privacy-hidden-hint"
              />
            </div>
            <fieldset className="grid gap-3">
              <legend className="mb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                {t("privacy.fieldsLegend")}
              </legend>
              {FIELDS.map((field) => (
                <div key={field} className="grid gap-1">
                  <label htmlFor={`privacy-${field}`} className="text-sm font-medium text-foreground">
                    {t(FIELD_KEYS[field])}
                  </label>
                  <select
                    id={`privacy-${field}`}
                    value={p.fields[field]}
                    onChange={(e) =>
                      save({ ...p, fields: { ...p.fields, [field]: e.target.value as TPrivacyAudience } })
                    }
                    className="h-10 w-full rounded-lg border border-input bg-card px-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    {AUDIENCES.map((audience) => (
                      <option key={audience} value={audience}>
                        {t(AUDIENCE_KEYS[audience])}
                      </option>
                    ))}
                  </select>
                </div>
              ))}
            </fieldset>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
