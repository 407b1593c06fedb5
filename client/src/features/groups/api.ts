import type { TDirectoryEntry } from "@common/directory";
import type {
  TCreateGroupBody,
  TGroup,
  TGroupJoinRequest,
  TGroupKind,
  TGroupMember,
  TJoinGroupResult,
  TUpdateGroupBody,
} from "@common/groups";
import type { TMember } from "@common/members";
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { apiGet, apiJson, apiRequest } from "@/lib/api-client";
import { fetchAllPages } from "@/lib/next-page";
import { ADMIN_STATS_KEY } from "@/lib/query-keys";

/* Types only from @common/groups: its values would bring zod into the page's download. */

export const GROUPS_KEY = ["/api/groups"] as const;
/** Groups asked for at a time: the server's GROUPS_PAGE_SIZE (a page shorter than this is the last). */
export const GROUPS_PAGE_LIMIT = 50;
/** The admin screens' member list (the same key as Manage Members, so one download serves both). */
const CHURCH_MEMBERS_KEY = ["/api/admin/members"] as const;

const groupPath = (id: string, rest = "") => `/api/groups/${encodeURIComponent(id)}${rest}`;

/** The /groups page's filters; each is sent only when set (`?q=&kind=&day=&hasSpace=true`). */
export type TGroupFilters = { q?: string; kind?: TGroupKind | null; day?: number | null; hasSpace?: boolean };

/** The query string of `GET /api/groups` for `filters` ("" when none is set). */
export function groupListSearch(filters: TGroupFilters): string {
  const search = groupListParams(filters).toString();
  return search ? `?${search}` : "";
}

function groupListParams(filters: TGroupFilters): URLSearchParams {
  const params = new URLSearchParams();
  const q = filters.q?.trim();
  if (q) params.set("q", q);
  if (filters.kind) params.set("kind", filters.kind);
  if (filters.day !== undefined && filters.day !== null) params.set("day", String(filters.day));
  if (filters.hasSpace) params.set("hasSpace", "true");
  return params;
}

/** The URL of one page of `GET /api/groups`: the filters, the page's size and the last group seen. */
export function groupListPageUrl(filters: TGroupFilters, after: string | null): string {
  const params = groupListParams(filters);
  params.set("limit", String(GROUPS_PAGE_LIMIT));
  if (after) params.set("after", after);
  return `/api/groups?${params}`;
}

const json = <T>(res: Response) => res.json() as Promise<T>;

/**
 * `GET /api/groups` with the page's filters, a page at a time by name (listed groups and the caller's
 * own; admins: all). The next page starts `after` the last group shown; a short page is the end.
 */
export const groupsQuery = (filters: TGroupFilters = {}) =>
  infiniteQueryOptions({
    queryKey: [...GROUPS_KEY, "list", groupListSearch(filters)] as const,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => apiGet(groupListPageUrl(filters, pageParam), signal).then(json<TGroup[]>),
    getNextPageParam: (last) => (last.length >= GROUPS_PAGE_LIMIT ? (last.at(-1)?.id ?? null) : null),
    // Others join and leave while the member is elsewhere: counts are asked again on each visit.
    staleTime: 0,
  });

/** `GET /api/groups/{id}`: one group, with the caller's membership. */
export const groupQuery = (id: string) =>
  queryOptions({
    queryKey: [...GROUPS_KEY, "one", id] as const,
    queryFn: ({ signal }) => apiGet(groupPath(id), signal).then(json<TGroup>),
    staleTime: 0,
  });

/** `GET /api/groups/{id}/members`: the roster, each person with the fields they let the caller see. */
export const groupMembersQuery = (id: string) =>
  queryOptions({
    queryKey: [...GROUPS_KEY, "members", id] as const,
    queryFn: ({ signal }) => apiGet(groupPath(id, "/members"), signal).then(json<TGroupMember[]>),
    staleTime: 0,
  });

/** `GET /api/groups/{id}/requests` (its leaders and admins): requests waiting, as the server orders them. */
export const groupRequestsQuery = (id: string) =>
  queryOptions({
    queryKey: [...GROUPS_KEY, "requests", id] as const,
    queryFn: ({ signal }) => apiGet(groupPath(id, "/requests"), signal).then(json<TGroupJoinRequest[]>),
    staleTime: 0,
  });

/** People the "Add member" dialog offers at a time. */
export const MEMBER_PICK_LIMIT = 20;

/**
 * `GET /api/directory?q=&limit=`: church members found by name for the "Add member" dialog (leaders
 * who are not admins cannot read the admin's member list; the directory is every member's).
 */
export const memberPickQuery = (q: string) =>
  queryOptions({
    queryKey: ["/api/directory", "pick", q] as const,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ limit: String(MEMBER_PICK_LIMIT) });
      if (q) params.set("q", q);
      return apiGet(`/api/directory?${params}`, signal).then(json<TDirectoryEntry[]>);
    },
  });

/** The church's members (admins): whom the create dialog offers as leaders (every page of the list, issue 30). */
export const churchMembersQuery = () =>
  queryOptions<TMember[]>({
    queryKey: CHURCH_MEMBERS_KEY,
    queryFn: ({ signal }) => fetchAllPages<TMember>(CHURCH_MEMBERS_KEY[0], signal),
  });

export const useGroups = (filters: TGroupFilters) => useInfiniteQuery(groupsQuery(filters));
export const useGroup = (id: string) => useQuery(groupQuery(id));
export const useGroupMembers = (id: string, enabled: boolean) => useQuery({ ...groupMembersQuery(id), enabled });
export const useGroupRequests = (id: string, enabled: boolean) => useQuery({ ...groupRequestsQuery(id), enabled });
export const useChurchMembers = (enabled: boolean) => useQuery({ ...churchMembersQuery(), enabled });
export const useMemberPick = (q: string, enabled: boolean) => useQuery({ ...memberPickQuery(q), enabled });

/** Every group list, page, roster and request list asked again (a change shows everywhere). */
function useRefreshGroups() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: GROUPS_KEY }),
      queryClient.invalidateQueries({ queryKey: ADMIN_STATS_KEY }),
      // Leading a group makes a Church Member a Group Leader: Manage Members counts them from its list.
      queryClient.invalidateQueries({ queryKey: CHURCH_MEMBERS_KEY }),
    ]);
}

/** `POST /api/groups` (admins): 201 with the group. */
export function useCreateGroup() {
  const refresh = useRefreshGroups();
  return useMutation({
    mutationFn: (body: TCreateGroupBody) => apiJson<TGroup>("POST", "/api/groups", body),
    onSuccess: () => refresh(),
  });
}

/** `PATCH /api/groups/{id}` (admins, or a leader of that group). */
export function useUpdateGroup(id: string) {
  const refresh = useRefreshGroups();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateGroupBody) => apiJson<TGroup>("PATCH", groupPath(id), body),
    onSuccess: (group) => {
      if (group?.id) queryClient.setQueryData(groupQuery(id).queryKey, group);
      return refresh();
    },
  });
}

/** `DELETE /api/groups/{id}` (admins): the group is archived. */
export function useArchiveGroup(id: string) {
  const refresh = useRefreshGroups();
  return useMutation({
    mutationFn: () => apiRequest("DELETE", groupPath(id)),
    onSuccess: () => refresh(),
  });
}

/** `POST /api/groups/{id}/join`: a member at once (open) or a request waiting (by request). */
export function useJoinGroup() {
  const refresh = useRefreshGroups();
  return useMutation({
    mutationFn: (id: string) => apiJson<TJoinGroupResult>("POST", groupPath(id, "/join")),
    onSettled: () => refresh(),
  });
}

/** `POST /api/groups/{id}/leave`. */
export function useLeaveGroup() {
  const refresh = useRefreshGroups();
  return useMutation({
    mutationFn: (id: string) => apiRequest("POST", groupPath(id, "/leave")),
    onSettled: () => refresh(),
  });
}

/** `POST /api/groups/{id}/members {userId}` (its leaders and admins): someone added to the group. */
export function useAddGroupMember(groupId: string) {
  const refresh = useRefreshGroups();
  return useMutation({
    mutationFn: (userId: string) => apiJson<TGroupMember>("POST", groupPath(groupId, "/members"), { userId }),
    onSuccess: () => refresh(),
  });
}

/** `POST /api/groups/{id}/requests/{userId}/approve|decline {message?}`. */
export function useAnswerRequest(groupId: string) {
  const refresh = useRefreshGroups();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, decision, message }: { userId: string; decision: "approve" | "decline"; message: string }) =>
      apiRequest(
        "POST",
        groupPath(groupId, `/requests/${encodeURIComponent(userId)}/${decision}`),
        message.trim() ? { message: message.trim() } : {},
      ),
    onSuccess: (_res, { userId }) =>
      queryClient.setQueryData<TGroupJoinRequest[]>(groupRequestsQuery(groupId).queryKey, (list) =>
        list?.filter((r) => r.userId !== userId),
      ),
    onSettled: () => refresh(),
  });
}
