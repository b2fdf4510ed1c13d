// Public surface of stack/src/functions: the /functions/v1 service.
export { createFunctionsService as create } from "./create-functions-service.ts";
