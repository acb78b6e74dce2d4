/* A WebTorrent WebSocket tracker on this machine, the kind of relay online rooms use: for
 * development and the tests (`make relay`). bittorrent-tracker's own Server, pinned in
 * package.json. Prints its address (ws://HOST:PORT) on the first line of its output.
 *
 *   node web/tools/relay.mjs [--host 127.0.0.1] [--port 8000] [--interval 10000]   (port 0: a free one)
 */
import Server from "bittorrent-tracker/server";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] !== undefined ? args[at + 1] : fallback;
};
const host = option("host", "127.0.0.1");
const port = Number(option("port", "8000"));
// Peers announce again every 10 s by default (Trystero's shortest interval): a late guest finds the
// host soon. The tests ask for longer to tell a link made at once from one made at an announce.
const interval = Number(option("interval", "10000"));

const server = new Server({ udp: false, http: false, ws: true, stats: false, trustProxy: false, interval });
server.on("error", (err) => console.error(`relay: ${err.message}`));
server.on("warning", (err) => console.error(`relay: warning: ${err.message}`));
server.listen(port, host, () => {
  const address = server.ws.address();
  console.log(`ws://${host}:${address.port}`);
});
// Stopped, it goes at once: the peers still connected are dropped (they try again elsewhere).
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(0));
