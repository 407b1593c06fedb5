import { describe, expect, it } from "vitest";
import { jsonResponse, mockFetch } from "@/test/render";
import { fetchAllPages, nextPageLink } from "./next-page";

describe("next-page", () => {
  it("reads the next page from an RFC 8288 Link header", () => {
    const res = jsonResponse([]);
    expect(nextPageLink(res)).toBeNull();
    res.headers.set("Link", '</api/admin/members?limit=2&after=abc>; rel="next"');
    expect(nextPageLink(res)).toBe("/api/admin/members?limit=2&after=abc");
  });

  it("fetchAllPages follows the links to the last page, in order", async () => {
    const page = (body: unknown, next?: string) => () => {
      const res = jsonResponse(body);
      if (next) res.headers.set("Link", `<${next}>; rel="next"`);
      return res;
    };
    const fetchMock = mockFetch({
      "/api/list": page([1, 2], "/api/list?after=b"),
      "/api/list?after=b": page([3, 4], "/api/list?after=d"),
      "/api/list?after=d": page([5]),
    });
    expect(await fetchAllPages<number>("/api/list")).toEqual([1, 2, 3, 4, 5]);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
