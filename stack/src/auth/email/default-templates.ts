/** The six auth email kinds and their `[auth.email.template.<kind>]` names. */
export type TemplateKind = "confirmation" | "invite" | "magic_link" | "recovery" | "email_change" | "reauthentication";

/** GoTrue's built-in subjects and bodies (auth: internal/mailer/templatemailer/templatemailer.go). */
export const DEFAULT_TEMPLATES: Record<TemplateKind, { subject: string; body: string }> = {
  invite: {
    subject: "You've been invited",
    body: `<h2>You've been invited</h2>

<p>You've been invited to create an account. Follow the link below to accept.</p>
<p><a href="{{ .ConfirmationURL }}">Accept invitation</a></p>`,
  },
  confirmation: {
    subject: "Confirm your email address",
    body: `<h2>Confirm your email address</h2>

<p>Follow the link below to confirm this email address and finish signing up.</p>
<p><a href="{{ .ConfirmationURL }}">Confirm email address</a></p>
`,
  },
  recovery: {
    subject: "Reset your password",
    body: `<h2>Reset your password</h2>

<p>We received a request to reset your password. Follow the link below to choose a new one.</p>
<p><a href="{{ .ConfirmationURL }}">Reset password</a></p>
<p>If you didn't request this, you can safely ignore this email.</p>`,
  },
  magic_link: {
    subject: "Your sign-in link",
    body: `<h2>Your sign-in link</h2>

<p>Follow the link below to sign in. This link expires shortly and can only be used once.</p>
<p><a href="{{ .ConfirmationURL }}">Sign in</a></p>`,
  },
  email_change: {
    subject: "Confirm your new email address",
    body: `<h2>Confirm your new email address</h2>

<p>Follow the link below to confirm {{ .NewEmail }} as your new email address.</p>
<p><a href="{{ .ConfirmationURL }}">Confirm new email address</a></p>
<p>If you didn't request this change, you can safely ignore this email.</p>`,
  },
  reauthentication: {
    subject: "{{ .Token }} is your verification code",
    body: `<h2>Your verification code</h2>

<p>Use the code below to verify your identity. It expires shortly.</p>
<p>{{ .Token }}</p>`,
  },
};
