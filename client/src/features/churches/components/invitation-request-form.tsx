import type { TInvitationRequestBody } from "@common/public-church";
import { INVITATION_REQUEST_MESSAGE_MAX } from "@common/public-church-helpers";
import { CheckCircle2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { FormAlert } from "@/components/form-alert";
import { Button } from "@/components/ui/button";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { ApiError, getServerMessage } from "@/lib/api-client";
import { useT } from "@/lib/i18n";
import { useRequestInvitation } from "../api";
import { publicChurchCatalog } from "../public-i18n";

type TField = keyof TInvitationRequestBody;

/** The 400 answer's per-field messages (the zod contract in common/public-church.ts is checked on the server). */
function fieldErrors(error: unknown): Partial<Record<TField, string>> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  try {
    const { errors } = JSON.parse(error.body) as { errors?: { path?: string; message?: string }[] };
    return Object.fromEntries((errors ?? []).map((e) => [String(e.path), String(e.message)]));
  } catch {
    return {};
  }
}

/**
 * "Request an invitation": a visitor leaves a name, an address and a few words for the church's
 * leaders, without an account. Kept free of zod and the form library: the signed-out page is small.
 */
export function InvitationRequestForm({ slug, churchName }: { slug: string; churchName: string }) {
  const t = useT(publicChurchCatalog);
  const request = useRequestInvitation(slug);
  const [values, setValues] = useState({ name: "", email: "", message: "" });
  const [missing, setMissing] = useState<Partial<Record<TField, string>>>({});

  if (request.isSuccess) {
    return (
      <div role="status" className="flex items-start gap-3 rounded-lg border border-brand-border bg-brand-soft p-4">
        <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-brand-text" aria-hidden="true" />
        <p className="text-sm text-foreground">{request.data.message}</p>
      </div>
    );
  }

  const server = fieldErrors(request.error);
  const errors = { ...server, ...missing };
  const general = request.isError && Object.keys(server).length === 0 ? getServerMessage(request.error) : null;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next: Partial<Record<TField, string>> = {};
    if (!values.name.trim()) next.name = t("form.nameRequired");
    if (!values.email.trim()) next.email = t("form.emailRequired");
    setMissing(next);
    if (Object.keys(next).length > 0) {
      document.getElementById(next.name ? "request-name" : "request-email")?.focus();
      return;
    }
    request.mutate({ name: values.name, email: values.email, message: values.message || null });
  };
  const set = (field: TField) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t("form.label", { church: churchName })}>
      <FormField id="request-name" label={t("form.name")} error={errors.name}>
        <Input
          {...fieldAria("request-name", errors.name)}
          autoComplete="name"
          value={values.name}
          onChange={set("name")}
          maxLength={100}
        />
      </FormField>
      <FormField id="request-email" label={t("form.email")} error={errors.email}>
        <Input
          {...fieldAria("request-email", errors.email)}
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={set("email")}
          maxLength={254}
        />
      </FormField>
      <FormField id="request-message" label={t("form.message")} hint={t("form.message.hint")} error={errors.message}>
        <Textarea
          {...fieldAria("request-message", errors.message, true)}
          rows={3}
          value={values.message}
          onChange={set("message")}
          maxLength={INVITATION_REQUEST_MESSAGE_MAX}
        />
      </FormField>
      <FormAlert message={general ?? null} />
      <Button type="submit" disabled={request.isPending}>
        {request.isPending ? t("form.sending") : t("request.title")}
      </Button>
    </form>
  );
}
