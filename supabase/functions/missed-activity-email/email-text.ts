// The missed-activity email's words in Parley's six languages (the person's profile locale).

export type Locale = "en" | "de" | "fr" | "es" | "ja" | "ar";

export interface EmailText {
  subject(count: number, workspace: string): string;
  greeting(name: string): string;
  intro(count: number): string;
  directMessage(people: string): string;
  openMessage: string;
  unsubscribe: string;
  unsubscribeNote: string;
  unsubscribed: string;
}

const plural = (locale: Locale, count: number) => new Intl.PluralRules(locale).select(count);

export const emailText: Record<Locale, EmailText> = {
  en: {
    subject: (n, w) => (n === 1 ? `You missed a message in ${w}` : `You missed ${n} messages in ${w}`),
    greeting: (name) => `Hi ${name},`,
    intro: (n) => (n === 1 ? "This message is waiting for you:" : `These ${n} messages are waiting for you:`),
    directMessage: (people) => `Direct message from ${people}`,
    openMessage: "Open in Parley",
    unsubscribe: "Stop these emails",
    unsubscribeNote: "You get this email because someone mentioned you or wrote to you while you were away.",
    unsubscribed:
      "You will not get emails about missed messages anymore. Turn them back on in Parley's account settings.",
  },
  de: {
    subject: (n, w) =>
      n === 1 ? `Du hast eine Nachricht in ${w} verpasst` : `Du hast ${n} Nachrichten in ${w} verpasst`,
    greeting: (name) => `Hallo ${name},`,
    intro: (n) => (n === 1 ? "Diese Nachricht wartet auf dich:" : `Diese ${n} Nachrichten warten auf dich:`),
    directMessage: (people) => `Direktnachricht von ${people}`,
    openMessage: "In Parley öffnen",
    unsubscribe: "Diese E-Mails abbestellen",
    unsubscribeNote:
      "Du bekommst diese E-Mail, weil dich jemand erwähnt oder dir geschrieben hat, während du weg warst.",
    unsubscribed:
      "Du bekommst keine E-Mails über verpasste Nachrichten mehr. In den Kontoeinstellungen von Parley kannst du sie wieder einschalten.",
  },
  fr: {
    subject: (n, w) =>
      plural("fr", n) === "one" ? `Vous avez manqué un message dans ${w}` : `Vous avez manqué ${n} messages dans ${w}`,
    greeting: (name) => `Bonjour ${name},`,
    intro: (n) => (plural("fr", n) === "one" ? "Ce message vous attend :" : `Ces ${n} messages vous attendent :`),
    directMessage: (people) => `Message direct de ${people}`,
    openMessage: "Ouvrir dans Parley",
    unsubscribe: "Ne plus recevoir ces e-mails",
    unsubscribeNote: "Vous recevez cet e-mail parce que quelqu’un vous a mentionné ou écrit pendant votre absence.",
    unsubscribed:
      "Vous ne recevrez plus d’e-mails sur les messages manqués. Réactivez-les dans les paramètres du compte Parley.",
  },
  es: {
    subject: (n, w) => (n === 1 ? `Te perdiste un mensaje en ${w}` : `Te perdiste ${n} mensajes en ${w}`),
    greeting: (name) => `Hola, ${name}:`,
    intro: (n) => (n === 1 ? "Este mensaje te está esperando:" : `Estos ${n} mensajes te están esperando:`),
    directMessage: (people) => `Mensaje directo de ${people}`,
    openMessage: "Abrir en Parley",
    unsubscribe: "Dejar de recibir estos correos",
    unsubscribeNote: "Recibes este correo porque alguien te mencionó o te escribió mientras no estabas.",
    unsubscribed:
      "Ya no recibirás correos sobre mensajes perdidos. Puedes volver a activarlos en la configuración de tu cuenta de Parley.",
  },
  ja: {
    subject: (n, w) => `${w} で見逃したメッセージが ${n} 件あります`,
    greeting: (name) => `${name} さん`,
    intro: (n) => `未読のメッセージが ${n} 件あります:`,
    directMessage: (people) => `${people} さんからのダイレクトメッセージ`,
    openMessage: "Parley で開く",
    unsubscribe: "このメールの配信を停止",
    unsubscribeNote: "不在中にメンションまたはメッセージが届いたため、このメールをお送りしています。",
    unsubscribed: "見逃したメッセージのメールは今後届きません。Parley のアカウント設定で再び有効にできます。",
  },
  ar: {
    subject: (n, w) => (n === 1 ? `فاتتك رسالة في ${w}` : `فاتتك ${n} رسائل في ${w}`),
    greeting: (name) => `مرحبًا ${name}،`,
    intro: (n) => (n === 1 ? "هذه الرسالة بانتظارك:" : `هذه الرسائل (${n}) بانتظارك:`),
    directMessage: (people) => `رسالة مباشرة من ${people}`,
    openMessage: "افتح في Parley",
    unsubscribe: "أوقف هذه الرسائل",
    unsubscribeNote: "تصلك هذه الرسالة لأن أحدًا أشار إليك أو راسلك أثناء غيابك.",
    unsubscribed: "لن تصلك بعد الآن رسائل بريد عن الرسائل الفائتة. يمكنك إعادة تفعيلها من إعدادات حسابك في Parley.",
  },
};

export function textFor(locale: string): { locale: Locale; text: EmailText } {
  const known = (Object.keys(emailText) as Locale[]).find((candidate) => candidate === locale) ?? "en";
  return { locale: known, text: emailText[known] };
}
