import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { ADMIN_STATS_KEY } from "@/lib/query-keys";
import { jsonResponse, mockFetch } from "@/test/render";
import { useCreateGroup, useUpdateGroup } from "./api";
import { myGroupsQuery } from "./my-groups-api";
import { GROUP_ID, makeGroup } from "./test-fixtures";

const MEMBERS = ["/api/admin/members"] as const;

function withClient() {
  const client = createQueryClient();
  for (const key of [MEMBERS, ADMIN_STATS_KEY, myGroupsQuery().queryKey]) client.setQueryData(key, []);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const isStale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
  return { client, wrapper, isStale };
}

describe("what a change to a group asks again (issue 27, dashboards)", () => {
  it("a group created or its leaders changed: Manage Members' list (its Group Leaders), the stats and My groups", async () => {
    mockFetch({
      "POST /api/groups": () => jsonResponse(makeGroup(), 201),
      [`PATCH /api/groups/${GROUP_ID}`]: () => jsonResponse(makeGroup()),
    });
    const body = {
      name: "Study",
      kind: "bible_study",
      joinPolicy: "open",
      visibility: "listed",
      leaderIds: [],
    } as const;
    const created = withClient();
    const create = renderHook(() => useCreateGroup(), { wrapper: created.wrapper });
    expect(created.isStale(MEMBERS)).toBe(false);
    await act(() => create.result.current.mutateAsync({ ...body, leaderIds: [] }));
    const updated = withClient();
    const update = renderHook(() => useUpdateGroup(GROUP_ID), { wrapper: updated.wrapper });
    await act(() => update.result.current.mutateAsync({ leaderIds: [] }));
    for (const { isStale } of [created, updated])
      expect([isStale(MEMBERS), isStale(ADMIN_STATS_KEY), isStale(myGroupsQuery().queryKey)]).toEqual([
        true,
        true,
        true,
      ]);
  });
});
