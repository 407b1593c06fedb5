import { CalendarDays, Copy, Podcast } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { useFeeds } from "../api";

const FEEDS = {
  podcast: {
    icon: Podcast,
    label: "Podcast feed",
    description: "Members can follow your sermons in any podcast app. Sermons with an audio link appear in it.",
    copied: "The podcast feed address is on your clipboard.",
  },
  calendar: {
    icon: CalendarDays,
    label: "Calendar feed",
    description: "Members can subscribe in Google Calendar, Apple Calendar or Outlook to see every event.",
    copied: "The calendar feed address is on your clipboard.",
  },
} as const;

async function copyFeed(url: string, copied: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: "Link Copied", description: copied });
  } catch {
    toast({
      title: "Failed to Copy",
      description: "Could not copy the feed link. Please try again.",
      variant: "destructive",
    });
  }
}

/** The church's public feed address (podcast on Manage Sermons, calendar on Manage Events). */
export function ShareFeedsCard({ kind }: { kind: keyof typeof FEEDS }) {
  const feeds = useFeeds();
  const { icon: Icon, label, description, copied } = FEEDS[kind];
  const url = kind === "podcast" ? feeds.data?.podcastUrl : feeds.data?.calendarUrl;
  const id = `feed-${kind}`;
  if (feeds.isError) return null;
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon className="size-4 text-brand-text" aria-hidden="true" />
          Share feeds
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-1.5">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {url ? (
          <div className="flex gap-2">
            <Input id={id} readOnly value={url} onFocus={(e) => e.currentTarget.select()} className="font-mono" />
            <Button
              variant="outline"
              onClick={() => copyFeed(url, copied)}
              aria-label={`Copy ${label.toLowerCase()} link`}
            >
              <Copy aria-hidden="true" />
              <span className="hidden sm:inline">Copy</span>
            </Button>
          </div>
        ) : (
          <Skeleton className="h-10" />
        )}
      </CardContent>
    </Card>
  );
}
