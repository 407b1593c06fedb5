import { json, makePeople, randomKey, serveStandIn, type TStandIn, type TStandInPerson } from "./stand-in-server";

/**
 * A local Planning Center People API: `GET /people/v2/people` with `include=emails`, `per_page` (at
 * most 100) and `offset`, JSON:API answers with `links.next` and `meta`, HTTP Basic with a personal
 * access token (`applicationId:secret`), JSON:API errors (401, 404, 429 with `Retry-After`).
 *
 *   const pc = await startPlanningCenterStandIn({ people: 250 });
 *   // PLANNING_CENTER_API_URL=pc.url, key pc.key; pc.knobs.rateLimitNext = 1; pc.state.people[0].firstName = "Jo"
 */
export type TPlanningCenterState = { people: TStandInPerson[] };

export type TPlanningCenterOptions = {
  /** A number of generated people (distinct e-mails), or the people themselves. */
  people?: number | TStandInPerson[];
  /** Keys (`applicationId:secret`) it accepts; the first is `key`. A random one when not given. */
  keys?: string[];
};

const MAX_PER_PAGE = 100;
const errors = (status: number, title: string, detail: string) => ({
  errors: [{ status: String(status), title, detail }],
});

export async function startPlanningCenterStandIn(
  opts: TPlanningCenterOptions = {},
): Promise<TStandIn<TPlanningCenterState>> {
  const keys = opts.keys ?? [`${randomKey(32)}:${randomKey(64)}`];
  const state: TPlanningCenterState = {
    people: typeof opts.people === "number" ? makePeople(opts.people) : [...(opts.people ?? [])],
  };
  let origin = "";
  const standIn = await serveStandIn(state, keys[0], {
    refusal: () =>
      json(
        401,
        errors(
          401,
          "Unauthorized",
          "Please provide valid credentials: your application id and secret were not accepted.",
        ),
      ),
    tooMany: (seconds) =>
      json(
        429,
        errors(429, "Too Many Requests", "Rate limit exceeded: 101 of 100 requests per 20 seconds"),
        undefined,
        {
          "retry-after": String(seconds),
          "x-pco-api-request-rate-limit": "100",
          "x-pco-api-request-rate-period": "20",
        },
      ),
    isPage: (req) => req.path === "/people/v2/people" && req.query.get("include") === "emails",
    accepts: (basic) => basic !== null && keys.includes(basic),
    handle: (req) => {
      if (req.method !== "GET" || req.path !== "/people/v2/people")
        return json(404, errors(404, "Not Found", "The resource you requested could not be found"));
      const perPage = Math.min(Math.max(Number(req.query.get("per_page") ?? 25) || 25, 1), MAX_PER_PAGE);
      const offset = Math.max(Number(req.query.get("offset") ?? 0) || 0, 0);
      const withEmails = (req.query.get("include") ?? "").split(",").includes("emails");
      const slice = state.people.slice(offset, offset + perPage);
      const next = offset + perPage < state.people.length ? offset + perPage : null;
      const self = (o: number) =>
        `${origin}/people/v2/people?${withEmails ? "include=emails&" : ""}offset=${o}&per_page=${perPage}`;
      return json(200, {
        links: { self: self(offset), ...(next === null ? {} : { next: self(next) }) },
        data: slice.map((p) => ({
          type: "Person",
          id: p.id,
          attributes: {
            first_name: p.firstName,
            last_name: p.lastName,
            name: [p.firstName, p.lastName].filter(Boolean).join(" "),
            status: "active",
            updated_at: (p.modifiedAt ?? new Date()).toISOString(),
          },
          relationships: { emails: { data: p.email ? [{ type: "Email", id: `e${p.id}` }] : [] } },
          links: { self: `${origin}/people/v2/people/${p.id}` },
        })),
        included: withEmails
          ? slice
              .filter((p) => p.email)
              .map((p) => ({
                type: "Email",
                id: `e${p.id}`,
                attributes: { address: p.email, location: "Home", primary: true },
              }))
          : [],
        meta: {
          total_count: state.people.length,
          count: slice.length,
          ...(next === null ? {} : { next: { offset: next } }),
          can_include: ["addresses", "emails", "phone_numbers"],
        },
      });
    },
  });
  origin = standIn.url;
  return standIn;
}
