/**
 * What a test file set up and must put away when it ends: its apps, databases, servers, browsers.
 * Helpers are called from `beforeAll`, where vitest drops an `afterAll` without a word (the hook
 * belongs to no suite by then), so they register here instead; `file-setup.ts` runs these after the
 * file's own `afterAll` hooks, newest first, and fails the file if one of them fails.
 */
const cleanups: Array<() => unknown> = [];

export function afterFile(cleanup: () => unknown): void {
  cleanups.push(cleanup);
}

export async function runAfterFile(): Promise<void> {
  const errors: unknown[] = [];
  for (let cleanup = cleanups.pop(); cleanup; cleanup = cleanups.pop()) {
    try {
      await cleanup();
    } catch (err) {
      errors.push(err);
    }
  }
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new AggregateError(errors, "more than one clean-up failed");
}
