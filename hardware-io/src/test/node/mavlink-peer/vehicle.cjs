#!/usr/bin/env node
// A simulated MAVLink 2 vehicle (an ArduCopter-like quadrotor, system 1 component 1) written with the
// node-mavlink package: the independent peer of Canopy's MAVLink tests. It parses and writes every frame with
// node-mavlink, so a codec mistake on either side shows as a missing or rejected message.
//
//   node vehicle.cjs --udp PORT      talk to 127.0.0.1:PORT from an ephemeral UDP port
//   node vehicle.cjs --serial PATH   talk over a serial device or pty (raw, e.g. one end of a socat pair)
//
// It prints one line per thing it saw or did ("READY", "ARMED", "MODE 4", "TAKEOFF 5", "SETPOINT x y z",
// "LANDED", "DISARMED", "MISSION_ITEM i lat lon alt", "MISSION_ACCEPTED n", "BAD_CRC n") so the Java test can
// check what the vehicle received. Commands on stdin: "silence" stops all output frames, "resume" restarts,
// "garbage" sends a line of text, a truncated frame and a frame with a wrong CRC (then a good heartbeat).
'use strict';
const fs = require('fs');
const dgram = require('dgram');
const { PassThrough } = require('stream');
const { MavLinkPacketSplitter, MavLinkPacketParser, MavLinkProtocolV2, minimal, common } = require('node-mavlink');

const REGISTRY = { ...minimal.REGISTRY, ...common.REGISTRY };
const SYSID = 1, COMPID = 1;
const GUIDED = 4, LAND = 9, LOITER = 5, BRAKE = 17, STABILIZE = 0;
const COPTER_MODES = new Set([0, 1, 2, 3, 4, 5, 6, 7, 9, 11, 13, 14, 15, 16, 17, 18, 19, 20, 21]);
const HOME_LAT = 47.397742, HOME_LON = 8.545594, HOME_ALT = 488.0;
const SPEED = 10; // m/s, fast so tests are short

const args = process.argv.slice(2);
const protocol = new MavLinkProtocolV2(SYSID, COMPID);
let seq = 0;
let silent = false;
let write = () => {};
const say = (line) => process.stdout.write(line + '\n');

const v = {
  armed: false, mode: STABILIZE, x: 0, y: 0, z: 0, vx: 0, vy: 0, vz: 0,
  target: null, velocity: null, landing: false, landed: true, yaw: 0,
  missionCount: 0, missionItems: [], missionNext: -1,
};

function send(msg) {
  if (silent) return;
  write(protocol.serialize(msg, seq++ & 0xff));
}

function ack(command, result) {
  const a = new common.CommandAck();
  a.command = command; a.result = result; a.targetSystem = 255; a.targetComponent = 190;
  send(a);
}

function onPacket(packet) {
  const clazz = REGISTRY[packet.header.msgid];
  if (!clazz) { say('UNKNOWN ' + packet.header.msgid); return; }
  const m = packet.protocol.data(packet.payload, clazz);
  switch (packet.header.msgid) {
    case minimal.Heartbeat.MSG_ID:
      if (!v.gcsSeen) { v.gcsSeen = true; say('GCS_HEARTBEAT ' + m.type + ' ' + packet.header.sysid + ' ' + packet.header.compid); }
      break;
    case common.CommandLong.MSG_ID: onCommand(m); break;
    case common.SetPositionTargetLocalNed.MSG_ID: onSetpoint(m); break;
    case common.ManualControl.MSG_ID: say(`MANUAL ${m.x} ${m.y} ${m.z} ${m.r} ${m.buttons}`); break;
    case common.MissionCount.MSG_ID:
      v.missionCount = m.count; v.missionItems = []; v.missionNext = 0; requestItem(0); break;
    case common.MissionItemInt.MSG_ID: onMissionItem(m); break;
    default: say('MSG ' + packet.header.msgid);
  }
}

function onCommand(m) {
  const p = [m._param1, m._param2, m._param3, m._param4, m._param5, m._param6, m._param7];
  say(`COMMAND ${m.command} confirmation ${m.confirmation}`);
  if (m.targetSystem !== SYSID) return;
  switch (m.command) {
    case 400: // COMPONENT_ARM_DISARM
      if (p[0] === 1) {
        if (!v.armed) { v.armed = true; say('ARMED'); }
        ack(400, 0);
      } else if (v.landed || p[1] === 21196) {
        if (v.armed) { v.armed = false; say('DISARMED'); }
        ack(400, 0);
      } else { ack(400, 1); } // TEMPORARILY_REJECTED in the air
      break;
    case 176: // DO_SET_MODE
      if (COPTER_MODES.has(p[1])) { v.mode = p[1]; say('MODE ' + v.mode); ack(176, 0); } else ack(176, 2);
      if (v.mode === LAND) startLanding();
      if (v.mode === LOITER || v.mode === BRAKE) { v.target = { x: v.x, y: v.y, z: v.z }; v.velocity = null; }
      break;
    case 22: // NAV_TAKEOFF
      if (!v.armed || v.mode !== GUIDED) { ack(22, 4); say('TAKEOFF_REFUSED'); break; }
      v.landed = false; v.landing = false; v.target = { x: v.x, y: v.y, z: -p[6] }; v.velocity = null;
      say('TAKEOFF ' + p[6]); ack(22, 0);
      break;
    case 21: // NAV_LAND
      ack(21, 0); startLanding(); break;
    case 300: ack(300, 0); say('MISSION_START'); break;
    default: ack(m.command, 3); // UNSUPPORTED
  }
}

function startLanding() {
  if (v.landed) return;
  v.landing = true; v.target = { x: v.x, y: v.y, z: 0 }; v.velocity = null; say('LANDING');
}

function onSetpoint(m) {
  const posIgnored = (m.typeMask & 7) === 7;
  if (!v.armed || v.landed || v.mode !== GUIDED) { say('SETPOINT_IGNORED'); return; }
  if (posIgnored) {
    v.velocity = { vx: m.vx, vy: m.vy, vz: m.vz }; v.target = null;
    if (!v.velSeen || v.velSeen.vx !== m.vx || v.velSeen.vy !== m.vy || v.velSeen.vz !== m.vz) {
      v.velSeen = v.velocity; say(`VELOCITY ${m.vx} ${m.vy} ${m.vz}`);
    }
  } else {
    const t = { x: m.x, y: m.y, z: m.z };
    if (!v.target || v.target.x !== t.x || v.target.y !== t.y || v.target.z !== t.z) say(`SETPOINT ${t.x} ${t.y} ${t.z}`);
    v.target = t; v.velocity = null;
  }
}

function requestItem(i) {
  const r = new common.MissionRequestInt();
  r.targetSystem = 255; r.targetComponent = 190; r.seq = i; r.missionType = 0;
  send(r);
}

function onMissionItem(m) {
  if (m.seq !== v.missionNext) { say('MISSION_ITEM_OUT_OF_ORDER ' + m.seq); return; }
  v.missionItems.push(m);
  say(`MISSION_ITEM ${m.seq} ${m.x / 1e7} ${m.y / 1e7} ${m.z} frame ${m.frame} command ${m.command}`);
  v.missionNext++;
  if (v.missionNext < v.missionCount) { requestItem(v.missionNext); return; }
  const a = new common.MissionAck();
  a.targetSystem = 255; a.targetComponent = 190; a.type = 0; a.missionType = 0;
  send(a);
  say('MISSION_ACCEPTED ' + v.missionCount);
}

// ---- simulation: 50 Hz physics, telemetry at 10 Hz, heartbeat and status at 2 Hz
let tick = 0;
const bootMs = Date.now();
setInterval(() => {
  const dt = 0.02;
  tick++;
  if (v.target) {
    const dx = v.target.x - v.x, dy = v.target.y - v.y, dz = v.target.z - v.z;
    const d = Math.hypot(dx, dy, dz);
    const step = Math.min(d, SPEED * dt);
    if (d > 1e-6) { v.vx = dx / d * SPEED; v.vy = dy / d * SPEED; v.vz = dz / d * SPEED; v.x += dx / d * step; v.y += dy / d * step; v.z += dz / d * step; }
    else { v.vx = v.vy = v.vz = 0; }
  } else if (v.velocity) {
    v.vx = v.velocity.vx; v.vy = v.velocity.vy; v.vz = v.velocity.vz;
    v.x += v.vx * dt; v.y += v.vy * dt; v.z = Math.min(0, v.z + v.vz * dt);
  }
  if (v.landing && v.z >= -0.01) {
    v.z = 0; v.landing = false; v.landed = true; v.target = null; v.vx = v.vy = v.vz = 0;
    say('LANDED');
    if (v.armed) { v.armed = false; say('DISARMED'); }
  }
  const t = Date.now() - bootMs;
  if (tick % 5 === 0) {
    const att = new common.Attitude();
    att.timeBootMs = t; att.roll = 0.01; att.pitch = -0.02; att.yaw = v.yaw; att.rollspeed = 0; att.pitchspeed = 0; att.yawspeed = 0;
    send(att);
    const lp = new common.LocalPositionNed();
    lp.timeBootMs = t; lp.x = v.x; lp.y = v.y; lp.z = v.z; lp.vx = v.vx; lp.vy = v.vy; lp.vz = v.vz;
    send(lp);
    const gp = new common.GlobalPositionInt();
    gp.timeBootMs = t;
    gp.lat = Math.round((HOME_LAT + v.x / 111320) * 1e7);
    gp.lon = Math.round((HOME_LON + v.y / (111320 * Math.cos(HOME_LAT * Math.PI / 180))) * 1e7);
    gp.alt = Math.round((HOME_ALT - v.z) * 1000); gp.relativeAlt = Math.round(-v.z * 1000);
    gp.vx = Math.round(v.vx * 100); gp.vy = Math.round(v.vy * 100); gp.vz = Math.round(v.vz * 100); gp.hdg = 9000;
    send(gp);
  }
  if (tick % 25 === 0) {
    const hb = new minimal.Heartbeat();
    hb.type = 2; hb.autopilot = 3; hb.baseMode = 1 | (v.armed ? 128 : 0); hb.customMode = v.mode;
    hb.systemStatus = v.armed ? 4 : 3; hb.mavlinkVersion = 3;
    send(hb);
    const ss = new common.SysStatus();
    ss.voltageBattery = 12600; ss.currentBattery = 1250; ss.batteryRemaining = 87; ss.load = 250;
    send(ss);
    const bs = new common.BatteryStatus();
    bs.id = 0; bs.batteryFunction = 0; bs.type = 0; bs.temperature = 32767;
    bs.voltages = [4200, 4200, 4200, 65535, 65535, 65535, 65535, 65535, 65535, 65535];
    bs.currentBattery = 1250; bs.currentConsumed = -1; bs.energyConsumed = -1; bs.batteryRemaining = 87;
    bs.voltagesExt = [0, 0, 0, 0];
    send(bs);
    const es = new common.ExtendedSysState();
    es.vtolState = 0; es.landedState = v.landed ? 1 : 2;
    send(es);
  }
}, 20);

// ---- transport
let badCrc = 0;
const splitter = new MavLinkPacketSplitter({}, { onCrcError: () => { badCrc++; say('BAD_CRC ' + badCrc); } });
const input = new PassThrough();
input.pipe(splitter).pipe(new MavLinkPacketParser()).on('data', onPacket);

if (args[0] === '--udp') {
  const port = parseInt(args[1], 10);
  const sock = dgram.createSocket('udp4');
  sock.on('message', (buf) => input.write(buf));
  write = (buf) => sock.send(buf, port, '127.0.0.1');
  sock.bind(0, '127.0.0.1', () => say('READY udp ' + sock.address().port));
} else if (args[0] === '--serial') {
  const fd = fs.openSync(args[1], 'r+');
  const rs = fs.createReadStream(null, { fd, autoClose: false });
  rs.on('data', (buf) => input.write(buf));
  rs.on('error', (e) => { say('SERIAL_ERROR ' + e.message); process.exit(3); });
  write = (buf) => fs.write(fd, buf, () => {});
  say('READY serial ' + args[1]);
} else {
  process.stderr.write('usage: vehicle.cjs --udp PORT | --serial PATH\n');
  process.exit(2);
}

// bad input on purpose: a line of text, a frame cut short, a frame with a wrong checksum, then a good heartbeat
function sendGarbage() {
  const hb = new minimal.Heartbeat();
  hb.type = 2; hb.autopilot = 3; hb.baseMode = 1 | (v.armed ? 128 : 0); hb.customMode = v.mode;
  hb.systemStatus = 4; hb.mavlinkVersion = 3;
  write(Buffer.from('this is a line of garbage, not MAVLink\r\n', 'ascii'));
  const whole = protocol.serialize(hb, seq++ & 0xff);
  write(whole.subarray(0, 8)); // truncated: the header and nothing more
  const bad = Buffer.from(protocol.serialize(hb, seq++ & 0xff));
  bad[bad.length - 1] ^= 0x5a; // wrong CRC
  write(bad);
  write(protocol.serialize(hb, seq++ & 0xff));
  say('GARBAGE_SENT');
}

process.stdin.setEncoding('utf8');
process.stdin.on('data', (s) => {
  for (const line of s.split('\n')) {
    if (line.trim() === 'silence') { silent = true; say('SILENT'); }
    if (line.trim() === 'resume') { silent = false; say('RESUMED'); }
    if (line.trim() === 'garbage') sendGarbage();
  }
});
process.stdin.on('end', () => process.exit(0)); // the test ended: so do we
