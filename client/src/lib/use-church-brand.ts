import { useEffect } from "react";
import { applyBrandTheme } from "./brand-theme";

/**
 * Paints the page in a church's colour while it shows that church to someone who may not belong to
 * it (an invitation, the sign-in reached from one, a shared sermon); on the way out the colour goes
 * back to `restore` (the signed-in user's own church, or the product's default).
 */
export function useChurchBrand(color: string | null | undefined, restore?: string | null): void {
  useEffect(() => {
    if (!color) return;
    applyBrandTheme(color);
    return () => {
      applyBrandTheme(restore);
    };
  }, [color, restore]);
}
