/** Being built (issue 8). */
export function GrowthSettingsPage() {
  return <h1 className="mb-6 text-2xl font-bold tracking-tight sm:text-3xl">Growth Settings & Analytics</h1>;
}
