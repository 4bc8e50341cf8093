// The Canopy page: one WebSocket (/api/live) with the whole state first, then compact deltas; reconnects by
// itself. Everything is drawn once and then only updated, so nothing flickers at 20 updates a second.
(function () {
  'use strict';
  var robots = {}, control = false, seq = 0;
  var selected = null, dirty = false;
  var trails = {}, lateness = {};
  var drawn = { robot: null, trees: {}, treeKey: '', machineKey: '', machines: {} };
  var token = new URLSearchParams(location.search).get('token') || sessionStorage.getItem('canopy-token');
  if (token) sessionStorage.setItem('canopy-token', token);
  var $ = function (id) { return document.getElementById(id); };

  // ---- connection -----------------------------------------------------------------------------------
  var backoff = 250;
  function connect() {
    var ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/api/live');
    ws.onopen = function () { backoff = 250; $('conn').setAttribute('data-conn', 'open'); $('conn').textContent = 'live'; };
    ws.onmessage = function (m) { receive(JSON.parse(m.data)); };
    ws.onclose = function () {
      $('conn').setAttribute('data-conn', 'closed');
      $('conn').textContent = 'disconnected, reconnecting…';
      setTimeout(connect, backoff);
      backoff = Math.min(2000, backoff * 2);
    };
    ws.onerror = function () { ws.close(); };
  }

  function receive(m) {
    if (m.t === 'full') {
      robots = m.robots || {};
      control = !!m.control;
      seq = m.seq;
      trails = {};
      Object.keys(robots).forEach(function (r) {
        trails[r] = (robots[r].trail || []).slice();
        delete robots[r].trail;
      });
      // no forced redraw: the trees and machines are drawn again only where their shapes differ (a full state that
      // repeats what the page was served with must not replace the drawing under the reader, or under a test)
    } else if (m.t === 'd') {
      Object.keys(m.r).forEach(function (name) {
        var d = m.r[name];
        if (d === null) { delete robots[name]; return; }
        var r = robots[name] || (robots[name] = {});
        Object.keys(d).forEach(function (sec) {
          var v = d[sec];
          if (v === null) { delete r[sec]; return; }
          if (isObj(v) && isObj(r[sec])) {
            Object.keys(v).forEach(function (k) { if (v[k] === null) delete r[sec][k]; else r[sec][k] = v[k]; });
          } else {
            r[sec] = v;
          }
        });
        if (d.pose) addTrail(name, r.pose);
      });
      seq = m.seq;
    }
    Object.keys(robots).forEach(function (name) { recordLateness(name, robots[name].timers); });
    if (!dirty) { dirty = true; requestAnimationFrame(draw); }
  }

  function isObj(v) { return v !== null && typeof v === 'object' && !Array.isArray(v); }

  function addTrail(name, p) {
    var t = trails[name] || (trails[name] = []);
    var last = t[t.length - 1];
    if (!last || Math.hypot(last[0] - p.x, last[1] - p.y) >= 0.01) t.push([p.x, p.y]);
    if (t.length > 2000) t.shift();
  }

  function recordLateness(name, timers) {
    if (!timers) return;
    var h = lateness[name] || (lateness[name] = {});
    var now = Date.now();
    timers.forEach(function (t) {
      var s = h[t.name] || (h[t.name] = []);
      var v = t.recentP99Us !== undefined ? t.recentP99Us : t.p99Us;
      if (!s.length || now - s[s.length - 1][0] >= 250) s.push([now, v]);
      if (s.length > 240) s.shift();
    });
  }

  // ---- drawing --------------------------------------------------------------------------------------
  function draw() {
    dirty = false;
    var names = Object.keys(robots).sort();
    if (!selected || !robots[selected]) selected = fromHash() || names[0] || null;
    drawPicker(names);
    drawFleet(names);
    $('control').hidden = !control;
    var lost = names.some(function (n) { return robots[n].broker === 'lost'; });
    if ($('conn').getAttribute('data-conn') === 'open') {
      setText($('conn'), lost ? 'broker lost: robots\' states unknown' : 'live');
      $('conn').setAttribute('data-broker', lost ? 'lost' : 'connected');
    }
    var r = selected && robots[selected];
    if (!r) return;
    if (drawn.robot !== selected) {
      drawn = { robot: selected, trees: {}, treeKey: '', machineKey: '', machines: {} };
      $('trees').textContent = '';
      $('machines').textContent = '';
    }
    $('robot-summary').textContent = (r.state === 'unknown' ? 'state unknown (the monitor lost the broker)'
        : r.online === false ? 'OFFLINE' : 'online') + (r.battery ? ' · battery ' + r.battery.percent.toFixed(0) + '%' : '');
    drawTrees(r);
    drawMachines(r);
    drawTimers(r);
    drawLinks(r);
    drawPose(r, trails[selected] || []);
    drawBlackboard(r);
    drawLog(r);
  }

  function fromHash() {
    var m = /robot=([^&]+)/.exec(location.hash);
    return m ? decodeURIComponent(m[1]) : null;
  }

  function select(name) {
    selected = name;
    history.replaceState(null, '', '#robot=' + encodeURIComponent(name));
    drawn.robot = null;
    draw();
  }

  function drawPicker(names) {
    var p = $('robot-picker');
    var key = names.join('\n');
    if (p.getAttribute('data-key') !== key) {
      p.textContent = '';
      names.forEach(function (n) { var o = document.createElement('option'); o.value = n; o.textContent = n; p.appendChild(o); });
      p.setAttribute('data-key', key);
    }
    if (selected) p.value = selected;
  }

  function leafStates(r) {
    var out = [];
    Object.keys(r.machineState || {}).forEach(function (m) {
      var ms = r.machineState[m], def = (r.machines || {})[m], parents = {};
      if (def) def.states.forEach(function (s) { if (s.parent) parents[s.parent] = true; });
      var active = ms.active || [];
      var leaves = active.filter(function (s) { return !active.some(function (o) { return def && def.states.some(function (d) { return d.id === o && d.parent === s; }); }); });
      out.push(m + ': ' + (leaves.join(', ') || '-'));
    });
    return out.join('; ');
  }

  function ago(ms) {
    if (!ms) return '—';
    var s = Math.max(0, (Date.now() - ms) / 1000);
    return s < 1 ? 'now' : s < 60 ? s.toFixed(0) + ' s ago' : (s / 60).toFixed(0) + ' min ago';
  }

  function drawFleet(names) {
    var claims = claimRows(names);
    $('fleet').hidden = names.length < 2 && claims.length === 0;
    var body = $('fleet-table').tBodies[0];
    var rows = {};
    Array.prototype.forEach.call(body.rows, function (tr) { rows[tr.getAttribute('data-robot')] = tr; });
    names.forEach(function (n) {
      var r = robots[n], tr = rows[n];
      if (!tr) {
        tr = body.insertRow();
        tr.setAttribute('data-robot', n);
        for (var i = 0; i < 6; i++) tr.insertCell();
        tr.cells[3].className = 'holds';
        tr.onclick = function () { select(n); };
      }
      delete rows[n];
      var online = r.online !== false, unknown = r.state === 'unknown';
      tr.setAttribute('data-online', unknown ? 'unknown' : online);
      tr.setAttribute('data-selected', n === selected);
      setText(tr.cells[0], n);
      var badge = unknown ? '<span class="badge unknown">unknown</span>'
        : online ? '<span class="badge on">online</span>' : '<span class="badge off">offline</span>';
      if (tr.cells[1].innerHTML !== badge) tr.cells[1].innerHTML = badge;
      setText(tr.cells[2], leafStates(r));
      var holds = Object.keys(r.claims || {}).sort().join(', ');
      setText(tr.cells[3], holds || '—');
      if (tr.cells[3].getAttribute('data-claims') !== holds) tr.cells[3].setAttribute('data-claims', holds);
      setText(tr.cells[4], r.battery ? r.battery.percent.toFixed(0) + ' %' : '—');
      setText(tr.cells[5], ago(r.lastSeenMs));
    });
    Object.keys(rows).forEach(function (n) { rows[n].remove(); });
    drawClaims(claims);
  }

  // every live claim of every robot, by waypoint: [waypoint, holder, expiresMs]
  function claimRows(names) {
    var out = [];
    names.forEach(function (n) {
      var c = robots[n].claims || {};
      Object.keys(c).forEach(function (w) { out.push([w, n, c[w].expiresMs]); });
    });
    return out.sort(function (a, b) { return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0; });
  }

  function drawClaims(claims) {
    var body = $('claims-table').tBodies[0];
    var rows = {};
    Array.prototype.forEach.call(body.rows, function (tr) { rows[tr.getAttribute('data-waypoint')] = tr; });
    claims.forEach(function (c) {
      var tr = rows[c[0]];
      if (!tr) {
        tr = body.insertRow();
        tr.setAttribute('data-waypoint', c[0]);
        for (var i = 0; i < 3; i++) tr.insertCell();
      }
      delete rows[c[0]];
      tr.setAttribute('data-holder', c[1]);
      setText(tr.cells[0], c[0]);
      setText(tr.cells[1], c[1]);
      var s = (c[2] - Date.now()) / 1000;
      setText(tr.cells[2], s > 0 ? 'in ' + s.toFixed(1) + ' s' : 'now');
    });
    Object.keys(rows).forEach(function (w) { rows[w].remove(); });
    $('claims-table').hidden = claims.length === 0;
    $('claims-none').hidden = claims.length > 0;
  }

  function setText(e, t) { if (e.textContent !== t) e.textContent = t; }

  function drawTrees(r) {
    var trees = r.trees || {};
    var key = JSON.stringify(trees); // the shapes: a tree swapped for one of the same size is drawn again too
    if (key !== drawn.treeKey) {
      $('trees').textContent = '';
      drawn.trees = {};
      Object.keys(trees).forEach(function (t) {
        var div = document.createElement('div');
        div.className = 'tree';
        div.setAttribute('data-tree-name', t);
        var h = document.createElement('h3');
        h.textContent = t;
        div.appendChild(h);
        $('trees').appendChild(div);
        drawn.trees[t] = { div: div, view: window.CanopyTree.render(div, t, trees[t], blackboardValue) };
      });
      drawn.treeKey = key;
    }
    Object.keys(drawn.trees).forEach(function (t) {
      var st = (r.treeStatus || {})[t];
      if (!st) return;
      drawn.trees[t].div.setAttribute('data-active', st.active);
      drawn.trees[t].view.update(st.s);
    });
  }

  function blackboardValue(key) {
    var r = robots[selected];
    return r && r.blackboard ? r.blackboard[key] : undefined;
  }

  function drawMachines(r) {
    var machines = r.machines || {};
    var key = JSON.stringify(machines) + control;
    if (key !== drawn.machineKey) {
      var root = $('machines');
      root.textContent = '';
      drawn.machines = {};
      Object.keys(machines).forEach(function (m) {
        var box = document.createElement('div');
        box.className = 'machine';
        box.setAttribute('data-machine-name', m);
        var h = document.createElement('h3');
        h.textContent = m;
        box.appendChild(h);
        var elements = {}, events = {};
        var states = machines[m].states;
        function children(parent) { return states.filter(function (s) { return (s.parent || null) === parent; }); }
        function build(s, into) {
          var d = document.createElement('div');
          d.className = 'state';
          d.setAttribute('data-machine', m);
          d.setAttribute('data-state', s.id);
          d.setAttribute('data-kind', s.kind);
          d.setAttribute('data-active', 'false');
          var label = document.createElement('div');
          label.className = 'label';
          label.textContent = s.id;
          label.title = s.transitions.map(function (t) { return (t.event || '(eventless)') + ' → ' + (t.target || '(internal)'); }).join('\n');
          d.appendChild(label);
          s.transitions.forEach(function (t) { if (t.event) t.event.split(/\s+/).forEach(function (e) { events[e] = true; }); });
          var cs = children(s.id);
          if (cs.length) {
            var c = document.createElement('div');
            c.className = 'children';
            cs.forEach(function (k) { build(k, c); });
            d.appendChild(c);
          }
          into.appendChild(d);
          elements[s.id] = d;
        }
        children(null).forEach(function (s) { build(s, box); });
        var list = document.createElement('ol');
        list.className = 'transitions';
        list.setAttribute('data-transitions', m);
        box.appendChild(list);
        if (control) {
          var ev = document.createElement('div');
          ev.className = 'events';
          ev.appendChild(document.createTextNode('Send event: '));
          Object.keys(events).sort().forEach(function (e) {
            if (e === '*' || e.indexOf('done.') === 0 || e.indexOf('error.') === 0) return;
            var b = document.createElement('button');
            b.textContent = e;
            b.setAttribute('data-event', e);
            b.onclick = function () { post('/api/event?event=' + encodeURIComponent(e) + '&robot=' + encodeURIComponent(selected)); };
            ev.appendChild(b);
          });
          box.appendChild(ev);
        }
        root.appendChild(box);
        drawn.machines[m] = { elements: elements, list: list, lastKey: '' };
      });
      drawn.machineKey = key;
    }
    Object.keys(drawn.machines).forEach(function (m) {
      var ms = (r.machineState || {})[m];
      if (!ms) return;
      var on = {};
      (ms.active || []).forEach(function (s) { on[s] = true; });
      var d = drawn.machines[m];
      Object.keys(d.elements).forEach(function (s) {
        var v = on[s] ? 'true' : 'false';
        if (d.elements[s].getAttribute('data-active') !== v) d.elements[s].setAttribute('data-active', v);
      });
      var lkey = JSON.stringify(ms.last);
      if (lkey !== d.lastKey) {
        d.list.textContent = '';
        (ms.last || []).slice().reverse().forEach(function (t) {
          var li = document.createElement('li');
          li.textContent = new Date(t.t).toLocaleTimeString() + '  ' + t.from + ' → ' + t.to + (t.event ? ' on ' + t.event : '');
          d.list.appendChild(li);
        });
        d.lastKey = lkey;
      }
    });
  }

  function fillTable(tbody, rows, key) {
    while (tbody.rows.length > rows.length) tbody.deleteRow(-1);
    rows.forEach(function (cells, i) {
      var tr = tbody.rows[i] || tbody.insertRow();
      if (key) tr.setAttribute(key[0], key[1](i));
      while (tr.cells.length < cells.length) tr.insertCell();
      cells.forEach(function (c, j) { setText(tr.cells[j], String(c)); });
    });
  }

  function drawTimers(r) {
    var ts = r.timers || [];
    fillTable($('timers').tBodies[0], ts.map(function (t) {
      return [t.name, t.hz + ' Hz', t.ticks, t.p50Us + ' µs', t.p99Us + ' µs', t.maxUs + ' µs', t.overruns + (t.missed ? ' (' + t.missed + ' missed)' : '')];
    }), ['data-timer', function (i) { return ts[i].name; }]);
    var plot = $('lateness-plot'), h = lateness[selected] || {};
    var colors = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728'];
    var max = 1;
    Object.keys(h).forEach(function (k) { h[k].forEach(function (p) { max = Math.max(max, p[1]); }); });
    var now = Date.now();
    var paths = Object.keys(h).map(function (k, i) {
      var pts = h[k].map(function (p) { return (400 - (now - p[0]) / 150).toFixed(1) + ',' + (98 - p[1] / max * 90).toFixed(1); }).join(' ');
      return '<polyline fill="none" stroke-width="1.5" stroke="' + colors[i % 4] + '" points="' + pts + '"><title>' + k + '</title></polyline>';
    }).join('') + '<text x="2" y="10" font-size="9">' + max.toFixed(0) + ' µs</text>';
    plot.innerHTML = paths;
  }

  function drawLinks(r) {
    var ls = r.links || [];
    fillTable($('links').tBodies[0], ls.map(function (l) {
      return [l.name, l.connected ? (l.silent ? 'silent' : 'up') : 'DOWN', l.fps, l.rx, l.tx, l.errors + (l.gaps ? ' (' + l.gaps + ' gaps)' : ''), l.lost];
    }), ['data-link', function (i) { return ls[i].name; }]);
  }

  function drawPose(r, trail) {
    var svg = $('pose');
    var p = r.pose;
    svg.setAttribute('data-trail-points', trail.length);
    if (!p) { svg.innerHTML = '<text x="10" y="20">no pose (no diffdrive)</text>'; return; }
    var xs = trail.map(function (q) { return q[0]; }).concat([p.x, 0]);
    var ys = trail.map(function (q) { return q[1]; }).concat([p.y, 0]);
    var minX = Math.min.apply(null, xs) - 0.5, maxX = Math.max.apply(null, xs) + 0.5;
    var minY = Math.min.apply(null, ys) - 0.5, maxY = Math.max.apply(null, ys) + 0.5;
    var span = Math.max(maxX - minX, maxY - minY, 1), s = 280 / span;
    function X(x) { return (10 + (x - minX) * s).toFixed(1); }
    function Y(y) { return (290 - (y - minY) * s).toFixed(1); }
    var pts = trail.map(function (q) { return X(q[0]) + ',' + Y(q[1]); }).join(' ');
    var hx = Number(X(p.x)), hy = Number(Y(p.y));
    var ax = hx + Math.cos(p.theta) * 12, ay = hy - Math.sin(p.theta) * 12;
    svg.innerHTML = '<line x1="' + X(0) + '" y1="0" x2="' + X(0) + '" y2="300" stroke="#eee"/>' +
      '<line x1="0" y1="' + Y(0) + '" x2="300" y2="' + Y(0) + '" stroke="#eee"/>' +
      '<polyline data-trail fill="none" stroke="#4a90d9" stroke-width="1.5" points="' + pts + '"/>' +
      '<circle data-robot-marker cx="' + hx + '" cy="' + hy + '" r="6" fill="#f5a623" stroke="#333"/>' +
      '<line x1="' + hx + '" y1="' + hy + '" x2="' + ax.toFixed(1) + '" y2="' + ay.toFixed(1) + '" stroke="#333" stroke-width="2"/>';
    setText($('pose-text'), 'x ' + p.x.toFixed(2) + ' m  y ' + p.y.toFixed(2) + ' m  θ ' + (p.theta * 180 / Math.PI).toFixed(0) + '°  (' + trail.length + ' trail points)');
  }

  function drawBlackboard(r) {
    var q = $('bb-search').value.toLowerCase();
    var bb = r.blackboard || {};
    var keys = Object.keys(bb).sort().filter(function (k) { return !q || k.toLowerCase().indexOf(q) >= 0 || String(bb[k]).toLowerCase().indexOf(q) >= 0; });
    fillTable($('blackboard').tBodies[0], keys.map(function (k) { return [k, bb[k]]; }), ['data-key', function (i) { return keys[i]; }]);
  }

  function drawLog(r) {
    var lines = r.log || [];
    var ol = $('log');
    var key = lines.length ? lines.length + ':' + lines[lines.length - 1].t + lines[lines.length - 1].text : '';
    if (ol.getAttribute('data-key') === key) return;
    ol.setAttribute('data-key', key);
    ol.textContent = '';
    lines.slice().reverse().forEach(function (l) {
      var li = document.createElement('li');
      li.setAttribute('data-level', l.level);
      li.textContent = new Date(l.t).toLocaleTimeString() + ' ' + l.level + ' ' + l.text;
      ol.appendChild(li);
    });
  }

  // ---- control --------------------------------------------------------------------------------------
  function post(url) {
    if (!token) {
      token = prompt('Control token (canopy printed it at start):');
      if (!token) return;
      sessionStorage.setItem('canopy-token', token);
    }
    fetch(url, { method: 'POST', headers: { 'X-Canopy-Token': token } }).then(function (res) {
      return res.text().then(function (t) {
        if (res.status === 403) { token = null; sessionStorage.removeItem('canopy-token'); }
        if (!res.ok) alert(t);
      });
    });
  }

  $('stop').onclick = function () {
    if (confirm('Stop the node ' + selected + '? Its trees halt and its motors stop.')) post('/api/stop');
  };
  $('robot-picker').onchange = function (e) { select(e.target.value); };
  $('bb-search').oninput = function () { draw(); };
  setInterval(function () { if (!dirty) { dirty = true; requestAnimationFrame(draw); } }, 1000); // "last seen" ages
  // the state as the page was served: drawn at once, before (and whether or not) the WebSocket opens
  if (window.canopyFirst) receive(window.canopyFirst);
  connect();
})();
