/**
 * An outside link that searches a map for an address (no embedded map, nothing loaded from the map
 * site until the visitor follows the link). OpenStreetMap: no account, no tracking by us.
 */
export function mapSearchUrl(address: string): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(address.trim())}`;
}
