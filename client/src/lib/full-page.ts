/** A full page load (sign-in, sign-out, OIDC): leaves the single-page app on purpose. */
export function goToPage(url: string): void {
  window.location.href = url;
}
