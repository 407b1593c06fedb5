import { ArrowRight, Award, HeartHandshake, TrendingUp } from "lucide-react";
import { BrandMark } from "@/components/brand-mark";
import { Button } from "@/components/ui/button";
import { goToPage } from "@/lib/full-page";

const FEATURES = [
  {
    icon: HeartHandshake,
    title: "Community Engagement",
    text: "Sermons, events, prayer requests and a live stream with chat keep your whole church connected through the week.",
  },
  {
    icon: TrendingUp,
    title: "Spiritual Growth Tracking",
    text: "Daily Bible reading, sermon engagement and a weekly action step help every member grow at their own pace.",
  },
  {
    icon: Award,
    title: "Achievement System",
    text: "Points and badges celebrate consistent practices and participation, from reading streaks to prayer partnerships.",
  },
];

const signIn = () => goToPage("/api/login");

/** Spec 1 screen 1: the signed-out landing page. */
export function LandingPage() {
  return (
    <div className="min-h-dvh bg-gradient-to-b from-brand-soft via-background to-background">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-4 py-5 sm:px-6">
        <div className="flex items-center gap-2.5">
          <BrandMark />
          <span className="text-lg font-semibold tracking-tight">Fellowship</span>
        </div>
        <Button variant="ghost" onClick={signIn}>
          Sign In
        </Button>
      </header>

      <main id="main-content" tabIndex={-1} className="outline-none">
        <section className="mx-auto max-w-3xl px-4 pt-12 pb-16 text-center sm:px-6 sm:pt-20">
          <p className="mb-4 inline-flex rounded-full border border-brand-border bg-card px-3 py-1 text-xs font-medium text-brand-text">
            A home online for your church family
          </p>
          <h1 className="text-4xl font-bold tracking-tight text-balance text-foreground sm:text-6xl">
            Grow Together in Faith
          </h1>
          <p className="mx-auto mt-5 max-w-xl text-lg text-muted-foreground">
            Fellowship brings your congregation together around sermons, events, prayer and a shared journey of
            spiritual growth, on every phone and computer.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button size="lg" onClick={signIn}>
              Get Started
              <ArrowRight className="rtl:-scale-x-100" aria-hidden="true" />
            </Button>
          </div>
        </section>

        <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
          <h2 id="features-heading" className="sr-only">
            Features
          </h2>
          <div className="grid gap-4 md:grid-cols-3 md:gap-6">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <article key={title} className="rounded-2xl border border-border bg-card p-6 shadow-xs">
                <span className="flex size-11 items-center justify-center rounded-xl bg-brand-soft text-brand-text">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
              </article>
            ))}
          </div>
        </section>

        <section className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
          <div className="rounded-3xl bg-primary px-6 py-10 text-center text-primary-foreground sm:px-12">
            <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">Ready to begin?</h2>
            <p className="mx-auto mt-2 max-w-lg">
              Church leaders set up their church in a minute. Members join through an invitation from their church.
            </p>
            <Button
              size="lg"
              variant="outline"
              className="mt-6 border-transparent bg-white text-stone-900 hover:bg-stone-100"
              onClick={signIn}
            >
              Start Your Journey
            </Button>
          </div>
        </section>
      </main>

      <footer className="border-t border-border py-6 text-center text-sm text-muted-foreground">
        Fellowship: church community, sermons and growth in one place.
      </footer>
    </div>
  );
}
