// Catalog queries behind the schema cache. Every query takes the exposed schemas as $1.

export const RELATIONS_SQL = `
select c.oid::int8 as oid, n.nspname as schema, c.relname as name, c.relkind as kind,
  pg_relation_is_updatable(c.oid::regclass, true) as updatable_mask,
  coalesce((select array_agg(a.attname::text order by k.ord) from pg_constraint p
     cross join lateral unnest(p.conkey) with ordinality k(attnum, ord) join pg_attribute a on a.attrelid = p.conrelid and a.attnum = k.attnum
     where p.conrelid = c.oid and p.contype = 'p'), '{}') as primary_key,
  r.ev_action::text as view_definition
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
left join pg_rewrite r on r.ev_class = c.oid and r.rulename = '_RETURN' and c.relkind in ('v', 'm')
where c.relkind in ('r', 'v', 'm', 'f', 'p') and not c.relispartition and n.nspname = any($1)`;

export const COLUMNS_SQL = `
select a.attrelid::int8 as relation, a.attnum as num, a.attname as name,
  format_type(a.atttypid, a.atttypmod) as type,
  coalesce(bt.typname, t.typname) as base_type,
  not a.attnotnull as nullable,
  -- As PostgREST: a domain's default, an identity column's sequence, no default for generated columns.
  case
    when t.typbasetype <> 0 and d.adbin is null then pg_get_expr(t.typdefaultbin, 0)
    when a.attidentity = 'd' then format('nextval(%L::regclass)', pg_get_serial_sequence(c.oid::regclass::text, a.attname))
    when a.attgenerated = 's' then null
    else pg_get_expr(d.adbin, d.adrelid)
  end as default_expr,
  (a.attgenerated <> '' or a.attidentity = 'a') as generated,
  coalesce((select array_agg(e.enumlabel::text order by e.enumsortorder) from pg_enum e where e.enumtypid = coalesce(bt.oid, t.oid)), '{}') as enum_values
from pg_attribute a
join pg_class c on c.oid = a.attrelid
join pg_namespace n on n.oid = c.relnamespace
join pg_type t on t.oid = a.atttypid
left join pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype
left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
where a.attnum > 0 and not a.attisdropped and c.relkind in ('r', 'v', 'm', 'f', 'p') and n.nspname = any($1)
order by a.attrelid, a.attnum`;

/** Primary-key and unique constraints (for one-to-one detection) and foreign keys of every table. */
export const CONSTRAINTS_SQL = `
select p.conname as name, p.contype as type, p.conrelid::int8 as relation, p.confrelid::int8 as foreign_relation,
  (select array_agg(k.attnum order by k.ord) from unnest(p.conkey) with ordinality k(attnum, ord)) as columns,
  (select array_agg(k.attnum order by k.ord) from unnest(p.confkey) with ordinality k(attnum, ord)) as foreign_columns
from pg_constraint p
where p.contype in ('p', 'u', 'f')`;

/** Names of all columns of all relations (views trace to tables in any schema). */
export const ALL_COLUMN_NAMES_SQL = `
select a.attrelid::int8 as relation, a.attnum as num, a.attname as name
from pg_attribute a join pg_class c on c.oid = a.attrelid
where a.attnum > 0 and not a.attisdropped and c.relkind in ('r', 'v', 'm', 'f', 'p')
  and c.relnamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)`;

export const FUNCTIONS_SQL = `
select p.oid::int8 as oid, n.nspname as schema, p.proname as name,
  coalesce(p.proargnames, '{}')::text[] as arg_names,
  coalesce(p.proargmodes::text[], '{}') as arg_modes,
  (select coalesce(array_agg(format_type(t, null) order by o), '{}') from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality x(t, o)) as arg_types,
  p.pronargs as nargs, p.pronargdefaults as ndefaults, p.provariadic <> 0 as variadic,
  format_type(p.prorettype, null) as return_type, p.proretset as returns_set, p.provolatile as volatility,
  rt.typtype as return_typtype, rt.typrelid::int8 as return_relation, p.prorows as rows,
  obj_description(p.oid, 'pg_proc') as description
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type rt on rt.oid = p.prorettype
where p.prokind = 'f' and n.nspname = any($1) and p.prorettype <> 'trigger'::regtype and p.prorettype <> 'event_trigger'::regtype`;

/** Functions taking one row-typed parameter: computed relationships (and fields, through attribute notation). */
export const COMPUTED_RELATIONSHIPS_SQL = `
select n.nspname as schema, p.proname as name, pt.typrelid::int8 as origin, rt.typrelid::int8 as target,
  p.proretset and p.prorows <> 1 as to_many
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type pt on pt.oid = p.proargtypes[0]
join pg_type rt on rt.oid = p.prorettype
where p.pronargs = 1 and pt.typrelid <> 0 and rt.typrelid <> 0 and n.nspname = any($1)`;

export const ROLE_SETTINGS_SQL = `
select r.rolname as role, s.setdatabase::int8::text as database, s.setconfig as settings
from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
where s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
order by s.setdatabase`;
