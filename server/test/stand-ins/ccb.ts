import {
  makePeople,
  randomKey,
  serveStandIn,
  type TReply,
  type TStandIn,
  type TStandInPerson,
} from "./stand-in-server";

/**
 * A local Church Community Builder API: `GET /api.php?srv=individual_profiles` with `page`,
 * `per_page` and `modified_since` (YYYY-MM-DD), XML answers (`<ccb_api><response><individuals>`),
 * HTTP Basic with the API user's name and password, XML errors (401, 429 with `Retry-After`).
 *
 * Point CCB_API_URL at `${ccb.url}/{subdomain}`: the stand-in then records the subdomain the
 * server filled in from the integration's settings (`state.subdomains`).
 */
export type TCcbState = { people: TStandInPerson[]; subdomains: Set<string> };

export type TCcbOptions = {
  /** A number of generated people (distinct e-mails), or the people themselves. */
  people?: number | TStandInPerson[];
  /** Credentials (`user:password`) it accepts; the first is `key`. */
  keys?: string[];
};

const XML = "application/xml; charset=utf-8";
const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);
const el = (name: string, value: string | null) => (value ? `<${name}>${escapeXml(value)}</${name}>` : `<${name}/>`);

function errorXml(
  status: number,
  number: string,
  type: string,
  text: string,
  headers?: Record<string, string>,
): TReply {
  return {
    status,
    type: XML,
    headers,
    body: `<?xml version="1.0" encoding="UTF-8"?>\n<ccb_api><request/><response><errors><error number="${number}" type="${escapeXml(type)}">${escapeXml(text)}</error></errors></response></ccb_api>`,
  };
}

/** `2026-11-20 09:30:00`, as CCB writes times. */
const ccbTime = (d: Date) => d.toISOString().slice(0, 19).replace("T", " ");

export async function startCcbStandIn(opts: TCcbOptions = {}): Promise<TStandIn<TCcbState>> {
  const keys = opts.keys ?? [`api_${randomKey(8)}:${randomKey(24)}`];
  const state: TCcbState = {
    people: typeof opts.people === "number" ? makePeople(opts.people) : [...(opts.people ?? [])],
    subdomains: new Set(),
  };
  const route = (path: string) => /^(?:\/([a-z0-9-]+))?\/api\.php$/.exec(path);
  return serveStandIn(state, keys[0], {
    refusal: () => errorXml(401, "002", "Authentication error", "Invalid username or password."),
    tooMany: (seconds) =>
      errorXml(429, "429", "Rate limit", "Too many requests: the API limit for this church was reached.", {
        "retry-after": String(seconds),
      }),
    isPage: (req) => req.query.get("srv") === "individual_profiles" && req.query.get("per_page") !== "1",
    accepts: (basic) => basic !== null && keys.includes(basic),
    handle: (req) => {
      const m = route(req.path);
      if (!m || req.method !== "GET")
        return errorXml(404, "001", "Not found", "The requested resource could not be found.");
      if (m[1]) state.subdomains.add(m[1]);
      const srv = req.query.get("srv");
      if (srv !== "individual_profiles") return errorXml(200, "003", "Service error", `Invalid service: ${srv ?? ""}`);
      const since = req.query.get("modified_since");
      const sinceTime = since ? Date.parse(`${since}T00:00:00Z`) : Number.NaN;
      if (since && Number.isNaN(sinceTime))
        return errorXml(200, "004", "Argument error", "modified_since must be a date (YYYY-MM-DD).");
      const matching = since
        ? state.people.filter((p) => (p.modifiedAt ?? new Date()).getTime() >= sinceTime)
        : state.people;
      const perPage = Number(req.query.get("per_page") ?? 0);
      const page = Math.max(Number(req.query.get("page") ?? 1) || 1, 1);
      const slice = perPage > 0 ? matching.slice((page - 1) * perPage, page * perPage) : matching;
      const individuals = slice
        .map(
          (p) =>
            `<individual id="${escapeXml(p.id)}">${el("first_name", p.firstName)}${el("last_name", p.lastName)}${el("email", p.email)}<modified>${ccbTime(p.modifiedAt ?? new Date())}</modified></individual>`,
        )
        .join("");
      return {
        status: 200,
        type: XML,
        body: `<?xml version="1.0" encoding="UTF-8"?>\n<ccb_api><request><parameters><argument value="individual_profiles" name="srv"/></parameters></request><response><service>individual_profiles</service><service_action>execute</service_action><availability>public</availability><individuals count="${slice.length}">${individuals}</individuals></response></ccb_api>`,
      };
    },
  });
}
