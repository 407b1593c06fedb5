import { getBrandTheme, type TBrandTheme } from "@common/brand";

/** Publishes the theme as CSS variables on <html> and updates the browser's theme colour. */
export function applyBrandTheme(color: string | null | undefined, doc: Document = document): TBrandTheme {
  const theme = getBrandTheme(color);
  const style = doc.documentElement.style;
  style.setProperty("--brand", theme.brand);
  style.setProperty("--brand-primary", theme.primary);
  style.setProperty("--brand-foreground", theme.primaryForeground);
  style.setProperty("--brand-text", theme.text);
  style.setProperty("--brand-soft", theme.soft);
  style.setProperty("--brand-border", theme.border);
  let meta = doc.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = doc.createElement("meta");
    meta.name = "theme-color";
    doc.head.appendChild(meta);
  }
  meta.content = theme.brand;
  return theme;
}
