// Foxglove's own client library (@foxglove/ws-protocol with ws) against canopy's --foxglove server: serverInfo, the
// advertised channels, subscriptions, messages decoded with protobufjs from the advertised FileDescriptorSets, and
// the well-known ones decoded again with Foxglove's published definitions. Asserts a pose that moves, the mission
// machine's state and a log line. usage: node live.mjs PORT [SECONDS [hold]]   Last line: "N passed, F failed".
// With "hold" it stays connected and subscribed for the whole SECONDS (a client attached while the tick is measured).
import { createRequire } from "node:module";
import { publishedTypes } from "./published.mjs";
const require = createRequire(process.env.NODE_PATH ? process.env.NODE_PATH + "/" : import.meta.url);
const { FoxgloveClient } = require("@foxglove/ws-protocol");
const WebSocket = require("ws");
const protobuf = require("protobufjs");
require("protobufjs/ext/descriptor");

const port = Number(process.argv[2]);
const seconds = Number(process.argv[3] ?? 20);
const published = publishedTypes(["PoseInFrame", "FrameTransform", "Log"]);
let pass = 0, fail = 0;
const check = (ok, what) => { if (ok) pass++; else { fail++; console.log(`FAIL: ${what}`); } };

// the server may still be starting: retry the connection for up to 60 s
async function connect() {
  const until = Date.now() + 60_000;
  for (;;) {
    try {
      return await new Promise((resolve, reject) => {
        const client = new FoxgloveClient({ ws: new WebSocket(`ws://127.0.0.1:${port}`, [FoxgloveClient.SUPPORTED_SUBPROTOCOL]) });
        client.on("open", () => resolve(client));
        client.on("error", (e) => reject(e));
      });
    } catch (e) {
      if (Date.now() > until) throw e;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

const client = await connect();
const channels = new Map(), subs = new Map();
const seen = { xs: new Set(), machine: null, log: 0, tf: 0, serverInfo: null, statuses: [] };
client.on("serverInfo", (info) => { seen.serverInfo = info; });
client.on("status", (s) => seen.statuses.push(s.message));
client.on("advertise", (list) => {
  for (const c of list) {
    channels.set(c.id, c);
    const own = protobuf.Root.fromDescriptor(protobuf.descriptor.FileDescriptorSet.decode(Buffer.from(c.schema, "base64")));
    const type = own.lookupType(c.schemaName);
    const id = client.subscribe(c.id);
    subs.set(id, { channel: c, type, known: c.schemaName.startsWith("foxglove.") ? published(c.schemaName) : null });
  }
});
client.on("message", ({ subscriptionId, timestamp, data }) => {
  const s = subs.get(subscriptionId);
  if (!s) { check(false, `message for unknown subscription ${subscriptionId}`); return; }
  const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  const m = s.type.toObject(s.type.decode(bytes), { longs: Number, enums: String });
  const k = s.known ? s.known.toObject(s.known.decode(bytes), { longs: Number, enums: String }) : null;
  const ms = Number(timestamp / 1_000_000n);
  if (Math.abs(ms - Date.now()) > 120_000) check(false, `${s.channel.topic}: log time ${timestamp} is not ns since the epoch`);
  if (s.channel.schemaName === "foxglove.PoseInFrame") {
    seen.xs.add(k.pose.position.x);
    if (JSON.stringify(k) !== JSON.stringify(m)) check(false, `PoseInFrame decodes differently with the published schema`);
  } else if (s.channel.schemaName === "foxglove.FrameTransform") {
    seen.tf++;
  } else if (s.channel.schemaName === "foxglove.Log") {
    if (k.message && k.level) seen.log++;
  } else if (s.channel.topic.endsWith("/machine/mission")) {
    seen.machine = m.value;
  }
});

const until = Date.now() + seconds * 1000;
const hold = process.argv[4] === "hold";
while (Date.now() < until && (hold || !(seen.xs.size >= 3 && seen.machine && seen.log > 0 && seen.tf > 0))) {
  await new Promise((r) => setTimeout(r, 100));
}
const topics = [...channels.values()].map((c) => `${c.topic} (${c.schemaName})`);
console.log(`server: ${seen.serverInfo?.name}; channels: ${topics.join(", ")}`);
console.log(`pose: ${seen.xs.size} distinct x; transforms: ${seen.tf}; machine: ${seen.machine}; log lines: ${seen.log}`);
check(seen.serverInfo?.name === "canopy", "serverInfo names canopy");
check(topics.some((t) => t.endsWith("/foxglove/pose (foxglove.PoseInFrame)")), "a foxglove.PoseInFrame channel");
check(topics.some((t) => t === "log (foxglove.Log)"), "the foxglove.Log channel");
check(seen.xs.size >= 3, "the pose moves (3 distinct x)");
check(seen.tf > 0, "FrameTransform messages");
check(["Patrol", "ReturnToDock", "Charging"].includes(seen.machine), `the mission's state (${seen.machine})`);
check(seen.log > 0, "foxglove.Log lines");
client.close();
console.log(`${pass} passed, ${fail} failed`);
process.exit(fail === 0 ? 0 : 1);
