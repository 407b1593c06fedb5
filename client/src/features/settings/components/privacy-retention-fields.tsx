import { AUDIT_RETENTION_CHOICES } from "@common/audit-labels";
import type { TChurchSettings, TChurchSettingsBody, ZChurchSettingsBody } from "@common/churches";
import {
  CHAT_RETENTION_CHOICES,
  NOTIFICATION_RETENTION_CHOICES,
  PRIVACY_CONTACT_MAX,
  REMOVED_MEMBER_RETENTION_CHOICES,
} from "@common/retention-helpers";
import { Controller, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/input";
import { useT } from "@/lib/i18n";
import { settingsCatalog } from "../i18n";
import { RetentionSelect } from "./retention-select";

type TForm = UseFormReturn<TChurchSettingsBody, unknown, z.output<typeof ZChurchSettingsBody>>;
type TDaysField =
  | "chatRetentionDays"
  | "notificationRetentionDays"
  | "removedMemberRetentionDays"
  | "auditRetentionDays";

/**
 * Privacy and retention (issue 28): how members reach the church about their data (shown on its
 * privacy page) and how long chat, notifications, a removed member's personal data and the audit log
 * are kept. The nightly jobs remove what is older.
 */
export function PrivacyRetentionFields({ form, church }: { form: TForm; church: TChurchSettings }) {
  const t = useT(settingsCatalog);
  const { errors } = form.formState;
  const contactError = errors.privacyContact?.message;
  const selects: { name: TDaysField; id: string; label: string; hint: string; choices: readonly number[] }[] = [
    {
      name: "chatRetentionDays",
      id: "settings-chat-retention",
      label: t("privacy.chat"),
      hint: t("privacy.chatHint"),
      choices: CHAT_RETENTION_CHOICES,
    },
    {
      name: "notificationRetentionDays",
      id: "settings-notification-retention",
      label: t("privacy.notifications"),
      hint: t("privacy.notificationsHint"),
      choices: NOTIFICATION_RETENTION_CHOICES,
    },
    {
      name: "removedMemberRetentionDays",
      id: "settings-removed-member-retention",
      label: t("privacy.removed"),
      hint: t("privacy.removedHint"),
      choices: REMOVED_MEMBER_RETENTION_CHOICES,
    },
    {
      name: "auditRetentionDays",
      id: "settings-audit-retention",
      label: t("audit.keep"),
      hint: t("audit.keepHint"),
      choices: AUDIT_RETENTION_CHOICES,
    },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("privacy.title")}</CardTitle>
        <CardDescription>{t("privacy.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <FormField
          id="settings-privacy-contact"
          label={t("privacy.contact")}
          hint={t("privacy.contactHint")}
          error={contactError}
        >
          <Textarea
            {...fieldAria("settings-privacy-contact", contactError, true)}
            rows={3}
            maxLength={PRIVACY_CONTACT_MAX}
            {...form.register("privacyContact")}
          />
        </FormField>
        <div className="grid gap-6 sm:grid-cols-2">
          {selects.map((s) => (
            <Controller
              key={s.name}
              control={form.control}
              name={s.name}
              render={({ field }) => (
                <RetentionSelect
                  id={s.id}
                  label={s.label}
                  hint={s.hint}
                  choices={s.choices}
                  value={field.value ?? church[s.name]}
                  onChange={field.onChange}
                  error={errors[s.name]?.message}
                />
              )}
            />
          ))}
        </div>
      </CardContent>
    </Card>
  );
}
