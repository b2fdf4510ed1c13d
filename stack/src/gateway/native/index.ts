export { createNativeDispatch, type NativeDispatch, type NativeDispatchOptions } from "./native-dispatch.ts";
export { honoRoutes } from "./hono-routes.ts";
export { setHeader, toWebResponse } from "./answer-headers.ts";
export { jsonAnswer, type ServiceAnswer, type ServiceHandler, type ServiceRequest } from "./service-request.ts";
