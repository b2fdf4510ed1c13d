import { useId, useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { useTranslate } from "../../../lib/i18n/use-translate";
import type { WorkspaceMember } from "../../../lib/workspace/workspace-members";
import type { SearchChannel } from "../api/list-channels";
import { MAX_SEARCH_QUERY_LENGTH, type SearchFilters } from "../api/search-messages";

type SearchFormProps = {
  initial: SearchFilters;
  channels: SearchChannel[];
  members: WorkspaceMember[];
  onSearch: (filters: SearchFilters) => void;
};

/** The query with its channel and author filters; submitting runs the search. */
export function SearchForm({ initial, channels, members, onSearch }: SearchFormProps) {
  const t = useTranslate();
  const channelId = useId();
  const authorId = useId();
  const [filters, setFilters] = useState(initial);
  // Typing stops at the limit (maxLength); only a query from the address can be longer.
  const tooLong = filters.query.trim().length > MAX_SEARCH_QUERY_LENGTH;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (tooLong) return;
    onSearch({ ...filters, query: filters.query.trim() });
  };
  return (
    <form role="search" className="search-form" onSubmit={submit}>
      <TextField
        label={t("search.query")}
        hint={t("search.hint")}
        type="search"
        dir="auto"
        maxLength={MAX_SEARCH_QUERY_LENGTH}
        error={tooLong ? t("search.tooLong", { max: MAX_SEARCH_QUERY_LENGTH }) : undefined}
        value={filters.query}
        onChange={(event) => setFilters({ ...filters, query: event.target.value })}
      />
      <div className="search-form__filters">
        <div className="search-form__filter">
          <label htmlFor={channelId}>{t("search.channel")}</label>
          <select
            id={channelId}
            value={filters.channelId}
            onChange={(event) => setFilters({ ...filters, channelId: event.target.value })}
          >
            <option value="">{t("search.anyChannel")}</option>
            {channels.map((channel) => (
              <option key={channel.id} value={channel.id}>
                #{channel.name}
              </option>
            ))}
          </select>
        </div>
        <div className="search-form__filter">
          <label htmlFor={authorId}>{t("search.author")}</label>
          <select
            id={authorId}
            value={filters.authorId}
            onChange={(event) => setFilters({ ...filters, authorId: event.target.value })}
          >
            <option value="">{t("search.anyAuthor")}</option>
            {members.map((member) => (
              <option key={member.userId} value={member.userId}>
                {member.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Button type="submit">{t("search.submit")}</Button>
    </form>
  );
}
