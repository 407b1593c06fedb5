import type { TEvent } from "@common/events";
import type { THighlight } from "@common/highlights";
import type { TSermon } from "@common/sermons";

export function makeSermon(over: Partial<TSermon> = {}): TSermon {
  return {
    id: "s1",
    title: "Hope in the Storm",
    speaker: "Pastor Ruth",
    date: "2025-01-05T00:00:00.000Z",
    duration: 42,
    videoUrl: null,
    audioUrl: null,
    notesUrl: null,
    series: null,
    scripture: null,
    description: null,
    notes: null,
    tags: [],
    viewCount: 0,
    isWatched: false,
    isDraft: false,
    createdAt: "2025-01-05T00:00:00.000Z",
    thumbnailUrl: null,
    ...over,
    pastor: over.pastor ?? over.speaker ?? "Pastor Ruth",
  };
}

export function makeEvent(over: Partial<TEvent> = {}): TEvent {
  const startTime = over.startTime ?? new Date(Date.now() + 3 * 86_400_000).toISOString();
  return {
    id: "e1",
    title: "Sunday Service",
    description: "Worship together",
    location: "Main Hall",
    startTime,
    endTime: new Date(Date.now() + 3 * 86_400_000 + 90 * 60_000).toISOString(),
    streamUrl: null,
    rsvpCount: 0,
    isGoing: false,
    isCheckedIn: false,
    createdAt: "2025-01-01T00:00:00.000Z",
    occurrenceStart: startTime,
    recurrence: null,
    isService: false,
    ...over,
  };
}

export function makeHighlight(over: Partial<THighlight> = {}): THighlight {
  return {
    id: "h1",
    sermonId: "s1",
    timestamp: 75,
    text: "Peace be still",
    note: null,
    createdAt: "2025-01-06T00:00:00.000Z",
    isShared: false,
    shareCount: 0,
    isMine: true,
    userName: "Ann Lee",
    ...over,
  };
}
