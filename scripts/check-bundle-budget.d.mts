/** Types for scripts/check-bundle-budget.mjs (vite.config.ts reads the route table through it). */
export type TRouteRow = {
  path: string | undefined;
  access: string | undefined;
  label?: string;
  /** The page modules the route draws, relative to client/ (`src/features/...tsx`). */
  modules: string[];
};
export function readRouteTable(file?: string): TRouteRow[];
