// A Canopy MCAP recording, read with @mcap/core: every well-known channel (foxglove.*) must decode with Foxglove's
// published definitions (@foxglove/schemas) exactly as with the schema embedded in the file, and hold what Foxglove's
// panels need (a moving pose in a frame, transforms with parent and child, log lines with a level).
// usage: node recording.mjs FILE.mcap   Last line: "N passed, F failed".
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { publishedTypes } from "./published.mjs";
const require = createRequire(process.env.NODE_PATH ? process.env.NODE_PATH + "/" : import.meta.url);
const { McapStreamReader } = require("@mcap/core");
const { loadDecompressHandlers } = require("@mcap/support");
const protobuf = require("protobufjs");
require("protobufjs/ext/descriptor");

const published = publishedTypes(["PoseInFrame", "FrameTransform", "Log"]);
const reader = new McapStreamReader({ decompressHandlers: await loadDecompressHandlers(), validateCrcs: true });
reader.append(readFileSync(process.argv[2]));
const schemas = new Map(), channels = new Map(), counts = new Map();
const xs = new Set();
let pass = 0, fail = 0, frames = new Set(), levels = new Set();
const check = (ok, what) => { if (ok) pass++; else { fail++; if (fail < 10) console.log(`FAIL: ${what}`); } };
for (let r; (r = reader.nextRecord()); ) {
  if (r.type === "Schema") {
    const own = protobuf.Root.fromDescriptor(protobuf.descriptor.FileDescriptorSet.decode(r.data)).lookupType(r.name);
    schemas.set(r.id, { name: r.name, own, known: r.name.startsWith("foxglove.") ? published(r.name) : null });
  } else if (r.type === "Channel") {
    channels.set(r.id, { topic: r.topic, schema: schemas.get(r.schemaId) });
  } else if (r.type === "Message") {
    const c = channels.get(r.channelId);
    if (!c.schema.known) continue;
    const opts = { longs: Number, enums: String, defaults: true };
    const k = c.schema.known.toObject(c.schema.known.decode(r.data), opts);
    const o = c.schema.own.toObject(c.schema.own.decode(r.data), opts);
    if (JSON.stringify(k) !== JSON.stringify(o)) check(false, `${c.topic}: differs from the published schema: ${JSON.stringify(k)} vs ${JSON.stringify(o)}`);
    counts.set(c.schema.name, (counts.get(c.schema.name) ?? 0) + 1);
    if (c.schema.name === "foxglove.PoseInFrame") { xs.add(k.pose.position.x); frames.add(k.frame_id); }
    if (c.schema.name === "foxglove.FrameTransform") frames.add(`${k.parent_frame_id} -> ${k.child_frame_id}`);
    if (c.schema.name === "foxglove.Log") levels.add(k.level);
  }
}
console.log(`decoded with @foxglove/schemas: ${[...counts].map(([n, c]) => `${n} ${c}`).join(", ")}`);
console.log(`frames: ${[...frames].join(", ")}; log levels: ${[...levels].join(", ")}; ${xs.size} distinct x`);
check(counts.get("foxglove.PoseInFrame") > 0, "PoseInFrame messages");
check(counts.get("foxglove.FrameTransform") > 0, "FrameTransform messages");
check(counts.get("foxglove.Log") > 0, "Log messages");
check(xs.size >= 3, "the pose moves");
check(levels.has("INFO"), "INFO log lines");
console.log(`${pass} passed, ${fail} failed`);
process.exit(fail === 0 ? 0 : 1);
