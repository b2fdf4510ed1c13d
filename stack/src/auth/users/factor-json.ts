/** A row of `auth.mfa_factors`. */
export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: string;
  created_at: Date;
  updated_at: Date;
  phone: string | null;
  last_challenged_at: Date | null;
}

/** A factor as GoTrue serialises it (auth: internal/models/factor.go); secrets never. */
export function factorJson(factor: FactorRow) {
  return {
    id: factor.id,
    created_at: factor.created_at.toISOString(),
    updated_at: factor.updated_at.toISOString(),
    status: factor.status,
    ...(factor.friendly_name ? { friendly_name: factor.friendly_name } : {}),
    factor_type: factor.factor_type,
    phone: factor.phone ?? "",
    last_challenged_at: factor.last_challenged_at?.toISOString() ?? null,
  };
}
