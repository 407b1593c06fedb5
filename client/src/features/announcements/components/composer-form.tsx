import { ANNOUNCEMENT_MESSAGE_MAX, ANNOUNCEMENT_TITLE_MAX } from "@common/announcement-helpers";
import type { TAnnouncement, TAnnouncementBody, ZAnnouncementBody } from "@common/announcements";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { commonCatalog } from "@/components/i18n";
import { useRoleName } from "@/components/role-name";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Input, inputClasses, Textarea } from "@/components/ui/input";
import { RadioCards } from "@/components/ui/radio-cards";
import { toast } from "@/components/ui/use-toast";
import { UrlField } from "@/components/url-field";
import { getServerMessage } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { useFormat, useT } from "@/lib/i18n";
import { lazyZodResolver } from "@/lib/lazy-zod-resolver";
import { safeTimeZone } from "@/lib/time-zone";
import { cn } from "@/lib/utils";
import { type TLinkKind, useCreateAnnouncement, useGroupChoices, useLinkChoices, useUpdateAnnouncement } from "../api";
import { AUDIENCE_ROLES, emptyValues, type TComposerValues, valuesOf } from "../composer-values";
import { fromLocalInput, WHEN_FORMAT, zoneCity } from "../format";
import { announcementsCatalog } from "../i18n";
import { useNameList } from "../use-audience";

type TOutput = z.output<typeof ZAnnouncementBody>;
type TIntent = "draft" | "go";

const LINK_KINDS = ["none", "sermons", "events", "groups", "web"] as const;

function Fieldset({
  legend,
  error,
  children,
  id,
}: {
  legend: string;
  error?: string;
  children: ReactNode;
  id: string;
}) {
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend id={`${id}-legend`} className="mb-1 text-sm font-medium">
        {legend}
      </legend>
      {children}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function Check({ id, label, ...props }: { id: string; label: string } & React.ComponentProps<"input">) {
  return (
    <label htmlFor={id} className="flex min-h-9 items-center gap-2.5 rounded-md px-1 text-sm">
      <input id={id} type="checkbox" className="size-4 shrink-0 accent-[var(--brand)]" {...props} />
      <span className="min-w-0 break-words">{label}</span>
    </label>
  );
}

/**
 * Issue 29's composer: title, message, an optional link (a sermon, an event, a group, or a web
 * address), the audience (the whole church, groups or roles; fixed for a group's leader), when (now,
 * or a date and time in the church's time zone, shown as such) and urgent. Save draft, Schedule, or
 * Send now after a confirmation naming the audience. The same contract as the server's checks it,
 * and the server's own errors land under their fields.
 */
export function ComposerForm({
  announcement,
  fixedGroups,
  timeZone,
  onDone,
  onCancel,
  formId = "announcement-form",
}: {
  /** The draft or scheduled announcement being edited; null for a new one. */
  announcement: TAnnouncement | null;
  /** A group's leader writes to the groups they lead only: the audience is these, shown, not chosen. */
  fixedGroups?: Array<{ id: string; name: string }> | null;
  timeZone: string;
  onDone: (saved: TAnnouncement) => void;
  onCancel: () => void;
  formId?: string;
}) {
  const t = useT(announcementsCatalog);
  const tc = useT(commonCatalog);
  const format = useFormat();
  const roleName = useRoleName();
  const nameList = useNameList();
  const create = useCreateAnnouncement();
  const update = useUpdateAnnouncement();
  const zone = safeTimeZone(timeZone) ?? "UTC";
  const words = useMemo(
    () => ({
      linkRequired: t("form.link.required"),
      whenRequired: t("form.when.required"),
      whenPast: t("form.when.past"),
    }),
    [t],
  );
  const contract = useMemo(
    () => lazyZodResolver(() => import("../composer-schema").then((m) => m.composerSchema({ timeZone: zone, words }))),
    [zone, words],
  );
  const initial = useMemo(
    () => (announcement ? valuesOf(announcement, zone) : emptyValues(fixedGroups?.map((g) => g.id))),
    [announcement, fixedGroups, zone],
  );
  const form = useForm<TComposerValues, unknown, TOutput>({ resolver: contract.resolver, defaultValues: initial });
  const { errors } = form.formState;
  const intent = useRef<TIntent>("go");
  const [confirming, setConfirming] = useState<TOutput | null>(null);
  const v = form.watch();
  const fixedNames = fixedGroups ? nameList(fixedGroups.map((g) => g.name)) : null;
  const groups = useGroupChoices(!fixedGroups && v.audienceKind === "groups");
  const linkChoices = useLinkChoices(v.linkKind !== "none" && v.linkKind !== "web" ? (v.linkKind as TLinkKind) : null);
  const pending = create.isPending || update.isPending;

  useEffect(() => {
    contract.preload();
    form.reset(initial);
  }, [contract, initial, form]);

  const audienceText =
    fixedNames ??
    (v.audienceKind === "all"
      ? t("audience.all")
      : v.audienceKind === "groups"
        ? nameList(v.groupIds.map((id) => groups.data?.find((g) => g.id === id)?.label ?? "…"))
        : nameList(v.roles.map(roleName)));

  const save = (body: TOutput, isDraft: boolean) => {
    const payload: TAnnouncementBody = { ...body, draft: isDraft };
    const onError = (error: unknown) => {
      if (applyServerFieldErrors(form, error)) return;
      toastApiError(error, { description: getServerMessage(error) ?? t("form.failed") });
    };
    const onSuccess = (saved: TAnnouncement) => {
      const when = saved.sendAt ? format.date(saved.sendAt, { ...WHEN_FORMAT, timeZone: zone }) : "";
      toast({
        title:
          saved.status === "draft"
            ? t("form.saved.draft")
            : saved.status === "scheduled"
              ? t("form.saved.scheduled", { when })
              : announcement
                ? t("form.saved.updated")
                : t("form.saved.sent"),
      });
      onDone(saved);
    };
    if (announcement) update.mutate({ id: announcement.id, body: payload }, { onSuccess, onError });
    else create.mutate(payload, { onSuccess, onError });
  };

  const onSubmit = form.handleSubmit((body) => {
    if (intent.current === "draft") return save(body, true);
    if (body.sendAt) return save(body, false);
    setConfirming(body);
  });
  const submitAs = (what: TIntent) => () => {
    intent.current = what;
  };

  const err = (k: keyof TComposerValues) => errors[k]?.message;
  const audienceError = (
    errors as { audience?: { message?: string; groupIds?: { message?: string }; roles?: { message?: string } } }
  ).audience;
  const audienceMessage =
    audienceError?.message ?? audienceError?.groupIds?.message ?? audienceError?.roles?.message ?? err("groupIds");
  const preview = v.when === "later" ? fromLocalInput(v.sendAt, zone) : null;
  const city = zoneCity(zone);

  return (
    <>
      <form id={formId} onSubmit={onSubmit} noValidate className="grid gap-5">
        <FormField id="announcement-title" label={t("form.title")} error={err("title")}>
          <Input
            {...fieldAria("announcement-title", err("title"))}
            autoComplete="off"
            maxLength={ANNOUNCEMENT_TITLE_MAX + 20}
            {...form.register("title")}
          />
        </FormField>
        <FormField
          id="announcement-message"
          label={t("form.message")}
          hint={t("form.count", {
            count: format.number(v.message?.length ?? 0),
            max: format.number(ANNOUNCEMENT_MESSAGE_MAX),
          })}
          error={err("message")}
        >
          <Textarea
            {...fieldAria("announcement-message", err("message"), true)}
            rows={5}
            {...form.register("message")}
          />
        </FormField>

        <div className="grid gap-3 sm:grid-cols-2">
          <FormField id="announcement-link-kind" label={t("form.link")}>
            <select
              id="announcement-link-kind"
              className={cn(inputClasses, "appearance-auto")}
              {...form.register("linkKind", { onChange: () => form.setValue("linkTarget", "") })}
            >
              {LINK_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`form.link.${k}`)}
                </option>
              ))}
            </select>
          </FormField>
          {v.linkKind !== "none" && v.linkKind !== "web" && (
            <FormField
              id="announcement-link-target"
              label={t("form.link.pick")}
              error={err("linkTarget")}
              hint={
                linkChoices.isError
                  ? t("form.link.loadError")
                  : linkChoices.isSuccess && linkChoices.data.length === 0
                    ? t("form.link.empty")
                    : undefined
              }
            >
              <select
                {...fieldAria("announcement-link-target", err("linkTarget"), true)}
                className={cn(inputClasses, "appearance-auto")}
                aria-busy={linkChoices.isLoading || undefined}
                {...form.register("linkTarget")}
              >
                <option value="">{linkChoices.isLoading ? t("form.link.loading") : t("form.link.choose")}</option>
                {(linkChoices.data ?? []).map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.when
                      ? `${c.label} · ${format.date(c.when, { month: "short", day: "numeric", timeZone: zone })}`
                      : c.label}
                  </option>
                ))}
              </select>
            </FormField>
          )}
          {v.linkKind === "web" && (
            <UrlField
              id="announcement-link"
              label={t("form.link.address")}
              hint={t("form.link.addressHint")}
              error={err("link")}
              registration={form.register("link")}
            />
          )}
        </div>

        {fixedNames !== null ? (
          <div className="grid gap-1">
            <p className="text-sm font-medium">{t("form.audience")}</p>
            <p className="rounded-lg border border-border bg-muted/40 px-3 py-2 text-sm">
              {t("form.audience.fixed", { name: fixedNames })}
            </p>
          </div>
        ) : (
          <Fieldset id="announcement-audience" legend={t("form.audience")} error={audienceMessage}>
            {/* Side by side from a tablet up: the dialog stays short. */}
            <div className="sm:[&>[role=radiogroup]]:grid-cols-3">
              <Controller
                control={form.control}
                name="audienceKind"
                render={({ field }) => (
                  <RadioCards
                    aria-labelledby="announcement-audience-legend"
                    name="audienceKind"
                    value={field.value}
                    onValueChange={field.onChange}
                    options={[
                      { value: "all", label: t("form.audience.all") },
                      { value: "groups", label: t("form.audience.groups") },
                      { value: "roles", label: t("form.audience.roles") },
                    ]}
                  />
                )}
              />
            </div>
            {v.audienceKind === "groups" && (
              <fieldset className="grid max-h-48 gap-0.5 overflow-y-auto rounded-lg border border-border p-2 sm:grid-cols-2">
                <legend className="sr-only">{t("form.audience.groupsLabel")}</legend>
                {groups.isLoading && <p className="text-sm text-muted-foreground">{t("form.link.loading")}</p>}
                {groups.isSuccess && groups.data.length === 0 && (
                  <p className="text-sm text-muted-foreground">{t("form.audience.noGroups")}</p>
                )}
                {(groups.data ?? []).map((g) => (
                  <Check
                    key={g.id}
                    id={`announcement-group-${g.id}`}
                    label={g.label}
                    value={g.id}
                    {...form.register("groupIds")}
                  />
                ))}
              </fieldset>
            )}
            {v.audienceKind === "roles" && (
              <fieldset className="grid gap-0.5 rounded-lg border border-border p-2 sm:grid-cols-3">
                <legend className="sr-only">{t("form.audience.rolesLabel")}</legend>
                {AUDIENCE_ROLES.map((r) => (
                  <Check
                    key={r}
                    id={`announcement-role-${r}`}
                    label={roleName(r)}
                    value={r}
                    {...form.register("roles")}
                  />
                ))}
              </fieldset>
            )}
          </Fieldset>
        )}

        <Fieldset id="announcement-when" legend={t("form.when")}>
          <div className="sm:[&>[role=radiogroup]]:grid-cols-2">
            <Controller
              control={form.control}
              name="when"
              render={({ field }) => (
                <RadioCards
                  aria-labelledby="announcement-when-legend"
                  name="when"
                  value={field.value}
                  onValueChange={field.onChange}
                  options={[
                    { value: "now", label: t("form.when.now") },
                    { value: "later", label: t("form.when.later") },
                  ]}
                />
              )}
            />
          </div>
          {v.when === "later" && (
            <FormField
              id="announcement-send-at"
              label={t("form.when.at", { zone: city })}
              error={err("sendAt")}
              hint={
                preview
                  ? t("form.when.preview", {
                      when: format.date(preview, { ...WHEN_FORMAT, timeZone: zone }),
                      zone: city,
                    })
                  : undefined
              }
            >
              <Input
                {...fieldAria("announcement-send-at", err("sendAt"), !!preview)}
                type="datetime-local"
                {...form.register("sendAt")}
              />
            </FormField>
          )}
        </Fieldset>

        <div className="flex items-start gap-3">
          <input
            id="announcement-urgent"
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-[var(--brand)]"
            aria-describedby="announcement-urgent-hint"
            {...form.register("urgent")}
          />
          <div className="grid gap-0.5">
            <label htmlFor="announcement-urgent" className="text-sm font-medium">
              {t("form.urgent")}
            </label>
            <p id="announcement-urgent-hint" className="text-xs text-muted-foreground">
              {t("form.urgentHint")}
            </p>
          </div>
        </div>
      </form>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {tc("action.cancel")}
        </Button>
        {(!announcement || announcement.status === "draft") && (
          <Button type="submit" form={formId} variant="secondary" disabled={pending} onClick={submitAs("draft")}>
            {pending && intent.current === "draft" ? t("form.saving") : t("form.saveDraft")}
          </Button>
        )}
        <Button type="submit" form={formId} disabled={pending} onClick={submitAs("go")}>
          {pending && intent.current === "go"
            ? t("form.saving")
            : v.when === "later"
              ? announcement?.status === "scheduled"
                ? t("form.save")
                : t("form.schedule")
              : t("form.sendNow")}
        </Button>
      </div>
      <AlertDialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        <AlertDialogContent>
          <AlertDialogTitle>{t("confirm.title")}</AlertDialogTitle>
          <AlertDialogDescription>
            {t("confirm.description", { title: confirming?.title ?? "", audience: audienceText })}
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("confirm.back")}</AlertDialogCancel>
            <AlertDialogAction
              onClick={() => {
                if (confirming) save(confirming, false);
                setConfirming(null);
              }}
            >
              {t("confirm.send")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
