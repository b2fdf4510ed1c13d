/** The SAML NameID formats GoTrue knows (auth: internal/api/ssoadmin.go), by their short names. */
export const NAME_ID_FORMAT = {
  persistent: "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent",
  emailAddress: "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
  transient: "urn:oasis:names:tc:SAML:2.0:nameid-format:transient",
  unspecified: "urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified",
} as const;

/** Every accepted `name_id_format`, in the order GoTrue's validation message lists them. */
export const NAME_ID_FORMATS: readonly string[] = Object.values(NAME_ID_FORMAT);
