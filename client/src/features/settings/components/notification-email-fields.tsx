import type { TChurchSettings, TChurchSettingsBody, ZChurchSettingsBody } from "@common/churches";
import {
  DEFAULT_DIGEST_DAY,
  DEFAULT_EMAIL_FALLBACK_HOURS,
  EMAIL_FALLBACK_HOURS_CHOICES,
} from "@common/notification-channels-helpers";
import { ChevronDown } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { Controller, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useFormat, useT } from "@/lib/i18n";
import { settingsCatalog } from "../i18n";

type TForm = UseFormReturn<TChurchSettingsBody, unknown, z.output<typeof ZChurchSettingsBody>>;

const SELECT_CLASSES =
  "h-10 w-full appearance-none rounded-lg border border-input bg-card pe-9 ps-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none";

/** 1 January 2023 was a Sunday: day `d` (0 Sunday … 6 Saturday) is that date plus `d` days. */
const weekdayDate = (day: number) => new Date(Date.UTC(2023, 0, 1 + day, 12));

function NativeSelect({ children, ...props }: { children: ReactNode } & ComponentProps<"select">) {
  return (
    <div className="relative sm:max-w-xs">
      <select {...props} className={SELECT_CLASSES}>
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-3 end-3 size-4 text-muted-foreground"
        aria-hidden="true"
      />
    </div>
  );
}

/**
 * Notifications and e-mail (issue 29): after how many hours an unread notification goes by e-mail
 * to members who chose "only if I have not seen it", and the weekly digest's day and time, both in
 * the church's time zone. Saved with the rest of the form.
 */
export function NotificationEmailFields({ form, church }: { form: TForm; church: TChurchSettings }) {
  const t = useT(settingsCatalog);
  const format = useFormat();
  const { errors } = form.formState;
  const timeError = errors.digestTime?.message;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("mail.title")}</CardTitle>
        <CardDescription>{t("mail.description", { timeZone: church.timeZone })}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 sm:grid-cols-2">
        <FormField
          id="settings-email-fallback"
          label={t("mail.fallback")}
          hint={t("mail.fallbackHint")}
          error={errors.emailFallbackHours?.message}
          className="sm:col-span-2"
        >
          <Controller
            control={form.control}
            name="emailFallbackHours"
            render={({ field }) => {
              const value = field.value ?? church.emailFallbackHours ?? DEFAULT_EMAIL_FALLBACK_HOURS;
              const choices: readonly number[] = EMAIL_FALLBACK_HOURS_CHOICES;
              return (
                <NativeSelect
                  {...fieldAria("settings-email-fallback", errors.emailFallbackHours?.message, true)}
                  value={value}
                  onChange={(e) => field.onChange(Number(e.target.value))}
                >
                  {(choices.includes(value) ? choices : [...choices, value].sort((a, b) => a - b)).map((hours) => (
                    <option key={hours} value={hours}>
                      {t("mail.hours", { count: hours })}
                    </option>
                  ))}
                </NativeSelect>
              );
            }}
          />
        </FormField>
        <FormField id="settings-digest-day" label={t("mail.digestDay")} error={errors.digestDay?.message}>
          <Controller
            control={form.control}
            name="digestDay"
            render={({ field }) => (
              <NativeSelect
                {...fieldAria("settings-digest-day", errors.digestDay?.message)}
                value={field.value ?? church.digestDay ?? DEFAULT_DIGEST_DAY}
                onChange={(e) => field.onChange(Number(e.target.value))}
              >
                {[0, 1, 2, 3, 4, 5, 6].map((day) => (
                  <option key={day} value={day}>
                    {format.date(weekdayDate(day), { weekday: "long", timeZone: "UTC" })}
                  </option>
                ))}
              </NativeSelect>
            )}
          />
        </FormField>
        <FormField id="settings-digest-time" label={t("mail.digestTime")} error={timeError}>
          <Input
            {...fieldAria("settings-digest-time", timeError)}
            type="time"
            required
            className="sm:max-w-xs"
            {...form.register("digestTime")}
          />
        </FormField>
        <p className="text-xs text-muted-foreground sm:col-span-2">{t("mail.digestHint")}</p>
      </CardContent>
    </Card>
  );
}
