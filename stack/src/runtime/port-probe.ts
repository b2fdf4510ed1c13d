import { createServer } from "node:net";
import { PortInUseError } from "../gateway/index.ts";

/** Fails with PortInUseError (naming the config key) when something already listens on the port. */
export function assertPortFree(port: number, configKey: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", () => reject(new PortInUseError(port, configKey)));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve()));
  });
}
