import type { TAnnouncement, TAnnouncementBody, TAnnouncementPatch } from "@common/announcements";
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiJson } from "@/lib/api-client";

/* Types only from @common/announcements: its values would bring zod into the page's download. */

/** Every announcements query starts with this key, so one invalidation refreshes the lists and pages. */
export const ANNOUNCEMENTS_KEY = ["/api/announcements"] as const;
const LIST_KEY = [...ANNOUNCEMENTS_KEY, "list"] as const;
/** The bell's key (features/notifications): opening an announcement marks its notification read. */
const NOTIFICATIONS_KEY = ["/api/notifications"] as const;
/** Announcements asked for at a time; a shorter page is the last. */
export const ANNOUNCEMENT_PAGE_LIMIT = 20;

export type TAnnouncementPages = InfiniteData<TAnnouncement[], string | null>;

const json = <T>(res: Response) => res.json() as Promise<T>;
const onePath = (id: string) => `/api/announcements/${encodeURIComponent(id)}`;

/** `GET /api/announcements/{id}` asks with the announcement's own id: never another path. */
export const isAnnouncementId = (id: string) => /^[0-9a-f-]{36}$/i.test(id);

/**
 * `GET /api/announcements?limit=&before=`, newest first, a page at a time: a member's are those sent
 * to them; an admin's every one of the church (drafts and scheduled too) with its counts.
 */
export function useAnnouncements() {
  return useInfiniteQuery({
    queryKey: LIST_KEY,
    initialPageParam: null as string | null,
    staleTime: 0,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(ANNOUNCEMENT_PAGE_LIMIT) });
      if (pageParam) params.set("before", pageParam);
      return apiGet(`/api/announcements?${params}`, signal).then(json<TAnnouncement[]>);
    },
    getNextPageParam: (last) => (last.length >= ANNOUNCEMENT_PAGE_LIMIT ? (last.at(-1)?.id ?? null) : null),
  });
}

/**
 * `GET /api/announcements/{id}`: the server marks it (and its notification) read for a recipient, so
 * the bell's count and the list's New follow once it has answered.
 */
export function useAnnouncement(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...ANNOUNCEMENTS_KEY, "one", id] as const,
    enabled: isAnnouncementId(id),
    staleTime: 0,
    queryFn: async ({ signal }) => {
      const announcement = await apiGet(onePath(id), signal).then(json<TAnnouncement>);
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
      queryClient.setQueryData<TAnnouncementPages>(LIST_KEY, (pages) =>
        pages
          ? { ...pages, pages: pages.pages.map((p) => p.map((a) => (a.id === id ? { ...a, isRead: true } : a))) }
          : pages,
      );
      return announcement;
    },
  });
}

/** After a change: the lists and pages again, and the bell (a "send now" may reach the author too). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ANNOUNCEMENTS_KEY }),
      queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
    ]);
}

/** `POST /api/announcements`: 201 with the announcement (draft, scheduled or sent). */
export function useCreateAnnouncement() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: TAnnouncementBody) => apiJson<TAnnouncement>("POST", "/api/announcements", body),
    onSuccess: refresh,
  });
}

/** `PATCH /api/announcements/{id}`: a draft or scheduled one changed (409 once it is sending or sent). */
export function useUpdateAnnouncement() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TAnnouncementPatch }) =>
      apiJson<TAnnouncement>("PATCH", onePath(id), body),
    onSuccess: refresh,
  });
}

/** `DELETE /api/announcements/{id}`: cancelled before it is sent (409 after). */
export function useCancelAnnouncement() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => apiJson<unknown>("DELETE", onePath(id)),
    onSettled: refresh,
  });
}

/** One line of a link's pick list: what it opens and its name. */
export type TLinkChoice = { id: string; label: string; when?: string };

/**
 * The short lists the composer offers for a link: the latest sermons, the upcoming events, the
 * church's groups (a page each, fetched when that kind of link is chosen).
 */
export const LINK_SOURCES = {
  sermons: {
    url: "/api/sermons?limit=20",
    pick: (rows: Array<{ id: string; title: string; date?: string }>): TLinkChoice[] =>
      rows.map((s) => ({ id: s.id, label: s.title, when: s.date })),
  },
  events: {
    url: "/api/events?upcoming=true&limit=20",
    pick: (rows: Array<{ id: string; title: string; startTime?: string }>): TLinkChoice[] => {
      // A repeating event comes once per date: one line per event.
      const seen = new Set<string>();
      return rows.flatMap((e) => {
        if (seen.has(e.id)) return [];
        seen.add(e.id);
        return [{ id: e.id, label: e.title, when: e.startTime }];
      });
    },
  },
  groups: {
    url: "/api/groups?limit=100",
    pick: (rows: Array<{ id: string; name: string }>): TLinkChoice[] => rows.map((g) => ({ id: g.id, label: g.name })),
  },
} as const;
export type TLinkKind = keyof typeof LINK_SOURCES;

export function useLinkChoices(kind: TLinkKind | null) {
  return useQuery({
    queryKey: [...ANNOUNCEMENTS_KEY, "link-choices", kind] as const,
    enabled: kind !== null,
    queryFn: async ({ signal }) => {
      if (!kind) return [];
      const source = LINK_SOURCES[kind];
      const rows = await apiGet(source.url, signal).then(json<never[]>);
      return source.pick(rows);
    },
  });
}

/** The church's groups, for an admin's audience (the same page as the link's list). */
export const useGroupChoices = (enabled: boolean) => useLinkChoices(enabled ? "groups" : null);

/** One group's name, for a leader's composer fixed to it (`GET /api/groups/{id}`). */
export function useGroupName(id: string | null) {
  return useQuery({
    queryKey: [...ANNOUNCEMENTS_KEY, "group", id] as const,
    enabled: !!id,
    queryFn: ({ signal }) =>
      apiGet(`/api/groups/${encodeURIComponent(id ?? "")}`, signal).then(
        json<{ id: string; name: string; membership: string | null }>,
      ),
  });
}
