// Reads Canopy recordings with the official @mcap/core library and decodes every message with protobufjs from
// the FileDescriptorSets embedded in the file: the independent check that Foxglove-style readers understand it.
// Several files (the parts of a recording split by --record-max-size) are each read on their own, as a reader
// given only that file would: each must hold messages, attachments and every schema and channel it uses.
// usage: node read-recording.mjs FILE.mcap [FILE.mcap ...]   (@mcap/core, @mcap/support, protobufjs from this
// folder's package.json). Last line: "N files: C complete, F failed" (complete: ends with its footer).
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
const require = createRequire(process.env.NODE_PATH ? process.env.NODE_PATH + "/" : import.meta.url);
const { McapStreamReader } = require("@mcap/core");
const { loadDecompressHandlers } = require("@mcap/support");
const protobuf = require("protobufjs");
require("protobufjs/ext/descriptor");

const decompressHandlers = await loadDecompressHandlers();

function check(file) {
  const reader = new McapStreamReader({ decompressHandlers, validateCrcs: true });
  reader.append(readFileSync(file));
  const schemas = new Map(), channels = new Map(), counts = new Map();
  let failed = 0, attachments = 0, footer = false;
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
        if (failed < 5) console.log(`FAIL ${file}: ${c ? c.topic : "channel " + r.channelId}: ${e.message}`);
      }
    } else if (r.type === "Attachment") {
      attachments++;
    } else if (r.type === "Footer") {
      footer = true;
    }
  }
  console.log(`${file}:${footer ? "" : " (no footer: cut short)"}`);
  for (const [t, n] of counts) console.log(`  ${t}: ${n} decoded`);
  const silent = [...channels.values()].filter((c) => !counts.has(c.topic)).map((c) => c.topic);
  if (silent.length) console.log(`  channels without messages: ${silent.join(", ")}`);
  if (attachments === 0) { console.log(`FAIL ${file}: no attachments`); failed++; }
  const ok = [...counts.values()].reduce((a, b) => a + b, 0);
  if (ok === 0) { console.log(`FAIL ${file}: no message`); failed++; }
  console.log(`  ${ok} passed, ${failed} failed`);
  return { ok: failed === 0, footer };
}

const files = process.argv.slice(2);
let complete = 0, bad = 0;
for (const f of files) {
  let r;
  try {
    r = check(f);
  } catch (e) {
    console.log(`FAIL ${f}: ${e.message}`);
    r = { ok: false, footer: false };
  }
  if (!r.ok) bad++;
  if (r.footer) complete++;
}
console.log(`${files.length} files: ${complete} complete, ${bad} failed`);
process.exit(bad === 0 && files.length > 0 ? 0 : 1);
