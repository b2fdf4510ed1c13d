import { useId, useState } from "react";
import { TextField } from "../../../components/ui/text-field";
import { useTranslate } from "../../../lib/i18n/use-translate";
import type { WorkspaceMember } from "../../../lib/workspace/workspace-members";
import { MAX_OTHER_PEOPLE } from "./max-people";

type PeoplePickerProps = {
  people: WorkspaceMember[];
  chosen: string[];
  onChange: (chosen: string[]) => void;
};

/** A filterable list of the workspace's people as checkboxes; at most eight can be chosen. */
export function PeoplePicker({ people, chosen, onChange }: PeoplePickerProps) {
  const t = useTranslate();
  const listId = useId();
  const [filter, setFilter] = useState("");
  const needle = filter.trim().toLocaleLowerCase();
  const shown = people.filter(
    (person) =>
      chosen.includes(person.userId) ||
      person.name.toLocaleLowerCase().includes(needle) ||
      person.username.toLocaleLowerCase().includes(needle),
  );
  const full = chosen.length >= MAX_OTHER_PEOPLE;
  const toggle = (userId: string, on: boolean) =>
    onChange(on ? [...chosen, userId] : chosen.filter((id) => id !== userId));

  return (
    <div className="people-picker">
      <TextField
        label={t("directMessages.new.filter")}
        hint={t("directMessages.new.limit", { count: MAX_OTHER_PEOPLE })}
        type="search"
        autoComplete="off"
        dir="auto"
        aria-controls={listId}
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      <fieldset className="people-picker__fieldset">
        <legend className="people-picker__legend">{t("directMessages.new.people")}</legend>
        {shown.length === 0 && <p>{t("directMessages.new.nobody")}</p>}
        <ul id={listId} className="people-picker__list">
          {shown.map((person) => {
            const checked = chosen.includes(person.userId);
            return (
              <li key={person.userId}>
                <label className="people-picker__person">
                  <input
                    type="checkbox"
                    checked={checked}
                    disabled={!checked && full}
                    onChange={(event) => toggle(person.userId, event.target.checked)}
                  />
                  <span dir="auto">{person.name}</span>
                  <span className="people-picker__username" dir="ltr">
                    @{person.username}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
    </div>
  );
}
