// A push notification's title in Parley's six languages (the recipient's profile locale). The body
// is the message as plain text (plain-text.ts).

export type Locale = "en" | "de" | "fr" | "es" | "ja" | "ar";

export interface NotificationText {
  mention(actor: string, channel: string): string;
  mentionInDirect(actor: string): string;
  directMessage(actor: string): string;
  threadReply(actor: string, channel: string): string;
}

export const notificationText: Record<Locale, NotificationText> = {
  en: {
    mention: (a, c) => `${a} mentioned you in #${c}`,
    mentionInDirect: (a) => `${a} mentioned you`,
    directMessage: (a) => `Message from ${a}`,
    threadReply: (a, c) => `${a} replied in a thread in #${c}`,
  },
  de: {
    mention: (a, c) => `${a} hat dich in #${c} erwähnt`,
    mentionInDirect: (a) => `${a} hat dich erwähnt`,
    directMessage: (a) => `Nachricht von ${a}`,
    threadReply: (a, c) => `${a} hat in einem Thread in #${c} geantwortet`,
  },
  fr: {
    mention: (a, c) => `${a} vous a mentionné dans #${c}`,
    mentionInDirect: (a) => `${a} vous a mentionné`,
    directMessage: (a) => `Message de ${a}`,
    threadReply: (a, c) => `${a} a répondu dans un fil de #${c}`,
  },
  es: {
    mention: (a, c) => `${a} te mencionó en #${c}`,
    mentionInDirect: (a) => `${a} te mencionó`,
    directMessage: (a) => `Mensaje de ${a}`,
    threadReply: (a, c) => `${a} respondió en un hilo de #${c}`,
  },
  ja: {
    mention: (a, c) => `${a} さんが #${c} であなたをメンションしました`,
    mentionInDirect: (a) => `${a} さんがあなたをメンションしました`,
    directMessage: (a) => `${a} さんからのメッセージ`,
    threadReply: (a, c) => `${a} さんが #${c} のスレッドで返信しました`,
  },
  ar: {
    mention: (a, c) => `أشار إليك ${a} في #${c}`,
    mentionInDirect: (a) => `أشار إليك ${a}`,
    directMessage: (a) => `رسالة من ${a}`,
    threadReply: (a, c) => `ردّ ${a} في سلسلة محادثة في #${c}`,
  },
};

export function localeOf(locale: string): Locale {
  return (Object.keys(notificationText) as Locale[]).find((candidate) => candidate === locale) ?? "en";
}
