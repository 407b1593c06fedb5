import { LANGUAGE_NAMES, resolveLanguage, type TLanguage } from "@common/i18n/locales";
import { LanguageSelect } from "@/components/language-select";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { useCurrentUser, useRefreshAuthUser } from "@/lib/current-user";
import { activateLanguage, browserLanguages, translator, useT } from "@/lib/i18n";
import { usePreferences, useUpdatePreferences } from "../api";
import { profileCatalog } from "../i18n";

const ID = "profile-language";

/**
 * The member's language (issue 26): their own choice, or none (the church's default, else the
 * browser's). Saved at once; the whole screen then switches, and the toast already speaks the new language.
 */
export function LanguageCard() {
  const t = useT(profileCatalog);
  const user = useCurrentUser();
  const prefs = usePreferences();
  const update = useUpdatePreferences();
  const refreshUser = useRefreshAuthUser();
  const churchDefault = user.church.defaultLanguage ?? null;
  const value = prefs.data ? prefs.data.language : user.language;

  const save = (language: TLanguage | null) =>
    update.mutate(
      { language },
      {
        onSuccess: async () => {
          // The screen switches before the toast, so the toast is in the language just chosen.
          const shown = resolveLanguage(language, churchDefault, browserLanguages());
          await Promise.all([refreshUser(), activateLanguage(shown)]);
          const tNew = translator(profileCatalog);
          toast({
            title: tNew("language.saved"),
            description: tNew("language.savedDescription", { language: LANGUAGE_NAMES[shown] }),
          });
        },
        onError: (error) =>
          toastApiError(error, {
            title: t("toast.updateFailed"),
            description: getServerMessage(error) ?? t("language.failed"),
          }),
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <label htmlFor={ID}>{t("language.title")}</label>
        </CardTitle>
        <CardDescription id={`${ID}-hint`}>{t("language.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <LanguageSelect
          id={ID}
          value={value ?? null}
          onChange={save}
          disabled={update.isPending}
          none={
            churchDefault
              ? t("language.churchDefault", { language: LANGUAGE_NAMES[churchDefault] })
              : t("language.browserDefault")
          }
        />
      </CardContent>
    </Card>
  );
}
