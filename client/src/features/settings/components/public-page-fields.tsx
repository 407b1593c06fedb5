import { publicPagePath } from "@common/church-slug";
import type { TChurchSettings, TChurchSettingsBody, ZChurchSettingsBody } from "@common/churches";
import { ExternalLink } from "lucide-react";
import { Controller, type UseFormReturn, useWatch } from "react-hook-form";
import type { z } from "zod";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { Rich, useT } from "@/lib/i18n";
import { settingsCatalog } from "../i18n";

/**
 * The public page's address (the slug, unique across this install) and whether visitors see it. The
 * link opens what is saved, so it never points at an address that does not answer yet.
 */
export function PublicPageFields({
  form,
  church,
  error,
}: {
  form: UseFormReturn<TChurchSettingsBody, unknown, z.output<typeof ZChurchSettingsBody>>;
  church: TChurchSettings;
  error?: string;
}) {
  const t = useT(settingsCatalog);
  const slug = useWatch({ control: form.control, name: "slug" }) ?? "";
  const origin = window.location.origin;
  const savedPath = publicPagePath(church.slug);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("public.title")}</CardTitle>
        <CardDescription>{t("public.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <FormField
          id="settings-slug"
          label={t("public.address")}
          hint={
            <Rich
              catalog={settingsCatalog}
              k="public.addressHint"
              values={{ url: `${origin}${publicPagePath(slug.trim().toLowerCase() || "…")}` }}
              components={{ 0: <span className="break-words font-medium text-foreground" dir="ltr" /> }}
            />
          }
          error={error}
        >
          <div className="flex min-w-0 items-center gap-2">
            <span className="shrink-0 text-sm text-muted-foreground" aria-hidden="true">
              /c/
            </span>
            <Input
              {...fieldAria("settings-slug", error, true)}
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              {...form.register("slug")}
            />
          </div>
        </FormField>
        <Controller
          control={form.control}
          name="publicPage"
          render={({ field }) => (
            <div className="flex items-start justify-between gap-4 rounded-lg border border-border p-4">
              <div className="grid gap-1">
                <Label htmlFor="settings-public-page">{t("public.publish")}</Label>
                <p id="settings-public-page-hint" className="text-xs text-muted-foreground">
                  {t("public.publishHint")}
                </p>
              </div>
              <Switch
                id="settings-public-page"
                aria-describedby="settings-public-page-hint"
                checked={!!field.value}
                onCheckedChange={field.onChange}
              />
            </div>
          )}
        />
        {church.publicPage && (
          <a
            href={savedPath}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-text underline-offset-4 hover:underline"
          >
            {t("public.open")}
            <ExternalLink className="size-4" aria-hidden="true" />
            <span className="sr-only"> {t("public.newTab")}</span>
          </a>
        )}
      </CardContent>
    </Card>
  );
}
