// Foxglove's published schema definitions (@foxglove/schemas, pinned in package.json) as protobufjs types: the .proto
// text Foxglove generates from them (generateProto), parsed here; google.protobuf.Timestamp from protobufjs's commons.
import { createRequire } from "node:module";
const require = createRequire(process.env.NODE_PATH ? process.env.NODE_PATH + "/" : import.meta.url);
const protobuf = require("protobufjs");
const { foxgloveMessageSchemas, foxgloveEnumSchemas, generateProto } = require("@foxglove/schemas/internal");

export function publishedTypes(names) {
  const root = new protobuf.Root();
  root.addJSON(protobuf.common.get("google/protobuf/timestamp.proto").nested);
  const needed = new Set(["Vector3", "Quaternion", "Pose", ...names]);
  for (const name of needed) {
    const schema = foxgloveMessageSchemas[name];
    if (!schema) throw new Error(`@foxglove/schemas has no ${name}`);
    const enums = Object.values(foxgloveEnumSchemas).filter((e) => e.parentSchemaName === name);
    protobuf.parse(generateProto(schema, enums), root, { keepCase: true });
  }
  root.resolveAll();
  return (name) => root.lookupType(name);
}
