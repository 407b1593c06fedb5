import { DEFAULT_BRAND_COLOR } from "@common/brand";
import type { TChurchSettings, ZChurchSettingsBody } from "@common/churches";
import { useEffect } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { LanguageSelect } from "@/components/language-select";
import { TimeZoneSelect } from "@/components/time-zone-select";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { useT } from "@/lib/i18n";
import { usePreload } from "@/lib/lazy";
import { lazyZodResolver } from "@/lib/lazy-zod-resolver";
import { useUpdateChurchSettings } from "../api";
import { settingsCatalog } from "../i18n";
import { BibleReaderFields } from "./bible-reader-fields";
import { BrandColorField } from "./brand-color-field";
import { LogoField } from "./logo-field";
import { NotificationEmailFields } from "./notification-email-fields";
import { PrivacyRetentionFields } from "./privacy-retention-fields";
import { PublicPageFields } from "./public-page-fields";

type TValues = z.input<typeof ZChurchSettingsBody>;

function toFormValues(c: TChurchSettings): TValues {
  return {
    name: c.name,
    address: c.address ?? "",
    phone: c.phone ?? "",
    email: c.email ?? "",
    website: c.website ?? "",
    logoUrl: c.logoUrl ?? "",
    brandColor: c.brandColor || DEFAULT_BRAND_COLOR,
    timeZone: c.timeZone,
    defaultLanguage: c.defaultLanguage,
    slug: c.slug,
    publicPage: c.publicPage,
    bibleReaderPattern: c.bibleReaderPattern,
    bibleTranslation: c.bibleTranslation,
    auditRetentionDays: c.auditRetentionDays,
    chatRetentionDays: c.chatRetentionDays,
    notificationRetentionDays: c.notificationRetentionDays,
    removedMemberRetentionDays: c.removedMemberRetentionDays,
    privacyContact: c.privacyContact ?? "",
    emailFallbackHours: c.emailFallbackHours,
    digestDay: c.digestDay,
    digestTime: c.digestTime,
  };
}

// The contract (and zod) arrive after the form is drawn (or when it is first validated).
const settingsContract = lazyZodResolver(() => import("@common/churches").then((m) => m.ZChurchSettingsBody));

/** The settings form; starts from the saved settings and follows them after each save. */
export function ChurchSettingsForm({ church }: { church: TChurchSettings }) {
  const t = useT(settingsCatalog);
  const update = useUpdateChurchSettings();
  const form = useForm<TValues, unknown, z.output<typeof ZChurchSettingsBody>>({
    resolver: settingsContract.resolver,
    defaultValues: toFormValues(church),
  });
  const { errors, isDirty } = form.formState;
  usePreload([settingsContract.preload]);

  useEffect(() => {
    form.reset(toFormValues(church));
  }, [church, form]);

  const onSubmit = form.handleSubmit((values) => {
    update.mutate(values, {
      onSuccess: () => toast({ title: t("form.saved"), description: t("form.savedDescription") }),
      onError: (error) =>
        toastApiError(error, {
          title: t("form.failed"),
          description: getServerMessage(error) ?? t("form.failedDescription"),
        }),
    });
  });

  const err = (k: keyof TValues) => errors[k]?.message;
  return (
    <form onSubmit={onSubmit} onFocus={settingsContract.preload} noValidate className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{t("identity.title")}</CardTitle>
          <CardDescription>{t("identity.description")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <Controller
            control={form.control}
            name="logoUrl"
            render={({ field }) => (
              <LogoField
                value={field.value ?? ""}
                onChange={(v) => field.onChange(v)}
                churchName={form.watch("name")}
                error={err("logoUrl")}
              />
            )}
          />
          <FormField id="settings-name" label={t("identity.name")} error={err("name")}>
            <Input
              {...fieldAria("settings-name", err("name"))}
              autoComplete="organization"
              {...form.register("name")}
            />
          </FormField>
          <Controller
            control={form.control}
            name="brandColor"
            render={({ field }) => (
              <BrandColorField value={field.value ?? ""} onChange={field.onChange} error={err("brandColor")} />
            )}
          />
          <FormField
            id="settings-timezone"
            label={t("identity.timeZone")}
            hint={t("identity.timeZoneHint")}
            error={err("timeZone")}
          >
            <Controller
              control={form.control}
              name="timeZone"
              render={({ field }) => (
                <TimeZoneSelect
                  id="settings-timezone"
                  value={field.value ?? church.timeZone}
                  onChange={field.onChange}
                  current={church.timeZone}
                  invalid={!!err("timeZone")}
                  describedBy={err("timeZone") ? "settings-timezone-error" : "settings-timezone-hint"}
                />
              )}
            />
          </FormField>
          <FormField
            id="settings-language"
            label={t("language.label")}
            hint={t("language.hint")}
            error={err("defaultLanguage")}
            className="sm:max-w-sm"
          >
            <Controller
              control={form.control}
              name="defaultLanguage"
              render={({ field }) => (
                <LanguageSelect
                  id="settings-language"
                  value={field.value ?? null}
                  onChange={field.onChange}
                  none={t("language.none")}
                />
              )}
            />
          </FormField>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("contact.title")}</CardTitle>
          <CardDescription>{t("contact.description")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          <FormField
            id="settings-address"
            label={t("contact.address")}
            error={err("address")}
            className="sm:col-span-2"
          >
            <Input
              {...fieldAria("settings-address", err("address"))}
              autoComplete="street-address"
              {...form.register("address")}
            />
          </FormField>
          <FormField id="settings-phone" label={t("contact.phone")} error={err("phone")}>
            <Input
              {...fieldAria("settings-phone", err("phone"))}
              type="tel"
              autoComplete="tel"
              {...form.register("phone")}
            />
          </FormField>
          <FormField id="settings-email" label={t("contact.email")} error={err("email")}>
            <Input
              {...fieldAria("settings-email", err("email"))}
              type="email"
              autoComplete="email"
              {...form.register("email")}
            />
          </FormField>
          <FormField
            id="settings-website"
            label={t("contact.website")}
            error={err("website")}
            className="sm:col-span-2"
          >
            <Input
              {...fieldAria("settings-website", err("website"))}
              type="url"
              placeholder="https://"
              autoComplete="url"
              {...form.register("website")}
            />
          </FormField>
        </CardContent>
      </Card>
      <PublicPageFields form={form} church={church} error={err("slug")} />
      <Card>
        <CardHeader>
          <CardTitle>{t("bible.title")}</CardTitle>
          <CardDescription>{t("bible.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          <BibleReaderFields form={form} savedPattern={church.bibleReaderPattern} />
        </CardContent>
      </Card>
      <PrivacyRetentionFields form={form} church={church} />
      <NotificationEmailFields form={form} church={church} />
      <div className="sticky bottom-0 -mx-4 flex items-center justify-end gap-3 border-t border-border bg-background/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
        {isDirty && <span className="text-sm text-muted-foreground">{t("form.unsaved")}</span>}
        <Button type="submit" size="lg" disabled={update.isPending}>
          {update.isPending ? t("form.saving") : t("form.save")}
        </Button>
      </div>
    </form>
  );
}
