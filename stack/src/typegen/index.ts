// Public surface of stack/src/typegen: a database's schemas → the Supabase CLI's TypeScript types.
export { generateTypescriptTypes, type TypescriptTypesOptions } from "./generate-typescript-types.ts";
export { TypegenError } from "./typegen-error.ts";
