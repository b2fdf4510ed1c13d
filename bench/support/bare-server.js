// A bare `node:http` server in a process of its own (as the stack's services are), answering
// every request with one fixed JSON body: the floor any HTTP figure stands on.
import { once } from "node:events";
import { spawn } from "node:child_process";

const BARE_SERVER = `
import { createServer } from "node:http";
const body = process.env.BARE_BODY;
const server = createServer((_req, res) => {
  res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
});
server.listen(Number(process.env.PORT), "127.0.0.1", () => process.stdout.write(String(server.address().port) + "\\n"));
`;

/** Starts the bare server on `port` (0: any free one); resolves to its url and a stop function. */
export async function startBareServer({ port = 0, body }) {
  const child = spawn(process.execPath, ["--input-type=module", "-e", BARE_SERVER], {
    env: { ...process.env, PORT: String(port), BARE_BODY: body },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const [announced] = await once(child.stdout, "data");
  const url = `http://127.0.0.1:${Number(String(announced).trim())}/`;
  const stop = async () => {
    child.kill("SIGTERM");
    await once(child, "exit");
  };
  return { url, stop };
}
