// Slack reaction names → Parley reactions. Parley stores an emoji character sequence (its picker
// offers 👍 ❤️ 😂 🎉 😮 😢 🙏 👀) or a :shortcode: for anything else, so the common names become
// characters — and the picker's own reactions merge with imported ones — and the rest (custom
// emoji included) stay readable as :name:. A skin tone (`+1::skin-tone-3`) is dropped.
const CHARACTERS: Record<string, string> = {
  "+1": "👍",
  thumbsup: "👍",
  "-1": "👎",
  thumbsdown: "👎",
  heart: "❤️",
  joy: "😂",
  laughing: "😆",
  smile: "😄",
  slightly_smiling_face: "🙂",
  tada: "🎉",
  open_mouth: "😮",
  astonished: "😲",
  cry: "😢",
  pray: "🙏",
  eyes: "👀",
  fire: "🔥",
  rocket: "🚀",
  clap: "👏",
  raised_hands: "🙌",
  wave: "👋",
  ok_hand: "👌",
  muscle: "💪",
  "100": "💯",
  white_check_mark: "✅",
  heavy_check_mark: "✔️",
  x: "❌",
  thinking_face: "🤔",
  sweat_smile: "😅",
  wink: "😉",
  star: "⭐",
  sparkles: "✨",
  bulb: "💡",
  warning: "⚠️",
  question: "❓",
  memo: "📝",
};

/**
 * Parley's form of a Slack reaction name, or null when it cannot be one (empty, or whitespace).
 * @example toParleyEmoji("+1::skin-tone-2") // "👍"
 */
export function toParleyEmoji(slackName: string): string | null {
  const name = slackName.split("::")[0] ?? "";
  if (name === "" || /\s/.test(name)) return null;
  const shortcode = `:${name}:`;
  return CHARACTERS[name] ?? (shortcode.length <= 64 ? shortcode : null);
}
