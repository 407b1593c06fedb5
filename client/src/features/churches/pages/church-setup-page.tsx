import type { TAuthUser } from "@common/auth";
import { publicPagePath, slugFromName } from "@common/church-slug";
import type { ZCreateChurchBody } from "@common/churches";
import { Church, ShieldCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { BrandMark } from "@/components/brand-mark";
import { getBrowserTimeZone, TimeZoneSelect } from "@/components/time-zone-select";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { getServerMessage, getStatus } from "@/lib/api-client";
import { toastApiError } from "@/lib/auth-redirect";
import { useSignOut } from "@/lib/current-user";
import { useT } from "@/lib/i18n";
import { lazyZodResolver } from "@/lib/lazy-zod-resolver";
import { useCreateChurch } from "../api";
import { churchesCatalog } from "../i18n";

type TValues = z.input<typeof ZCreateChurchBody>;

const NEXT_STEPS = ["setup.steps.created", "setup.steps.admin", "setup.steps.invite", "setup.steps.join"] as const;

// The contract (and zod) arrive when the form is first focused or submitted.
const churchContract = lazyZodResolver(() => import("@common/churches").then((m) => m.ZCreateChurchBody));

/** Spec 1 screen 2: a signed-in user without a church creates one and becomes its admin. */
export function ChurchSetupPage({ user }: { user: TAuthUser }) {
  const t = useT(churchesCatalog);
  const createChurch = useCreateChurch();
  const signOut = useSignOut();
  const form = useForm<TValues, unknown, z.output<typeof ZCreateChurchBody>>({
    resolver: churchContract.resolver,
    // The browser's zone unless the leader picks another; the server never assumes its own.
    defaultValues: { name: "", timeZone: getBrowserTimeZone() ?? "UTC", slug: "" },
  });
  const name = form.watch("name");
  const slug = form.watch("slug") ?? "";
  // The address follows the name until the leader edits it.
  const [isSlugEdited, setIsSlugEdited] = useState(false);
  useEffect(() => {
    if (!isSlugEdited) form.setValue("slug", name?.trim() ? slugFromName(name) : "");
  }, [name, isSlugEdited, form]);
  const { errors } = form.formState;
  const pending = createChurch.isPending;
  const displayName = user.firstName || user.email;

  const onSubmit = form.handleSubmit(
    (values) => {
      createChurch.mutate(values, {
        // No toast: the admin dashboard's welcome card greets the new leader, the one welcome (issue 24).
        onSuccess: () => form.reset(),
        onError: (error) => {
          // The address another church has: said beside the field, where it can be changed.
          const message = getServerMessage(error);
          if (getStatus(error) === 409 && message?.includes("address")) {
            form.setError("slug", { type: "server", message }, { shouldFocus: true });
            return;
          }
          toastApiError(error, { description: t("setup.createFailed") });
        },
      });
    },
    // Spec 1 section 5: an empty name is a toast, and no request is sent.
    (errors) =>
      toast({
        title: t("setup.error"),
        description:
          errors.name?.message ?? errors.timeZone?.message ?? errors.slug?.message ?? t("setup.nameRequired"),
        variant: "destructive",
      }),
  );

  return (
    <div className="min-h-dvh bg-gradient-to-b from-brand-soft via-background to-background">
      <header className="mx-auto flex max-w-5xl items-center gap-2.5 px-4 py-5 sm:px-6">
        <BrandMark />
        <span className="text-lg font-semibold tracking-tight">Fellowship</span>
      </header>
      <main id="main-content" tabIndex={-1} className="mx-auto max-w-5xl px-4 pt-4 pb-16 outline-none sm:px-6 sm:pt-10">
        <div className="mb-8 text-center">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("setup.welcome", { name: displayName })}</h1>
          <p className="mx-auto mt-2 max-w-xl text-muted-foreground">{t("setup.intro")}</p>
        </div>

        <div className="grid gap-6 md:grid-cols-5">
          <Card className="md:col-span-3">
            <CardHeader>
              <div className="mb-2 flex size-11 items-center justify-center rounded-xl bg-brand-soft text-brand-text">
                <Church className="size-5" aria-hidden="true" />
              </div>
              <CardTitle className="text-xl">{t("setup.create.title")}</CardTitle>
              <CardDescription>{t("setup.create.description")}</CardDescription>
            </CardHeader>
            <CardContent>
              <form onSubmit={onSubmit} onFocus={churchContract.preload} noValidate className="grid gap-4">
                <div className="grid gap-1.5">
                  <Label htmlFor="church-name">{t("setup.name")}</Label>
                  <Input
                    id="church-name"
                    placeholder={t("setup.name.placeholder")}
                    autoComplete="organization"
                    disabled={pending}
                    {...form.register("name")}
                    onKeyDown={(e) => {
                      // A disabled submit button blocks implicit submission; Enter on a blank name still explains why.
                      if (e.key === "Enter" && !e.currentTarget.value.trim()) {
                        e.preventDefault();
                        onSubmit();
                      }
                    }}
                  />
                </div>
                <FormField
                  id="church-time-zone"
                  label={t("setup.timeZone")}
                  hint={t("setup.timeZone.hint")}
                  error={errors.timeZone?.message}
                >
                  <Controller
                    control={form.control}
                    name="timeZone"
                    render={({ field }) => (
                      <TimeZoneSelect
                        id="church-time-zone"
                        value={field.value ?? "UTC"}
                        onChange={field.onChange}
                        disabled={pending}
                        invalid={!!errors.timeZone}
                        describedBy={errors.timeZone ? "church-time-zone-error" : "church-time-zone-hint"}
                      />
                    )}
                  />
                </FormField>
                <FormField
                  id="church-slug"
                  label={t("setup.slug")}
                  hint={
                    <>
                      {t("setup.slug.hint")}{" "}
                      <span className="break-words font-medium text-foreground">
                        {window.location.origin}
                        {publicPagePath(slug || "…")}
                      </span>
                    </>
                  }
                  error={errors.slug?.message}
                >
                  <div className="flex min-w-0 items-center gap-2">
                    <span className="shrink-0 text-sm text-muted-foreground" aria-hidden="true">
                      /c/
                    </span>
                    <Input
                      {...fieldAria("church-slug", errors.slug?.message, true)}
                      autoCapitalize="none"
                      autoCorrect="off"
                      spellCheck={false}
                      disabled={pending}
                      {...form.register("slug", { onChange: () => setIsSlugEdited(true) })}
                    />
                  </div>
                </FormField>
                <Button type="submit" size="lg" disabled={pending || !name?.trim()}>
                  {pending ? t("setup.submitting") : t("setup.submit")}
                </Button>
              </form>
              <div className="mt-5 flex gap-3 rounded-xl border border-brand-border bg-brand-soft p-4">
                <ShieldCheck className="mt-0.5 size-5 shrink-0 text-brand-text" aria-hidden="true" />
                <div className="text-sm">
                  <p className="font-semibold text-foreground">{t("setup.leader.title")}</p>
                  <p className="mt-0.5 text-muted-foreground">{t("setup.leader.description")}</p>
                </div>
              </div>
            </CardContent>
          </Card>

          <Card className="md:col-span-2">
            <CardHeader>
              <CardTitle>{t("setup.next")}</CardTitle>
            </CardHeader>
            <CardContent>
              <ol className="grid gap-4">
                {NEXT_STEPS.map((step, i) => (
                  <li key={step} className="flex items-start gap-3 text-sm">
                    <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground">
                      {i + 1}
                    </span>
                    <span className="pt-0.5 text-foreground">{t(step)}</span>
                  </li>
                ))}
              </ol>
            </CardContent>
          </Card>
        </div>

        <p className="mt-8 text-center text-sm">
          <a
            href="/api/logout"
            onClick={(e) => {
              e.preventDefault();
              signOut();
            }}
            className="font-medium text-brand-text underline-offset-4 hover:underline"
          >
            {t("setup.haveInvitation")}
          </a>
        </p>
      </main>
    </div>
  );
}
