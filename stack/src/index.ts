export { startStack, type StackHandle, type StartStackOptions } from "./runtime/start-stack.ts";
export { formatStatus, type OutputFormat, type StatusRecord } from "./runtime/status.ts";
