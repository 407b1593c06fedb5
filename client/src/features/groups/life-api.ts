import type {
  TGroupMeeting,
  TGroupMeetings,
  TMarkAttendanceBody,
  TMarkAttendanceResult,
  TMeetingAttendance,
} from "@common/group-meetings";
import type { TGroupPrayer, TGroupPrayerBody, TGroupPrayResult } from "@common/group-prayers";
import type { TGroupPost, TGroupPostBody } from "@common/groups";
import type { TServerFrame } from "@common/live";
import {
  type InfiniteData,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { apiGet, apiJson, apiRequest } from "@/lib/api-client";
import { AUTH_USER_KEY, USER_STATS_KEY } from "@/lib/query-keys";
import { openSocket } from "@/lib/socket";
import { GROUPS_KEY } from "./api";

/*
 * Inside a group (issue 27): its thread, prayer requests and meetings. Types only from @common: its
 * values would bring zod into the page's download. Every key starts with GROUPS_KEY, so joining or
 * leaving a group (which refreshes GROUPS_KEY) asks for these again too.
 */

const groupPath = (id: string, rest: string) => `/api/groups/${encodeURIComponent(id)}${rest}`;

/** Posts asked for at a time; the next page starts `before` the last one shown (keyset paging). */
export const GROUP_POSTS_LIMIT = 30;

export const groupPostsKey = (groupId: string) => [...GROUPS_KEY, "posts", groupId] as const;
export type TGroupPostPages = InfiniteData<TGroupPost[], string | null>;

/** A group's thread, newest first, a page at a time (`?limit=&before=`). */
export function useGroupPosts(groupId: string) {
  return useInfiniteQuery({
    queryKey: groupPostsKey(groupId),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<TGroupPost[]> => {
      const params = new URLSearchParams({ limit: String(GROUP_POSTS_LIMIT) });
      if (pageParam) params.set("before", pageParam);
      return (await apiGet(groupPath(groupId, `/posts?${params}`), signal)).json();
    },
    // A short page is the last one; a full one may have more behind it.
    getNextPageParam: (last) => (last.length >= GROUP_POSTS_LIMIT ? (last.at(-1)?.id ?? null) : null),
  });
}

/** Adds a post at the top of the newest page, once (the sender gets it from the POST and the socket). */
export function addPost(data: TGroupPostPages | undefined, post: TGroupPost): TGroupPostPages | undefined {
  if (!data || data.pages.some((page) => page.some((p) => p.id === post.id))) return data;
  const [first = [], ...rest] = data.pages;
  return { ...data, pages: [[post, ...first], ...rest] };
}

/** Takes a post (and the replies to it) off every loaded page. */
export function removePost(data: TGroupPostPages | undefined, id: string): TGroupPostPages | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => page.filter((p) => p.id !== id && p.parentId !== id)) };
}

/** Every loaded post once, newest first (a refetch may repeat one at a page's edge). */
export function flattenPosts(data: InfiniteData<TGroupPost[], unknown> | undefined): TGroupPost[] {
  const seen = new Set<string>();
  const posts: TGroupPost[] = [];
  for (const page of data?.pages ?? [])
    for (const post of page) {
      if (seen.has(post.id)) continue;
      seen.add(post.id);
      posts.push(post);
    }
  return posts;
}

/** `POST /api/groups/{id}/posts {message, parentId?}`: the post shows at once, before the socket's copy. */
export function useCreateGroupPost(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TGroupPostBody) => apiJson<TGroupPost>("POST", groupPath(groupId, "/posts"), body),
    onSuccess: (post) =>
      queryClient.setQueryData<TGroupPostPages>(groupPostsKey(groupId), (data) => addPost(data, post)),
  });
}

/** `DELETE /api/groups/{id}/posts/{postId}`: by its author, the group's leaders and admins. */
export function useRemoveGroupPost(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => apiRequest("DELETE", groupPath(groupId, `/posts/${encodeURIComponent(postId)}`)),
    onSuccess: (_res, postId) =>
      queryClient.setQueryData<TGroupPostPages>(groupPostsKey(groupId), (data) => removePost(data, postId)),
  });
}

/** What a frame from `/ws` changes for the page showing `groupId`'s thread. */
export function applyGroupFrame(
  queryClient: QueryClient,
  groupId: string,
  frame: TServerFrame,
  { isRejoin }: { isRejoin: boolean },
): void {
  const key = groupPostsKey(groupId);
  switch (frame.type) {
    case "group_joined":
      // Back after a drop: what was said meanwhile came to nobody on this page.
      if (frame.groupId === groupId && isRejoin) void queryClient.invalidateQueries({ queryKey: key });
      return;
    case "group_post":
      if (frame.groupId === groupId) queryClient.setQueryData<TGroupPostPages>(key, (d) => addPost(d, frame.post));
      return;
    case "group_post_hidden":
      if (frame.groupId === groupId) queryClient.setQueryData<TGroupPostPages>(key, (d) => removePost(d, frame.id));
      return;
    case "group_resync":
      if (frame.groupId === groupId) void queryClient.invalidateQueries({ queryKey: key });
      return;
    case "group_left":
      // Left or removed: the group's page asks again who the caller is in it (and the thread closes).
      if (frame.groupId === groupId) void queryClient.invalidateQueries({ queryKey: GROUPS_KEY });
      return;
  }
}

/**
 * Keeps the page in the group's room over `/ws` while `enabled`: `join_group` on every (re)connect,
 * each frame applied to the query cache. `isLive` is true once the server has said "group_joined".
 */
export function useGroupSocket(groupId: string, enabled: boolean): { isLive: boolean } {
  const queryClient = useQueryClient();
  const [isLive, setLive] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let hasJoined = false;
    const socket = openSocket<TServerFrame>({
      onStatus: (status) => {
        if (status !== "connected") setLive(false);
      },
      onOpen: (send) => send({ type: "join_group", groupId }),
      onFrame: (frame) => {
        if (frame.type === "group_joined" && frame.groupId === groupId) {
          setLive(true);
          applyGroupFrame(queryClient, groupId, frame, { isRejoin: hasJoined });
          hasJoined = true;
          return;
        }
        if (frame.type === "group_left" && frame.groupId === groupId) setLive(false);
        applyGroupFrame(queryClient, groupId, frame, { isRejoin: false });
      },
    });
    return () => {
      socket.send({ type: "leave_group", groupId });
      socket.close();
      setLive(false);
    };
  }, [groupId, enabled, queryClient]);
  return { isLive };
}

/* Prayer requests shared with the group. */

/** Requests asked for at a time; the next page starts `before` the last one shown. */
export const GROUP_PRAYERS_LIMIT = 20;
export const groupPrayersKey = (groupId: string) => [...GROUPS_KEY, "prayers", groupId] as const;
type TGroupPrayerPages = InfiniteData<TGroupPrayer[], string | null>;

/** A group's prayer requests, newest first, a page at a time. */
export function useGroupPrayers(groupId: string) {
  return useInfiniteQuery({
    queryKey: groupPrayersKey(groupId),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<TGroupPrayer[]> => {
      const params = new URLSearchParams({ limit: String(GROUP_PRAYERS_LIMIT) });
      if (pageParam) params.set("before", pageParam);
      return (await apiGet(groupPath(groupId, `/prayers?${params}`), signal)).json();
    },
    getNextPageParam: (last) => (last.length >= GROUP_PRAYERS_LIMIT ? (last.at(-1)?.id ?? null) : null),
  });
}

function updatePrayer(queryClient: QueryClient, groupId: string, id: string, change: Partial<TGroupPrayer>) {
  queryClient.setQueryData<TGroupPrayerPages>(groupPrayersKey(groupId), (data) =>
    data
      ? { ...data, pages: data.pages.map((page) => page.map((r) => (r.id === id ? { ...r, ...change } : r))) }
      : data,
  );
}

/** `POST /api/groups/{id}/prayers`: shown at the top at once. */
export function useCreateGroupPrayer(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TGroupPrayerBody) => apiJson<TGroupPrayer>("POST", groupPath(groupId, "/prayers"), body),
    onSuccess: (prayer) =>
      queryClient.setQueryData<TGroupPrayerPages>(groupPrayersKey(groupId), (data) => {
        if (!data || data.pages.some((page) => page.some((r) => r.id === prayer.id))) return data;
        const [first = [], ...rest] = data.pages;
        return { ...data, pages: [[prayer, ...first], ...rest] };
      }),
  });
}

/** `POST /api/groups/{id}/prayers/{prayerId}/prayed`: once a day per person. */
export function usePrayForGroupPrayer(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiJson<TGroupPrayResult>("POST", groupPath(groupId, `/prayers/${encodeURIComponent(id)}/prayed`)),
    onSuccess: (result, id) =>
      updatePrayer(queryClient, groupId, id, { prayedCount: result.prayedCount, prayedToday: true }),
    onError: () => queryClient.invalidateQueries({ queryKey: groupPrayersKey(groupId) }),
  });
}

/** `PATCH /api/groups/{id}/prayers/{prayerId}/answered`: by its author. */
export function useMarkGroupPrayerAnswered(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiJson<TGroupPrayer>("PATCH", groupPath(groupId, `/prayers/${encodeURIComponent(id)}/answered`)),
    onSuccess: (prayer, id) => updatePrayer(queryClient, groupId, id, prayer),
  });
}

/* Meetings and attendance. */

export const groupMeetingsQuery = (groupId: string) =>
  queryOptions({
    queryKey: [...GROUPS_KEY, "meetings", groupId] as const,
    queryFn: ({ signal }) =>
      apiGet(groupPath(groupId, "/meetings"), signal).then((r) => r.json() as Promise<TGroupMeetings>),
    staleTime: 0,
  });

export const meetingAttendanceQuery = (groupId: string, startsAt: string) =>
  queryOptions({
    queryKey: [...GROUPS_KEY, "attendance", groupId, startsAt] as const,
    queryFn: ({ signal }) =>
      apiGet(groupPath(groupId, `/meetings/attendance?${new URLSearchParams({ startsAt })}`), signal).then(
        (r) => r.json() as Promise<TMeetingAttendance>,
      ),
    staleTime: 0,
  });

export const useGroupMeetings = (groupId: string) => useQuery(groupMeetingsQuery(groupId));
export const useMeetingAttendance = (groupId: string, startsAt: string | null) =>
  useQuery({ ...meetingAttendanceQuery(groupId, startsAt ?? ""), enabled: startsAt !== null });

/**
 * `PUT /api/groups/{id}/meetings/attendance`: one tap marks one person. The roll changes at once (and
 * back on failure); the meetings' counts, and the member's points when it paid, refresh after.
 */
export function useMarkAttendance(groupId: string) {
  const queryClient = useQueryClient();
  const rollKey = (startsAt: string) => meetingAttendanceQuery(groupId, startsAt).queryKey;
  const setMark = (body: TMarkAttendanceBody, present: boolean | null) =>
    queryClient.setQueryData<TMeetingAttendance>(rollKey(body.startsAt), (roll) =>
      roll ? { ...roll, people: roll.people.map((p) => (p.userId === body.userId ? { ...p, present } : p)) } : roll,
    );
  return useMutation({
    mutationFn: (body: TMarkAttendanceBody) =>
      apiJson<TMarkAttendanceResult>("PUT", groupPath(groupId, "/meetings/attendance"), body),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: rollKey(body.startsAt) });
      const before = queryClient
        .getQueryData<TMeetingAttendance>(rollKey(body.startsAt))
        ?.people.find((p) => p.userId === body.userId)?.present;
      setMark(body, body.present);
      return { before: before ?? null };
    },
    onError: (_error, body, context) => setMark(body, context?.before ?? null),
    onSuccess: (result) => {
      const refreshes = [queryClient.invalidateQueries({ queryKey: groupMeetingsQuery(groupId).queryKey })];
      // The leader marked themselves present: their points changed.
      if (result.pointsAwarded > 0)
        refreshes.push(
          queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY }),
          queryClient.invalidateQueries({ queryKey: USER_STATS_KEY }),
        );
      return Promise.all(refreshes);
    },
  });
}

/** `POST /api/groups/{id}/meetings` (leaders and admins): a meeting added one by one. */
export function useAddMeeting(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { startsAt: string; note?: string | null }) =>
      apiJson<TGroupMeeting>("POST", groupPath(groupId, "/meetings"), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupMeetingsQuery(groupId).queryKey }),
  });
}
