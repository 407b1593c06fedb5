import { ArrowRight, Award, HeartHandshake, TrendingUp } from "lucide-react";
import { BrandMark } from "@/components/brand-mark";
import { Button } from "@/components/ui/button";
import { goToPage } from "@/lib/full-page";
import { useT } from "@/lib/i18n";
import { VisitorLanguageSelect } from "../components/visitor-language-select";
import { landingCatalog } from "../landing-i18n";

const FEATURES = [
  { icon: HeartHandshake, key: "community" },
  { icon: TrendingUp, key: "growth" },
  { icon: Award, key: "achievements" },
] as const;

const signIn = () => goToPage("/api/login");

/** Spec 1 screen 1: the signed-out landing page. */
export function LandingPage() {
  const t = useT(landingCatalog);
  return (
    <div className="min-h-dvh bg-gradient-to-b from-brand-soft via-background to-background">
      <header className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-5 sm:px-6">
        <div className="flex items-center gap-2.5">
          <BrandMark />
          <span className="text-lg font-semibold tracking-tight">Fellowship</span>
        </div>
        <div className="ms-auto flex items-center gap-2">
          <VisitorLanguageSelect className="w-28 sm:w-48" />
          <Button variant="ghost" onClick={signIn}>
            {t("header.signIn")}
          </Button>
        </div>
      </header>

      <main id="main-content" tabIndex={-1} className="outline-none">
        <section className="mx-auto max-w-3xl px-4 pt-12 pb-16 text-center sm:px-6 sm:pt-20">
          <p className="mb-4 inline-flex rounded-full border border-brand-border bg-card px-3 py-1 text-xs font-medium text-brand-text">
            {t("hero.tagline")}
          </p>
          <h1 className="text-4xl font-bold tracking-tight text-balance text-foreground sm:text-6xl">
            {t("hero.title")}
          </h1>
          <p className="mx-auto mt-5 max-w-xl text-lg text-muted-foreground">{t("hero.text")}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button size="lg" onClick={signIn}>
              {t("hero.getStarted")}
              <ArrowRight className="rtl:-scale-x-100" aria-hidden="true" />
            </Button>
          </div>
        </section>

        <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
          <h2 id="features-heading" className="sr-only">
            {t("features.heading")}
          </h2>
          <div className="grid gap-4 md:grid-cols-3 md:gap-6">
            {FEATURES.map(({ icon: Icon, key }) => (
              <article key={key} className="rounded-2xl border border-border bg-card p-6 shadow-xs">
                <span className="flex size-11 items-center justify-center rounded-xl bg-brand-soft text-brand-text">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <h3 className="mt-4 text-lg font-semibold">{t(`features.${key}.title`)}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{t(`features.${key}.text`)}</p>
              </article>
            ))}
          </div>
        </section>

        <section className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
          <div className="rounded-3xl bg-primary px-6 py-10 text-center text-primary-foreground sm:px-12">
            <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("ready.title")}</h2>
            <p className="mx-auto mt-2 max-w-lg">{t("ready.text")}</p>
            <Button
              size="lg"
              variant="outline"
              className="mt-6 border-transparent bg-white text-stone-900 hover:bg-stone-100"
              onClick={signIn}
            >
              {t("ready.start")}
            </Button>
          </div>
        </section>
      </main>

      <footer className="border-t border-border py-6 text-center text-sm text-muted-foreground">{t("footer")}</footer>
    </div>
  );
}
