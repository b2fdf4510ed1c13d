// One email as Parley's functions write it, whichever provider delivers it.

export interface Mail {
  to: { email: string; name: string };
  subject: string;
  text: string;
  html: string;
}

/** A provider's refusal, with its HTTP status and what it said (logged by the caller). */
export class MailProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly status: number,
    detail: string,
  ) {
    super(`${provider} answered ${status}: ${detail.slice(0, 500)}`);
    this.name = "MailProviderError";
  }
}
