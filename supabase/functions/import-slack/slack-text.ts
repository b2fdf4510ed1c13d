// Slack's message markup → Parley's Markdown body.
//   <@U123>            → @handle of the matched Parley user (or @name from the archive)
//   <#C123|general>    → #general
//   <!here> <!channel> → @here @channel
//   <https://x|label>  → [label](https://x);  <https://x> → https://x
//   &lt; &gt; &amp;    → < > &
// Slack's *bold*, _italic_ and ~strike~ differ from Markdown's but read fine as they are.

const MAX_BODY = 40000;

/**
 * The Parley body for a Slack message text.
 * @example toParleyText("hi <@U1>", (id) => "ada") // "hi @ada"
 */
export function toParleyText(text: string, handleOf: (slackUserId: string) => string | null): string {
  const converted = text
    .replace(/<@([A-Z0-9]+)(?:\|([^>]*))?>/g, (_all, id: string, label?: string) => `@${handleOf(id) ?? label ?? id}`)
    .replace(/<#[A-Z0-9]+\|([^>]*)>/g, (_all, name: string) => `#${name}`)
    .replace(/<!(here|channel|everyone)(?:\|[^>]*)?>/g, (_all, word: string) => `@${word}`)
    .replace(/<((?:https?|mailto):[^|>]+)\|([^>]+)>/g, (_all, url: string, label: string) => `[${label}](${url})`)
    .replace(/<((?:https?|mailto):[^>]+)>/g, (_all, url: string) => url)
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
  return converted.length > MAX_BODY ? `${converted.slice(0, MAX_BODY - 1)}…` : converted;
}

/** A Slack ts ("1700000000.000100", seconds.micro) as an ISO timestamp with microseconds. */
export function tsToIso(ts: string): string {
  const [seconds = "0", fraction = "0"] = ts.split(".");
  const micros = fraction.padEnd(6, "0").slice(0, 6);
  return new Date(Number(seconds) * 1000).toISOString().replace(/\.\d{3}Z$/, `.${micros}Z`);
}
