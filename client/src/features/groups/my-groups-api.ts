import type { TMyGroup } from "@common/group-meetings";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-client";
import { GROUPS_KEY } from "./api";

/*
 * The dashboard's "My groups" card (issue 27). A type only from @common/group-meetings (its values
 * would bring zod into the dashboard's download). Under GROUPS_KEY, so joining, leaving and answering
 * a request (which drop GROUPS_KEY) ask for it again.
 */

export const MY_GROUPS_URL = "/api/groups/mine";

/** `GET /api/groups/mine`: the caller's groups, next meeting and (leading) the requests waiting. */
export const myGroupsQuery = () =>
  queryOptions({
    queryKey: [...GROUPS_KEY, "mine"] as const,
    queryFn: ({ signal }) => apiGet(MY_GROUPS_URL, signal).then((res) => res.json() as Promise<TMyGroup[]>),
    // Requests arrive and meetings pass while the member is elsewhere: asked again on each visit.
    staleTime: 0,
  });

export const useMyGroups = () => useQuery(myGroupsQuery());
