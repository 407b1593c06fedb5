import type { TUnsubscribeResult } from "@common/notification-channels";
import { CircleCheck, MailX, TriangleAlert } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, useSearch } from "wouter";
import { AuthLayout } from "@/components/auth-layout";
import { FormAlert } from "@/components/form-alert";
import { LoadError } from "@/components/load-error";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { getServerMessage, getStatus } from "@/lib/api-client";
import { Rich, useT } from "@/lib/i18n";
import { useDocumentTitle } from "@/lib/use-document-title";
import { readUnsubscribeLink, useUnsubscribe, useUnsubscribeInfo } from "../api";
import { unsubscribeCatalog } from "../i18n";

function Heading({ icon, title, children }: { icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-col items-center text-center">
      <span className="mb-3 flex size-12 items-center justify-center rounded-full bg-brand-soft text-brand-text">
        {icon}
      </span>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      {children && <p className="mt-1 text-muted-foreground">{children}</p>}
    </div>
  );
}

/** "You can change this in your notification settings" (the page asks a signed-out visitor to sign in). */
function SettingsLine() {
  return (
    <p className="text-sm text-muted-foreground">
      <Rich
        catalog={unsubscribeCatalog}
        k="settings"
        components={{ 0: <Link href="/notifications/settings" className="font-medium text-brand-text underline" /> }}
      />
    </p>
  );
}

/** What the link turns off, in words: one kind's e-mails or the weekly digest, from the church. */
function useWhat() {
  const t = useT(unsubscribeCatalog);
  return (info: TUnsubscribeResult) =>
    info.churchName
      ? t("what", { topic: info.topic, church: info.churchName })
      : t("whatNoChurch", { topic: info.topic });
}

function Broken() {
  const t = useT(unsubscribeCatalog);
  return (
    <>
      <Heading icon={<TriangleAlert className="size-6" aria-hidden="true" />} title={t("broken.title")} />
      <Card className="grid gap-4 p-5 sm:p-6">
        <FormAlert message={t("broken.text")} />
        <SettingsLine />
      </Card>
    </>
  );
}

function Confirm({ query, info, onDone }: { query: string; info: TUnsubscribeResult; onDone: () => void }) {
  const t = useT(unsubscribeCatalog);
  const what = useWhat();
  const unsubscribe = useUnsubscribe(query);
  const failed = unsubscribe.isError ? (getServerMessage(unsubscribe.error) ?? t("failed")) : null;
  return (
    <>
      <Heading icon={<MailX className="size-6" aria-hidden="true" />} title={t("title")}>
        {t("lead")}
      </Heading>
      <Card className="grid gap-4 p-5 sm:p-6">
        <p className="text-center text-lg font-semibold [overflow-wrap:anywhere]">{what(info)}</p>
        <FormAlert message={failed} />
        <Button
          size="lg"
          onClick={() => unsubscribe.mutate(undefined, { onSuccess: onDone })}
          disabled={unsubscribe.isPending}
        >
          {unsubscribe.isPending ? t("pending") : t("action")}
        </Button>
        <SettingsLine />
      </Card>
    </>
  );
}

function Done({ info, wasOff }: { info: TUnsubscribeResult; wasOff: boolean }) {
  const t = useT(unsubscribeCatalog);
  const what = useWhat();
  return (
    <>
      <Heading
        icon={<CircleCheck className="size-6" aria-hidden="true" />}
        title={wasOff ? t("already.title") : t("done.title")}
      />
      <Card className="grid gap-3 p-5 sm:p-6" role="status">
        <p className="font-semibold [overflow-wrap:anywhere]">{what(info)}</p>
        <p className="text-sm">{wasOff ? t("already.text") : t("done.text")}</p>
        <SettingsLine />
      </Card>
    </>
  );
}

/**
 * Issue 29 `/unsubscribe?u=&t=&s=`: the page an e-mail's unsubscribe link opens, signed in or not.
 * It says what the link turns off (one kind's e-mails, or the weekly digest) and turns it off with
 * one button; a link that is broken or not ours says so.
 */
export function UnsubscribePage() {
  const t = useT(unsubscribeCatalog);
  useDocumentTitle(t("title"));
  const query = readUnsubscribeLink(useSearch());
  const info = useUnsubscribeInfo(query);
  // Off because of the button here ("Done"), or off already when the page opened ("Already off").
  const [isJustDone, setJustDone] = useState(false);
  const status = getStatus(info.error);
  let content: ReactNode;
  if (!query || status === 400 || status === 404) content = <Broken />;
  else if (info.isLoading) {
    content = (
      <Card className="grid gap-4 p-6" role="status" aria-label={t("loading")}>
        <Skeleton className="mx-auto h-6 w-3/4" />
        <Skeleton className="h-11" />
      </Card>
    );
  } else if (!info.data) {
    content = <LoadError card what={t("loadWhat")} onRetry={() => info.refetch()} className="p-6 text-center" />;
  } else if (info.data.off) {
    content = <Done info={info.data} wasOff={!isJustDone} />;
  } else content = <Confirm query={query} info={info.data} onDone={() => setJustDone(true)} />;
  return <AuthLayout>{content}</AuthLayout>;
}
