// Reads an MCAP file with the official @mcap/core stream reader (zstd chunks through fzstd), decodes every
// message with protobufjs from the FileDescriptorSet embedded in its channel's schema, and prints one JSON
// summary on stdout: the header, schemas, channels, per-channel message counts and decoded messages,
// attachments, and whether the file had a footer. Exit 1 with a message on stderr when anything fails.
import { McapStreamReader } from "@mcap/core";
import { decompress } from "fzstd";
import protobuf from "protobufjs";
import descriptor from "protobufjs/ext/descriptor/index.js";
import { readFileSync } from "node:fs";

const bytes = readFileSync(process.argv[2]);
const reader = new McapStreamReader({
  decompressHandlers: { zstd: (buffer, size) => decompress(buffer, new Uint8Array(Number(size))) },
  validateCrcs: true,
});
reader.append(bytes);
const out = { header: null, schemas: {}, channels: {}, counts: {}, decoded: {}, attachments: [], footer: false };
const types = {};
let record;
while ((record = reader.nextRecord()) !== undefined) {
  switch (record.type) {
    case "Header":
      out.header = { profile: record.profile, library: record.library };
      break;
    case "Schema": { // in the data section, and again in the summary
      out.schemas[record.id] = { name: record.name, encoding: record.encoding };
      if (record.encoding === "protobuf") {
        const set = descriptor.FileDescriptorSet.decode(record.data);
        const root = protobuf.Root.fromDescriptor(set);
        types[record.id] = root.lookupType(record.name);
      }
      break;
    }
    case "Channel": // in the data section, and again in the summary
      out.channels[record.id] = { topic: record.topic, schemaId: record.schemaId, encoding: record.messageEncoding };
      out.counts[record.topic] ??= 0;
      out.decoded[record.topic] ??= [];
      break;
    case "Message": {
      const ch = out.channels[record.channelId];
      out.counts[ch.topic]++;
      const type = types[ch.schemaId];
      const obj = type ? type.toObject(type.decode(record.data), { longs: String, defaults: false }) : null;
      out.decoded[ch.topic].push({ logTime: record.logTime.toString(), sequence: record.sequence, message: obj });
      break;
    }
    case "Attachment":
      out.attachments.push({ name: record.name, mediaType: record.mediaType, size: record.data.length });
      break;
    case "Footer":
      out.footer = true;
      break;
    default:
      break;
  }
}
out.done = reader.done();
console.log(JSON.stringify(out));
