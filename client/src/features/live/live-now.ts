import type { TLiveEvent } from "@common/live";
import { useQuery } from "@tanstack/react-query";
import { LIVE_EVENT_KEY } from "./live-cache";

/** While live, how often the shell asks whether the stream still is: the live page's own idle rate, never faster. */
export const LIVE_NOW_POLL_MS = 30_000;

/**
 * Whether the church is live now, for the shell's "Live" sign (issue 24). It reads the live page's
 * own answer (`GET /api/events/live`, one cache entry: the live page's socket keeps it current),
 * asked once when the shell loads and, while live, every 30 s to notice the end. A stream that
 * starts later is noticed when its `live_started` notification arrives (the shell passes
 * `refreshKey`: the bell's poll or socket frame brings it), so no new poll runs while nothing is live.
 * A small module of its own: the shell does not download the live page's code for it.
 */
export function useIsLiveNow(): boolean {
  const live = useQuery<TLiveEvent | null>({
    queryKey: LIVE_EVENT_KEY,
    refetchInterval: (query) => (query.state.data ? LIVE_NOW_POLL_MS : false),
  });
  return !!live.data;
}
