import type { TIntegrationPlatform } from "@common/integrations";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useT } from "@/lib/i18n";
import { integrationsCatalog } from "../i18n";

/** CCB's own domain, after the church's subdomain: an address, the same in every language. */
const CCB_DOMAIN = ".ccbchurch.com";

export type TConfigValues = { subdomain: string; audienceId: string };
export type TConfigErrors = Partial<Record<keyof TConfigValues, string>>;

/** A platform's settings as the contract takes them: empty optional fields are left out. */
export function toConfig(platform: TIntegrationPlatform | "", values: TConfigValues): Record<string, string> {
  if (platform === "church_community_builder") return { subdomain: values.subdomain };
  if (platform === "mailchimp") return values.audienceId.trim() ? { audienceId: values.audienceId } : {};
  return {};
}

export function fromConfig(config: Record<string, unknown>): TConfigValues {
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  return { subdomain: text(config.subdomain), audienceId: text(config.audienceId) };
}

/** Each platform's own settings (CCB: the church's subdomain; Mailchimp: the audience to fill). */
export function PlatformConfigFields({
  idPrefix,
  platform,
  values,
  errors,
  onChange,
}: {
  idPrefix: string;
  platform: TIntegrationPlatform | "";
  values: TConfigValues;
  errors: TConfigErrors;
  onChange: (values: TConfigValues) => void;
}) {
  const t = useT(integrationsCatalog);
  if (platform === "church_community_builder") {
    const id = `${idPrefix}-subdomain`;
    return (
      <FormField id={id} label={t("fields.subdomain")} hint={t("fields.subdomainHint")} error={errors.subdomain}>
        <div className="flex min-w-0 items-center gap-2">
          <Input
            {...fieldAria(id, errors.subdomain, true)}
            autoComplete="off"
            placeholder={t("fields.subdomainPlaceholder")}
            value={values.subdomain}
            onChange={(e) => onChange({ ...values, subdomain: e.target.value })}
          />
          <span className="shrink-0 text-sm text-muted-foreground">{CCB_DOMAIN}</span>
        </div>
      </FormField>
    );
  }
  if (platform === "mailchimp") {
    const id = `${idPrefix}-audience`;
    return (
      <FormField id={id} label={t("fields.audience")} hint={t("fields.audienceHint")} error={errors.audienceId}>
        <Input
          {...fieldAria(id, errors.audienceId, true)}
          autoComplete="off"
          placeholder="a1b2c3d4e5"
          value={values.audienceId}
          onChange={(e) => onChange({ ...values, audienceId: e.target.value })}
        />
      </FormField>
    );
  }
  return null;
}

/** The provider's key: a password field, never filled from the server (which never sends it back). */
export function ApiKeyField({
  id,
  label,
  hint,
  placeholder,
  error,
  value,
  onChange,
}: {
  id: string;
  label: string;
  hint?: string;
  placeholder?: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      <Input
        {...fieldAria(id, error, Boolean(hint))}
        type="password"
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  );
}

/** The optional webhook address (https, public: checked on the server when saved). */
export function WebhookUrlField({
  id,
  hint,
  error,
  value,
  onChange,
}: {
  id: string;
  hint: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const t = useT(integrationsCatalog);
  return (
    <FormField id={id} label={t("fields.webhookUrl")} hint={hint} error={error}>
      <Input
        {...fieldAria(id, error, true)}
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://example.org/hooks/fellowship"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  );
}
