import type { IntlShape } from "react-intl";

/**
 * A file size in the active locale with Intl's own unit names (`2.4 MB`, `2,4 Mo`), counted in
 * steps of 1024 as storage limits are set (26214400 bytes shows as `25 MB`).
 */
export function formatBytes(intl: IntlShape, bytes: number): string {
  const units = ["byte", "kilobyte", "megabyte", "gigabyte"] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return intl.formatNumber(value, {
    style: "unit",
    unit: units[unit],
    unitDisplay: "short",
    maximumFractionDigits: unit === 0 ? 0 : 1,
  });
}
