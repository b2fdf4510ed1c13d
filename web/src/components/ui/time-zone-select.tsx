import type { SelectHTMLAttributes } from "react";

type TimeZoneSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "value" | "onChange" | "children"> & {
  value: string;
  onChange: (zone: string) => void;
};

/** The IANA time zones the browser knows, with `value` listed first when the browser does not know it. */
function zoneNames(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return known.includes(current) ? known : [current, ...known];
}

/** A select of time zones by their IANA names (`Europe/Berlin`), for a person's own time zone. */
export function TimeZoneSelect({ value, onChange, ...props }: TimeZoneSelectProps) {
  return (
    <select {...props} value={value} onChange={(event) => onChange(event.target.value)}>
      {zoneNames(value).map((zone) => (
        <option key={zone} value={zone}>
          {zone}
        </option>
      ))}
    </select>
  );
}
