// Reads a Canopy recording with the official @mcap/core library and decodes every message with protobufjs from
// the FileDescriptorSets embedded in the file: the independent check that Foxglove-style readers understand it.
// usage: node read-recording.mjs FILE.mcap   (@mcap/core, @mcap/support, protobufjs from this folder's package.json)
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
const require = createRequire(process.env.NODE_PATH ? process.env.NODE_PATH + "/" : import.meta.url);
const { McapStreamReader } = require("@mcap/core");
const { loadDecompressHandlers } = require("@mcap/support");
const protobuf = require("protobufjs");
require("protobufjs/ext/descriptor");

const file = process.argv[2];
const reader = new McapStreamReader({ decompressHandlers: await loadDecompressHandlers() });
reader.append(readFileSync(file));
const schemas = new Map(), channels = new Map(), counts = new Map();
let failed = 0, attachments = 0;
for (let r; (r = reader.nextRecord()); ) {
  if (r.type === "Schema") {
    const set = protobuf.Root.fromDescriptor(protobuf.descriptor.FileDescriptorSet.decode(r.data));
    schemas.set(r.id, set.lookupType(r.name));
  } else if (r.type === "Channel") {
    channels.set(r.id, { topic: r.topic, type: schemas.get(r.schemaId) });
  } else if (r.type === "Message") {
    const c = channels.get(r.channelId);
    try {
      c.type.toObject(c.type.decode(r.data));
      counts.set(c.topic, (counts.get(c.topic) ?? 0) + 1);
    } catch (e) {
      failed++;
      if (failed < 5) console.log(`FAIL ${c.topic}: ${e.message}`);
    }
  } else if (r.type === "Attachment") {
    attachments++;
  }
}
for (const [t, n] of counts) console.log(`${t}: ${n} decoded`);
const silent = [...channels.values()].filter((c) => !counts.has(c.topic)).map((c) => c.topic);
if (silent.length) console.log(`channels without messages: ${silent.join(", ")}`);
if (attachments === 0) { console.log("FAIL no attachments"); failed++; }
const ok = [...counts.values()].reduce((a, b) => a + b, 0);
console.log(`${ok} passed, ${failed} failed`);
process.exit(failed === 0 && ok > 0 ? 0 : 1);
