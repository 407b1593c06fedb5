// Who is signed in, asked before the app's code has loaded (bench/RESULTS.md, issue 30): index.html
// runs this small file as soon as it arrives, so the answer travels beside the app's code instead of
// after it has run (one round trip out of a signed-in page's first paint). Only a browser that was
// signed in last time asks (the "signed_in" hint that app/router.tsx writes): the landing page of a
// new visitor is not changed. client/src/lib/current-user.tsx takes the answer for its first question;
// the header is SESSION_PROBE_HEADER (common/auth-helpers.ts): a signed-out visit gets 204, not 401.
// The script is async: should the app's code run first (cached), its first question has asked the
// server itself and left `null` here, and nothing is asked early (a later question must never take
// an answer older than a change the member made, such as a new photo).
try {
  if (window.__fellowshipSession !== null && window.localStorage.getItem("signed_in") === "true") {
    const answer = fetch("/api/auth/user", { credentials: "include", headers: { "x-session-probe": "1" } });
    answer.catch(() => {});
    window.__fellowshipSession = answer;
  }
} catch {
  // No storage (private mode): the app asks itself, as before.
}
