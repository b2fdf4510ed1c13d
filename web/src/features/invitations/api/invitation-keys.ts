/** Query keys of the invitations feature. */
export const invitationKeys = {
  all: ["invitations"] as const,
  /** Accepting the invitation behind one email link. */
  accept: (token: string) => [...invitationKeys.all, "accept", token] as const,
};
