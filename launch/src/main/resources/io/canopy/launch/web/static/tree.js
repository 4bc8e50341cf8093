// Behavior trees as SVG, laid out top-down like Groot2: each subtree as wide as its children, parents
// centred over them. Statuses only change attributes of existing elements, so colours update without flicker.
(function () {
  'use strict';
  var SVG = 'http://www.w3.org/2000/svg';
  var STATUS = { I: 'idle', R: 'running', S: 'success', F: 'failure', K: 'skipped' };
  var GAP = 14, LEVEL = 62, BOX_H = 34;

  function el(name, attrs, parent) {
    var e = document.createElementNS(SVG, name);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }

  function boxWidth(n) {
    var chars = Math.max(n.name.length, n.type.length * 0.8);
    return Math.min(220, Math.max(64, chars * 6.6 + 18));
  }

  // Type, path, uid, then each port: its value as written in the tree file (or its default), and for a
  // blackboard reference {key} the entry's value now.
  function tooltip(n, ports, lookup) {
    var lines = [n.type + (n.name !== n.type ? ' "' + n.name + '"' : ''), n.path, 'uid ' + n.uid];
    var attrs = n.attrs || {}, ps = ports[n.type] || [], seen = {};
    function show(name, text, dir) {
      var m = /^\{(@?[^{}]+)\}$/.exec(text || '');
      var now = m && lookup ? lookup(m[1].replace(/^@/, '')) : undefined;
      lines.push('  ' + (dir ? dir + ' ' : '') + name + ' = ' + text + (now !== undefined ? '  (now ' + now + ')' : ''));
    }
    if (ps.length || Object.keys(attrs).length) lines.push('ports:');
    ps.forEach(function (p) {
      seen[p.name] = true;
      show(p.name, attrs[p.name] !== undefined ? attrs[p.name] : p.default !== undefined ? p.default + ' (default)' : '(unset)', p.dir);
    });
    Object.keys(attrs).forEach(function (a) { if (!seen[a]) show(a, attrs[a]); });
    return lines.join('\n');
  }

  // Draws the tree; returns {update(letters)} that recolours the nodes.
  function render(container, treeName, shape, lookup) {
    var nodes = shape.nodes || [];
    var byUid = {}, kids = {};
    nodes.forEach(function (n) { byUid[n.uid] = n; kids[n.uid] = []; });
    var roots = [];
    nodes.forEach(function (n) { if (n.parent && kids[n.parent]) kids[n.parent].push(n); else roots.push(n); });
    var width = {};
    function measure(n) {
      var w = 0;
      kids[n.uid].forEach(function (c, i) { w += measure(c) + (i ? GAP : 0); });
      width[n.uid] = Math.max(boxWidth(n), w);
      return width[n.uid];
    }
    var pos = {}, maxDepth = 0;
    function place(n, left, depth) {
      maxDepth = Math.max(maxDepth, depth);
      var cs = kids[n.uid];
      if (!cs.length) {
        pos[n.uid] = { x: left + width[n.uid] / 2, y: depth * LEVEL + 8 };
        return;
      }
      var total = 0;
      cs.forEach(function (c, i) { total += width[c.uid] + (i ? GAP : 0); });
      var x = left + (width[n.uid] - total) / 2;
      cs.forEach(function (c) { place(c, x, depth + 1); x += width[c.uid] + GAP; });
      pos[n.uid] = { x: (pos[cs[0].uid].x + pos[cs[cs.length - 1].uid].x) / 2, y: depth * LEVEL + 8 };
    }
    var left = 4;
    roots.forEach(function (r) { measure(r); place(r, left, 0); left += width[r.uid] + GAP; });
    var w = left + 4, h = (maxDepth + 1) * LEVEL;
    var svg = el('svg', { width: w, height: h, viewBox: '0 0 ' + w + ' ' + h, 'data-tree-svg': treeName });
    var edges = el('g', {}, svg);
    nodes.forEach(function (n) {
      if (!n.parent || !pos[n.parent]) return;
      var a = pos[n.parent], b = pos[n.uid], my = (a.y + BOX_H + b.y) / 2;
      el('path', { 'class': 'edge', d: 'M' + a.x + ',' + (a.y + BOX_H) + ' C' + a.x + ',' + my + ' ' + b.x + ',' + my + ' ' + b.x + ',' + b.y }, edges);
    });
    var gs = [];
    nodes.forEach(function (n) {
      var p = pos[n.uid], bw = boxWidth(n);
      var kind = n.type === 'SubTree' ? 'subtree' : kids[n.uid].length ? 'control' : 'leaf';
      var g = el('g', { 'class': 'bt-node', 'data-tree': treeName, 'data-node-path': n.path, 'data-uid': n.uid,
        'data-status': 'idle', 'data-kind': kind, transform: 'translate(' + (p.x - bw / 2) + ',' + p.y + ')' }, svg);
      var title = el('title', {}, g);
      title.textContent = tooltip(n, shape.ports || {}, lookup);
      g.addEventListener('mouseenter', function () { title.textContent = tooltip(n, shape.ports || {}, lookup); });
      el('rect', { width: bw, height: BOX_H, rx: 4 }, g);
      var t = el('text', { x: bw / 2, y: 14, 'text-anchor': 'middle' }, g);
      t.textContent = n.name;
      var ty = el('text', { 'class': 'type', x: bw / 2, y: 27, 'text-anchor': 'middle' }, g);
      ty.textContent = (kind === 'control' ? '▼ ' : kind === 'subtree' ? '⧉ ' : '● ') + n.type;
      gs[n.uid - 1] = g;
    });
    container.appendChild(svg);
    var last = '';
    return {
      update: function (letters) {
        if (!letters || letters === last) return;
        for (var i = 0; i < letters.length && i < gs.length; i++) {
          if (letters.charAt(i) !== last.charAt(i) && gs[i]) gs[i].setAttribute('data-status', STATUS[letters.charAt(i)] || 'idle');
        }
        last = letters;
      }
    };
  }

  window.CanopyTree = { render: render };
})();
