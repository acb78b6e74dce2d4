/* Online rooms' wire: Trystero (vendored from npm into web/runtime/trystero/) finds the other
 * browsers of a room through WebTorrent WebSocket trackers (the relays: they carry only the
 * encrypted connection offers) and links them with WebRTC data channels.
 *
 * The relays and STUN servers are settings (web/room.json); `?relay=ws://HOST:PORT` (repeatable)
 * names other relays for the visit and `?stun=none` (or `?stun=stun:HOST:PORT`) other STUN
 * servers. Game code (web/ui/room.py, MicroPython) uses it through:
 *
 *   const wire = await join(roomCode)   // the room's code doubles as the offers' password
 *   await wire.next()                   // the next event as JSON text: {"type": "join"|"leave"|"msg", "peer", "data"}
 *   wire.send(text, peerId)             // to one peer (peerId null: to every peer)
 *   wire.leave()
 *   drawQr(canvas, link)                // the link as a QR code, drawn here (no image from elsewhere)
 *
 * Events wait in a queue until read, so the Python side needs no callbacks into it.
 */
import { joinRoom, selfId } from "./runtime/trystero/index.mjs";
import qrcode from "./runtime/qrcode/qrcode.mjs";

const APP_ID = "gongzhu-rooms-1";
const UTF8 = new TextEncoder();

/** The bytes `text` takes on the wire (UTF-8): what the benchmark counts. */
const size = (text) => UTF8.encode(text).length;

/** The relays and STUN servers for this visit: web/room.json, or the page URL's overrides. */
export async function settings(search = location.search) {
  const response = await fetch(new URL("room.json", import.meta.url));
  const config = await response.json();
  const params = new URLSearchParams(search);
  const relays = params.getAll("relay").filter((url) => /^wss?:\/\/[^\s/]+/.test(url));
  if (relays.length) config.relays = relays;
  if (params.getAll("relay").includes("none")) config.relays = []; // manual pairing only
  const stun = params.getAll("stun");
  if (stun.length) config.stun = stun.includes("none") ? [] : stun.filter((url) => /^stuns?:[^\s]+$/.test(url));
  return config;
}

/** A queue of events (JSON text) that the Python side reads one at a time with `next()`. */
class Events {
  constructor() {
    this.queue = [];
    this.waiting = null;
    this.sent = 0; // bytes of game messages sent and received, for the benchmark
    this.received = 0;
  }

  push(event) {
    const text = JSON.stringify(event);
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = null;
      resolve(text);
    } else this.queue.push(text);
  }

  /** The next event, as JSON text (waits for one). */
  next() {
    if (this.queue.length) return Promise.resolve(this.queue.shift());
    return new Promise((resolve) => (this.waiting = resolve));
  }
}

class Wire extends Events {
  constructor(room, action) {
    super();
    this.room = room;
    this.action = action;
  }

  /** Send `text` to `peer` (null: everyone in the room). */
  send(text, peer = null) {
    const data = String(text);
    this.sent += size(data) * (peer ? 1 : Math.max(1, Object.keys(this.room.getPeers()).length));
    return this.action.send(data, peer ? { target: peer } : undefined);
  }

  /** The peers connected now. */
  peers() {
    return Object.keys(this.room.getPeers());
  }

  leave() {
    removeEventListener("pagehide", this.gone);
    return this.room.leave();
  }

  /** The page goes: leave the room, so the others know at once rather than when the connection
   * times out. Trystero leaves on `beforeunload`, which iOS Safari does not fire as a tab closes;
   * `pagehide` it does. A page put aside for a return (the back-forward cache) stays. */
  gone = (event) => {
    if (!event.persisted) this.leave().catch(() => {});
  };
}

/** Join the room `code`; resolves to its Wire at once (peers arrive as "join" events).
 *
 * The host joins as a passive peer: it announces without offers of its own and answers every
 * guest's at once. (A peer holding offers ignores those of peers whose ids sort after its own and
 * waits for them to answer one of its, which reach them only at its next announce: up to the
 * tracker's interval, minutes on public trackers. Trystero would make a passive peer active at
 * its first answer; web/tools/runtime.py keeps it passive, see REWRITES there.) Guests answer no
 * offers: each is linked to the host alone, never to another guest. */
export async function join(code, search = location.search, host = false) {
  const config = await settings(search);
  const room = joinRoom(
    {
      appId: APP_ID,
      password: code,
      passive: Boolean(host),
      relayConfig: { urls: config.relays, redundancy: Math.min(3, config.relays.length) },
      rtcConfig: { iceServers: config.stun.map((urls) => ({ urls })) },
    },
    code,
    // A peer that could not be linked (no route, a failed handshake) is said in the console, where
    // a player's bug report and the tests' logs find it.
    { onJoinError: ({ error, peerId }) => console.warn(`room: peer ${peerId} not linked: ${error}`) },
  );
  const action = room.makeAction("game");
  const wire = new Wire(room, action);
  addEventListener("pagehide", wire.gone);
  room.onPeerJoin = (peer) => wire.push({ type: "join", peer });
  room.onPeerLeave = (peer) => wire.push({ type: "leave", peer });
  action.onMessage = (data, context) => {
    const text = typeof data === "string" ? data : "";
    wire.received += size(text);
    wire.push({ type: "msg", peer: context.peerId, data: text });
  };
  globalThis.gongzhuWire = wire; // the tests and the benchmark read its byte counts
  return wire;
}

/** Whether this visit has a relay to find the room through (`?relay=none`: manual pairing only). */
export async function hasRelays(search = location.search) {
  return (await settings(search)).relays.length > 0;
}

// ------------------------------------------------------------------ manual pairing, no relay

/** An offer or answer as a short code: its JSON, deflated, in base64url. */
async function pack(description) {
  const text = JSON.stringify({ type: description.type, sdp: description.sdp });
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function unpack(code) {
  const clean = String(code).trim().replace(/-/g, "+").replace(/_/g, "/");
  if (!/^[A-Za-z0-9+/]{20,8000}$/.test(clean)) throw new Error("not a pairing code");
  const bytes = Uint8Array.from(atob(clean + "===".slice((clean.length + 3) % 4)), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  const data = JSON.parse(await new Response(stream).text());
  if (!data || !["offer", "answer"].includes(data.type) || typeof data.sdp !== "string") throw new Error("not a pairing code");
  return data;
}

const gathered = (pc) =>
  new Promise((resolve) => {
    if (pc.iceGatheringState === "complete") return resolve();
    const done = () => pc.iceGatheringState === "complete" && resolve();
    pc.addEventListener("icegatheringstatechange", done);
    setTimeout(resolve, 5000); // what was gathered by then
  });

/** Peers paired by hand: the host's page makes an offer code per guest, the guest's page answers
 * it with a code of its own, the host's page takes that answer; then a data channel links them.
 * Same events and `send` as a relay's Wire. */
class ManualWire extends Events {
  constructor(config) {
    super();
    this.config = { iceServers: config.stun.map((urls) => ({ urls })) };
    this.channels = {};
    this.offers = {};
    this.count = 0;
  }

  attach(peer, pc, channel) {
    channel.onopen = () => {
      this.channels[peer] = channel;
      this.push({ type: "join", peer });
    };
    channel.onmessage = (event) => {
      const text = typeof event.data === "string" ? event.data : "";
      this.received += size(text);
      this.push({ type: "msg", peer, data: text });
    };
    channel.onclose = () => {
      delete this.channels[peer];
      this.push({ type: "leave", peer });
    };
  }

  /** The host: a new offer; its peer name and code. */
  async offer() {
    const peer = `pair-${++this.count}`;
    const pc = new RTCPeerConnection(this.config);
    this.attach(peer, pc, pc.createDataChannel("game"));
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc);
    this.offers[peer] = pc;
    return JSON.stringify({ peer, code: await pack(pc.localDescription) });
  }

  /** The host: a guest's answer code to the offer of `peer`. */
  async accept(peer, code) {
    const pc = this.offers[peer];
    if (!pc) throw new Error("no such offer");
    await pc.setRemoteDescription(await unpack(code));
    delete this.offers[peer];
  }

  /** A guest: the host's offer code; resolves to this page's answer code. */
  async answer(code) {
    const pc = new RTCPeerConnection(this.config);
    pc.ondatachannel = (event) => this.attach("host", pc, event.channel);
    await pc.setRemoteDescription(await unpack(code));
    await pc.setLocalDescription(await pc.createAnswer());
    await gathered(pc);
    return pack(pc.localDescription);
  }

  send(text, peer) {
    const data = String(text);
    this.sent += size(data);
    try {
      this.channels[peer]?.send(data);
    } catch (err) {
      console.warn(`room: not sent: ${err.message}`);
    }
  }

  peers() {
    return Object.keys(this.channels);
  }

  leave() {
    for (const channel of Object.values(this.channels)) channel.close();
  }
}

/** A wire for manual pairing (no relay). */
export async function manual(search = location.search) {
  const wire = new ManualWire(await settings(search));
  globalThis.gongzhuManualWire = wire;
  return wire;
}

/** A room code: 128 random bits from the platform's CSPRNG, as 32 hex digits. */
export function newCode() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export { selfId };

/** Draw `text` as a QR code on `canvas` (black modules on white, a quiet zone of 4). */
export function drawQr(canvas, text) {
  const code = qrcode(0, "M");
  code.addData(String(text));
  code.make();
  const count = code.getModuleCount();
  const scale = Math.max(2, Math.floor(200 / (count + 8)));
  const size = (count + 8) * scale;
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, size, size);
  ctx.fillStyle = "#000";
  for (let row = 0; row < count; row += 1)
    for (let col = 0; col < count; col += 1)
      if (code.isDark(row, col)) ctx.fillRect((col + 4) * scale, (row + 4) * scale, scale, scale);
  return count;
}
