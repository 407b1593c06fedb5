import { afterEach, describe, expect, it, vi } from "vitest";
import { flushAnalytics, readAnalyticsBatches } from "./analytics";
import { ApiError, apiJson, apiRequest, getServerMessage, isUnauthorizedError } from "./api-client";
import { activateLanguage } from "./i18n";

function stubFetch(response: Response) {
  const fn = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response);
  vi.stubGlobal("fetch", fn);
  return fn;
}

describe("apiRequest", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends credentials and the language on screen, and a JSON body with content-type only when a body is given", async () => {
    const fetchMock = stubFetch(new Response("{}", { status: 200 }));
    await apiRequest("POST", "/api/churches", { name: "Grace" });
    expect(fetchMock).toHaveBeenCalledWith("/api/churches", {
      method: "POST",
      credentials: "include",
      headers: { "Accept-Language": "en", "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Grace" }),
    });

    await activateLanguage("ko");
    await apiRequest("DELETE", "/api/invitations/1");
    await activateLanguage("en");
    const init = fetchMock.mock.calls[1][1];
    expect(init?.headers).toEqual({ "Accept-Language": "ko" });
    expect(init?.body).toBeUndefined();
    expect(init?.credentials).toBe("include");
  });

  it("turns a non-OK response into 'status: text' and exposes the server message", async () => {
    stubFetch(new Response(JSON.stringify({ message: "A church must keep at least one admin" }), { status: 409 }));
    const error = await apiRequest("PATCH", "/api/admin/members/2", { role: "CONGREGANT" }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('409: {"message":"A church must keep at least one admin"}');
    expect(error.status).toBe(409);
    expect(getServerMessage(error)).toBe("A church must keep at least one admin");
  });

  it("falls back to the status text when the body is empty", async () => {
    stubFetch(new Response(null, { status: 503, statusText: "Service Unavailable" }));
    const error = await apiRequest("GET", "/api/x").catch((e) => e);
    expect(error.message).toBe("503: Service Unavailable");
    expect(getServerMessage(error)).toBeNull();
  });

  it("reports failed requests to analytics with context 'API {method} {path}'", async () => {
    stubFetch(new Response("nope", { status: 500 }));
    await apiRequest("POST", "/api/invitations", { email: "a@b.c" }).catch(() => undefined);
    flushAnalytics();
    const events = readAnalyticsBatches().flatMap((b) => b.events);
    expect(events.at(-1)).toMatchObject({
      event: "error",
      properties: { context: "API POST /api/invitations", message: "500: nope" },
    });
  });

  it("apiJson reads JSON and tolerates an empty 204", async () => {
    stubFetch(new Response(JSON.stringify({ id: "c1" }), { status: 201 }));
    await expect(apiJson("POST", "/api/churches", { name: "G" })).resolves.toEqual({ id: "c1" });
    stubFetch(new Response(null, { status: 204 }));
    await expect(apiJson("DELETE", "/api/invitations/1")).resolves.toBeUndefined();
  });
});

describe("isUnauthorizedError", () => {
  it("matches the spec's /^401: .*Unauthorized/ and any other 401", () => {
    expect(isUnauthorizedError(new Error("401: Unauthorized"))).toBe(true);
    expect(isUnauthorizedError(new Error('401: {"message":"Sign in first"}'))).toBe(true);
    expect(isUnauthorizedError(new ApiError(401, "Unauthorized", ""))).toBe(true);
    expect(isUnauthorizedError(new Error("403: Forbidden"))).toBe(false);
    expect(isUnauthorizedError("401: Unauthorized")).toBe(false);
  });
});
