/** See lighthouse-budgets.mjs. */
export type TLighthouseBudget = {
  performance?: number;
  accessibility?: number;
  bestPractices?: number;
  tbtMs?: number;
  lcpMs?: number;
};
export const LIGHTHOUSE_BUDGETS: Record<string, TLighthouseBudget>;
export function overLighthouseBudget(row: {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  tbtMs: number;
  lcpMs: number;
}): string[];
