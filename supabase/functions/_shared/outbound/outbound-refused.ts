/** Why a request on someone's behalf was not made (or its answer not read). */
export type OutboundRefusal =
  | "invalid_url"
  | "scheme_not_allowed"
  | "credentials_in_url"
  | "host_not_allowed"
  | "unresolvable_host"
  | "private_address"
  | "redirect"
  | "response_too_large";

/** Thrown by outboundFetch instead of making (or finishing) a request its policy does not allow. */
export class OutboundRefused extends Error {
  constructor(
    readonly reason: OutboundRefusal,
    message: string,
  ) {
    super(message);
    this.name = "OutboundRefused";
  }
}
