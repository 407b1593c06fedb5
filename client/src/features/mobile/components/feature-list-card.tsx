import { BellRing, Home, type LucideIcon, RefreshCw, WifiOff, Zap } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

const FEATURES: Array<{ icon: LucideIcon; title: string; text: string }> = [
  {
    icon: Home,
    title: "Home screen app",
    text: "Open your church in one tap, full screen, like any other app on your phone.",
  },
  {
    icon: BellRing,
    title: "Push notifications",
    text: "Hear about new sermons, events, live streams and prayer requests as they happen.",
  },
  {
    icon: WifiOff,
    title: "Works offline",
    text: "The sermons and events you last opened stay readable without a connection.",
  },
  { icon: Zap, title: "Fast loading", text: "The app keeps its files on your device, so it starts quickly." },
  { icon: RefreshCw, title: "Always up to date", text: "New versions arrive by themselves; nothing to download." },
];

/** Spec 2 Mobile app settings: the feature description list. */
export function FeatureListCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>App Features</CardTitle>
        <CardDescription>What you get when you install the app.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-4 sm:grid-cols-2">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-3">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-brand-text">
                <Icon className="size-[18px]" aria-hidden="true" />
              </span>
              <span className="grid content-start gap-0.5">
                <span className="text-sm font-medium text-foreground">{title}</span>
                <span className="text-sm text-muted-foreground">{text}</span>
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
