// EvoKG console: one page whose views call the /v1 REST API with the key the
// operator typed (sessionStorage, this tab only), so the API's own scopes and
// namespace checks decide what is shown and what may change. Views are chosen
// by the URL's hash (#/runs/ID), so every view is a real link.
//
// Charts are inline SVG drawn here (lineChart, dagChart): a few line charts
// with axes and a small layered graph did not justify vendoring a library.
'use strict';

const session = {
  get key() { return sessionStorage.getItem('evokg.key') || ''; },
  get ns() { return sessionStorage.getItem('evokg.ns') || ''; },
  set(key, ns) { sessionStorage.setItem('evokg.key', key); sessionStorage.setItem('evokg.ns', ns); },
  clear() { sessionStorage.removeItem('evokg.key'); },
};

let config = { queries: {} };
let renderSeq = 0; // a view whose number is no longer current stops drawing
let pollTimer = null;

// ---- API -------------------------------------------------------------------

// Problem is an API refusal: the title and detail of its application/problem+json.
class Problem extends Error {
  constructor(status, title, detail, errors) {
    super(detail || title);
    this.status = status; this.title = title; this.detail = detail; this.errors = errors || [];
  }
}

async function api(method, path, body) {
  const headers = { Authorization: 'Bearer ' + session.key, Accept: 'application/json, application/problem+json' };
  const init = { method, headers };
  if (body !== undefined) { headers['Content-Type'] = 'application/json'; init.body = JSON.stringify(body); }
  const url = '/v1/namespaces/' + encodeURIComponent(session.ns) + path;
  let res;
  try { res = await fetch(url, init); } catch (e) {
    throw new Problem(0, 'The API did not answer', 'The request to ' + url + ' failed: ' + e.message);
  }
  const text = await res.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch (e) { data = null; }
  if (!res.ok) {
    const p = data || {};
    throw new Problem(res.status, p.title || res.statusText || 'Error', p.detail || text, p.errors);
  }
  return data;
}

const get = (path) => api('GET', path);

// pages reads every page of a cursor-paged list, up to max items.
async function pages(path, max) {
  const items = [];
  let cursor = '';
  const sep = path.includes('?') ? '&' : '?';
  for (;;) {
    const page = await get(path + sep + 'limit=200' + (cursor ? '&cursor=' + encodeURIComponent(cursor) : ''));
    items.push(...(page.items || []));
    if (!page.next_cursor) return { items, complete: true };
    if (items.length >= max) return { items, complete: false };
    cursor = page.next_cursor;
  }
}

// ---- DOM helpers -------------------------------------------------------------

// h builds an element: h('a', {href: '#/'}, 'text', child...). Text is never parsed as HTML.
function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? '' : v);
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === undefined || c === null || c === false) continue;
    el.append(c instanceof Node ? c : String(c));
  }
  return el;
}

const SVG = 'http://www.w3.org/2000/svg';
function s(tag, attrs, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) if (v !== undefined) el.setAttribute(k, v);
  append(el, children);
  return el;
}

const pct = (x) => (x === undefined || x === null ? '—' : (100 * x).toFixed(1) + ' %');
const num = (x, d = 3) => (x === undefined || x === null ? '—' : Number(x).toFixed(d));
const when = (t) => (t ? new Date(t).toLocaleString() : '—');
const badge = (text, cls) => h('span', { class: 'badge ' + (cls || text) }, text);

function problemBox(err) {
  if (!(err instanceof Problem)) err = new Problem(0, 'Error', String(err && err.message || err));
  const box = h('div', { class: 'problem', role: 'alert', 'data-status': err.status },
    h('strong', { class: 'problem-title' }, err.title + (err.status ? ' (' + err.status + ')' : '')), ' ',
    h('span', { class: 'problem-detail' }, err.detail || ''));
  if (err.errors.length) {
    box.append(h('ul', {}, err.errors.map((e) => h('li', {}, (e.pointer || e.parameter || '') + ': ' + (e.detail || e.message || '')))));
  }
  if (err.status === 401) box.append(h('p', {}, h('a', { href: '#/login' }, 'Log in again with a valid key.')));
  if (err.status === 403) box.append(h('p', {}, 'This key may not do this here: use a key of this namespace with the scope the action needs.'));
  return box;
}

function empty(text) { return h('div', { class: 'empty' }, text); }

function table(head, rows, attrs) {
  return h('div', { class: 'scroll' }, h('table', attrs || {},
    h('thead', {}, h('tr', {}, head.map((c) => h('th', { scope: 'col', class: /^(n_|#|score|calls|errors|tokens|pulls|alpha|beta|mean|accuracy)/i.test(c) ? 'num' : null }, c)))),
    h('tbody', {}, rows)));
}

// cell is a table cell; numeric ones align right and carry data-value.
function cell(v, opts) {
  const o = opts || {};
  return h('td', { class: o.num ? 'num' : null, 'data-k': o.k, 'data-value': o.value }, v);
}

// neo4jLink links a saved Neo4j Browser query (graph/cypher/browser) with its
// parameters written in as literals, so it runs as it opens.
function neo4jLink(name, params, label) {
  const q = config.queries[name];
  if (!config.neo4j_browser_url || !q) return null;
  const all = Object.assign({ namespace: session.ns, theta: 0.5 }, params || {});
  const text = q.replace(/\$([a-z_]+)/g, (m, p) => (p in all ? literal(all[p]) : m));
  const href = config.neo4j_browser_url + '?cmd=edit&arg=' + encodeURIComponent(text);
  return h('p', { class: 'neo4j' }, h('a', { href, target: '_blank', rel: 'noopener' }, label || 'Open in Neo4j Browser'),
    h('span', { class: 'muted' }, ' (' + name + '.cypher)'));
}

function literal(v) {
  if (typeof v === 'number') return String(v);
  if (Array.isArray(v)) return '[' + v.map(literal).join(', ') + ']';
  return "'" + String(v).replace(/\\/g, '\\\\').replace(/'/g, "\\'") + "'";
}

// ---- charts ------------------------------------------------------------------

const colours = ['#0b5cad', '#b42318', '#1a7f37', '#9a6700', '#8250df', '#57606a', '#bf3989'];

// lineChart draws series [{name, points: [[x, y]], dash}] with x and y axes,
// their labels and units, gridlines and a legend. y is a share shown in %.
function lineChart(o) {
  const W = 760, H = 300, L = 56, R = 16, T = 14, B = 44;
  const xs = o.series.flatMap((se) => se.points.map((p) => p[0]));
  const x0 = Math.min(...xs), x1 = Math.max(...xs, x0 + 1);
  const ymax = o.yMax || 1;
  const X = (x) => L + ((x - x0) / (x1 - x0)) * (W - L - R);
  const Y = (y) => T + (1 - y / ymax) * (H - T - B);
  const svg = s('svg', { class: 'chart', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': o.title, id: o.id });
  svg.append(s('title', {}, o.title));
  for (let i = 0; i <= 4; i++) {
    const y = (ymax * i) / 4;
    svg.append(s('line', { class: 'gridline', x1: L, x2: W - R, y1: Y(y), y2: Y(y) }));
    svg.append(s('text', { x: L - 6, y: Y(y) + 4, 'text-anchor': 'end' }, o.yFmt ? o.yFmt(y) : Math.round(100 * y) + '%'));
  }
  const step = Math.max(1, Math.ceil((x1 - x0) / 12));
  for (let x = x0; x <= x1; x += step) {
    svg.append(s('text', { x: X(x), y: H - B + 16, 'text-anchor': 'middle' }, String(x)));
  }
  svg.append(s('line', { class: 'axis', x1: L, x2: L, y1: T, y2: H - B }));
  svg.append(s('line', { class: 'axis', x1: L, x2: W - R, y1: H - B, y2: H - B }));
  svg.append(s('text', { x: (L + W - R) / 2, y: H - 6, 'text-anchor': 'middle' }, o.xLabel));
  svg.append(s('text', { x: 14, y: (T + H - B) / 2, 'text-anchor': 'middle', transform: `rotate(-90 14 ${(T + H - B) / 2})` }, o.yLabel));
  o.series.forEach((se, i) => {
    const c = colours[i % colours.length];
    const pts = se.points.filter((p) => p[1] !== undefined && p[1] !== null);
    if (!pts.length) return;
    svg.append(s('polyline', { fill: 'none', stroke: c, 'stroke-width': 2, 'stroke-dasharray': se.dash ? '6 4' : undefined,
      points: pts.map((p) => X(p[0]) + ',' + Y(p[1])).join(' ') }));
    for (const p of pts) {
      svg.append(s('circle', { cx: X(p[0]), cy: Y(p[1]), r: 3, fill: c }, s('title', {}, `${se.name}, ${o.xLabel} ${p[0]}: ${o.yFmt ? o.yFmt(p[1]) : pct(p[1])}`)));
    }
  });
  const legend = h('ul', { class: 'legend' }, o.series.map((se, i) => {
    const sw = h('span', { class: 'swatch' });
    sw.style.background = colours[i % colours.length];
    if (se.dash) sw.style.opacity = '0.6';
    return h('li', {}, sw, se.name + (se.dash ? ' (dashed)' : ''));
  }));
  return h('figure', {}, svg, legend);
}

// dagChart lays skills out by depth (longest chain of prerequisites) and draws
// an arrow from each prerequisite to the skill it is a prerequisite of; skills
// on no edge are set in rows below, four to a row.
function dagChart(skills, frontier) {
  const by = new Map(skills.map((k) => [k.name, k]));
  const linked = new Set();
  for (const k of skills) {
    for (const p of k.prerequisites || []) if (by.has(p)) { linked.add(p); linked.add(k.name); }
  }
  const depth = new Map();
  const depthOf = (n, seen) => {
    if (depth.has(n)) return depth.get(n);
    if (seen.has(n)) return 0;
    seen.add(n);
    const pre = (by.get(n).prerequisites || []).filter((p) => by.has(p));
    const d = pre.length ? 1 + Math.max(...pre.map((p) => depthOf(p, seen))) : 0;
    depth.set(n, d);
    return d;
  };
  const cols = [];
  for (const k of skills.filter((x) => linked.has(x.name))) {
    const d = depthOf(k.name, new Set());
    (cols[d] = cols[d] || []).push(k.name);
  }
  const NW = 210, NH = 40, GX = 60, GY = 16, PER_ROW = 4;
  const pos = new Map();
  cols.forEach((c, i) => c.forEach((n, j) => pos.set(n, [10 + i * (NW + GX), GY + j * (NH + GY)])));
  const top = GY + Math.max(0, ...cols.map((c) => c.length)) * (NH + GY);
  skills.filter((k) => !linked.has(k.name)).forEach((k, i) =>
    pos.set(k.name, [10 + (i % PER_ROW) * (NW + GY), top + Math.floor(i / PER_ROW) * (NH + GY)]));
  const W = Math.max(cols.length * (NW + GX), PER_ROW * (NW + GY)) + 10;
  const Hh = Math.max(...[...pos.values()].map((p) => p[1])) + NH + GY;
  // Drawn at its natural size (1 unit = 1 px) and scrolled when wider than the page.
  const svg = s('svg', { class: 'dag', width: W, height: Hh, viewBox: `0 0 ${W} ${Hh}`, role: 'img', 'aria-label': 'prerequisite DAG of the skills', id: 'skill-dag' });
  svg.append(s('title', {}, 'Prerequisite DAG: an arrow goes from a prerequisite to the skill that needs it'));
  svg.append(s('defs', {}, s('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 10, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto' },
    s('path', { d: 'M0,0 L10,5 L0,10 z', fill: '#57606a' }))));
  for (const k of skills) {
    for (const p of k.prerequisites || []) {
      if (!pos.has(p)) continue;
      const [ax, ay] = pos.get(p), [bx, by2] = pos.get(k.name);
      svg.append(s('line', { class: 'edge', x1: ax + NW, y1: ay + NH / 2, x2: bx, y2: by2 + NH / 2, stroke: '#57606a', 'marker-end': 'url(#arrow)' }));
    }
  }
  for (const k of skills) {
    const [x, y] = pos.get(k.name);
    const onFrontier = frontier.has(k.name);
    svg.append(s('g', {},
      s('title', {}, k.name),
      s('rect', { x, y, width: NW, height: NH, rx: 6, fill: onFrontier ? '#fff8c5' : '#f6f8fa', stroke: onFrontier ? '#9a6700' : '#8c959f' }),
      s('text', { x: x + 8, y: y + 16 }, k.name.length > 30 ? k.name.slice(0, 29) + '…' : k.name),
      s('text', { x: x + 8, y: y + 32, fill: '#57606a' }, 'mastery ' + num(k.mastery, 2) + (onFrontier ? ' · frontier' : ''))));
  }
  return svg;
}

// ---- views -------------------------------------------------------------------

const views = {
  login: viewLogin, ns: viewNamespace, runs: viewRuns, skills: viewSkills, memory: viewMemory,
  rejections: viewRejections, tools: viewTools, usage: viewUsage,
};

// route draws the view the hash names. A refresh (a live run's poll, or the
// view after an action) keeps the page in place: no placeholder, and the
// focused control keeps its focus.
async function route(refresh) {
  clearTimeout(pollTimer);
  const focused = refresh && document.activeElement ? document.activeElement.id : '';
  const seq = ++renderSeq;
  const raw = location.hash.replace(/^#\/?/, '');
  const [pathPart, queryPart] = raw.split('?');
  const parts = pathPart.split('/').filter(Boolean).map(decodeURIComponent);
  let name = parts[0] || 'ns';
  if (!session.key || !session.ns) name = 'login';
  if (!views[name]) name = 'ns';
  const main = document.getElementById('main');
  showChrome(name);
  if (!refresh) {
    main.removeAttribute('data-view');
    main.replaceChildren(h('p', { class: 'muted', id: 'loading' }, 'Loading…'));
  }
  const view = { seq, arg: parts[1], query: new URLSearchParams(queryPart || ''), alive: () => seq === renderSeq };
  try {
    const nodes = await views[name](view);
    if (view.alive()) append(main.replaceChildren() || main, [nodes]);
  } catch (err) {
    if (view.alive()) main.replaceChildren(h('h1', {}, 'Could not load this page'), problemBox(err));
  }
  if (view.alive()) main.setAttribute('data-view', name); // drawn: what the browser tests wait for
  if (view.alive() && focused && document.getElementById(focused)) document.getElementById(focused).focus({ preventScroll: true });
}

function showChrome(name) {
  document.getElementById('nav').hidden = name === 'login';
  for (const a of document.querySelectorAll('#nav a')) {
    if (a.getAttribute('href') === '#/' + name) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  const who = document.getElementById('who');
  who.replaceChildren();
  if (name !== 'login' && session.key) {
    who.append(h('span', {}, 'namespace ', h('strong', { id: 'current-ns' }, session.ns)),
      h('button', { type: 'button', id: 'logout', onclick: () => { session.clear(); location.hash = '#/login'; } }, 'Log out'));
  }
}

function viewLogin() {
  const key = h('input', { id: 'key', name: 'key', type: 'password', required: true, autocomplete: 'off' });
  const ns = h('input', { id: 'ns', name: 'ns', required: true, value: session.ns, pattern: '[a-z0-9][a-z0-9_-]{0,62}' });
  const form = h('form', {
    id: 'login', onsubmit: (e) => {
      e.preventDefault();
      session.set(key.value.trim(), ns.value.trim());
      location.hash = '#/ns';
    },
  },
  h('label', { for: 'key' }, 'API key', key),
  h('label', { for: 'ns' }, 'Namespace', ns),
  h('button', { type: 'submit', class: 'primary', id: 'login-submit' }, 'Log in'));
  return h('section', { class: 'login' }, h('h1', {}, 'Log in'),
    h('p', { class: 'note' }, 'Type an API key (`evokg keys create`, or the key `make up` printed) and the namespace to open. ' +
      'The key stays in this tab only (sessionStorage) and goes with every request to the API, which decides what it may read and change.'),
    form);
}

async function viewNamespace() {
  const [ns, types, runs] = await Promise.all([get(''), get('/task-types'), get('/evolution-runs')]);
  const [all, prob, quar] = await Promise.all([
    pages('/experiences', 5000), pages('/experiences/utility?state=probationary', 5000), pages('/experiences/utility?state=quarantined', 5000)]);
  const committed = all.items.filter((x) => x.status === 'committed');
  const byKind = {};
  for (const x of committed) byKind[x.outcome] = (byKind[x.outcome] || 0) + 1;
  const states = { probationary: prob.items.length, quarantined: quar.items.length };
  states.active = committed.length - states.probationary - states.quarantined;
  const partial = !(all.complete && prob.complete && quar.complete);
  const active = (runs.items || []).filter((r) => r.status === 'queued' || r.status === 'running');
  return [
    h('h1', {}, 'Namespace ', ns.name),
    h('p', { class: 'note' }, (ns.description ? ns.description.replace(/\.?$/, '.') : 'No description.') + ' Created ' + when(ns.created_at) + '. ',
      ns.probation ? 'Every memory posted here starts probationary.' : 'Memories posted here are served at once unless they ask for probation.'),
    h('h2', {}, 'Memories'),
    h('div', { class: 'grid' },
      h('div', { class: 'card' }, h('h3', {}, 'By kind (committed)'),
        Object.keys(byKind).length ? h('dl', { class: 'kv' }, Object.entries(byKind).sort().flatMap(([k, v]) =>
          [h('dt', {}, k), h('dd', { id: 'count-' + k, 'data-value': v }, v)])) : empty('No committed memory yet: post experiences or start an evolution run.')),
      h('div', { class: 'card' }, h('h3', {}, 'By state'),
        h('dl', { class: 'kv' }, ['active', 'probationary', 'quarantined'].flatMap((k) =>
          [h('dt', {}, badge(k)), h('dd', { id: 'state-' + k, 'data-value': states[k] }, h('a', { href: '#/memory?state=' + k }, states[k]))])))),
    partial ? h('p', { class: 'note' }, 'Counted from the first 5000 items of each list.') : null,
    h('h2', {}, 'Task types'),
    (types.items || []).length ? table(['Task type', 'Answer mode', 'Checker', 'n_seen', 'n_fail', 'rewards seen', 'rewards failed', 'score s(t)', 'Memory switch'],
      types.items.map((t) => h('tr', { 'data-task-type': t.name },
        h('th', { scope: 'row' }, h('a', { href: '#/memory?task_type=' + encodeURIComponent(t.name) }, t.name)),
        cell(t.answer ? t.answer.mode : 'text', { k: 'answer' }),
        cell(t.checker ? h('code', { title: t.checker.code }, t.checker.pattern) : h('span', { class: 'muted' }, 'none'), { k: 'checker' }),
        cell(t.n_seen, { num: true, k: 'n_seen' }), cell(t.n_fail, { num: true, k: 'n_fail' }),
        cell(t.rewards_seen ?? '—', { num: true }), cell(t.rewards_failed ?? '—', { num: true }),
        cell(num(t.score, 2), { num: true, k: 'score', value: t.score }),
        cell(switchText(t.memory_switch), { k: 'switch' })))) : empty('No task type yet: declare one (PUT /task-types/{name}) or start an evolution run, whose Phase 0 induces them.'),
    h('h2', {}, 'Active runs'),
    active.length ? table(['Run', 'Status', 'Iteration'], active.map((r) => h('tr', {},
      h('td', {}, h('a', { href: '#/runs/' + r.id }, r.id)), h('td', {}, badge(r.status)), cell(r.iteration + ' / ' + r.iterations, { num: true }))))
      : empty('No run is queued or running. Past runs are under Runs; start one with POST /evolution-runs or `evokg evolve`.'),
    neo4jLink('01_overview', {}, 'Node counts per label in Neo4j Browser'),
  ];
}

function switchText(sw) {
  if (!sw) return h('span', { class: 'muted' }, 'not decided yet');
  return h('span', {}, badge(sw.off ? 'off' : 'on'), ' with ', pct(sw.with_memory), ', without ', pct(sw.without_memory),
    h('span', { class: 'muted' }, ' (run ' + String(sw.run_id).slice(0, 8) + ', iteration ' + sw.iteration + ')'));
}

async function viewRuns(view) {
  if (view.arg) return viewRun(view);
  const runs = (await get('/evolution-runs')).items || [];
  const last = (r) => (r.metrics && r.metrics.length ? r.metrics[r.metrics.length - 1] : null);
  return [
    h('h1', {}, 'Evolution runs'),
    runs.length ? table(['Run', 'Status', 'Iteration', 'Created', 'Training accuracy', 'Test with memory', 'Test without memory'],
      runs.map((r) => {
        const m = last(r) || {};
        return h('tr', { 'data-run': r.id }, h('td', {}, h('a', { href: '#/runs/' + r.id }, r.id)), h('td', {}, badge(r.status)),
          cell(r.iteration + ' / ' + r.iterations, { num: true }), h('td', {}, when(r.created_at)),
          cell(pct(m.accuracy), { num: true }), cell(pct(m.test_accuracy), { num: true }), cell(pct(m.test_without_memory), { num: true }));
      })) : empty('No evolution run in this namespace: start one with POST /v1/namespaces/{ns}/evolution-runs or `evokg evolve`.'),
    h('h2', {}, 'Experiments'),
    h('p', { class: 'note' }, 'Experiments (`evokg experiment`) run in the command line and print their table and interval there; ' +
      'the API stores no experiment, so the console shows the runs it stores. Compare a run\'s test accuracy with and without memory on its page.'),
  ];
}

async function viewRun(view) {
  const run = await get('/evolution-runs/' + encodeURIComponent(view.arg));
  const ms = run.metrics || [];
  const live = run.status === 'queued' || run.status === 'running';
  if (live) pollTimer = setTimeout(() => { if (view.alive()) route(true); }, 2000);
  const cancel = h('button', {
    type: 'button', id: 'cancel-run', class: 'danger', onclick: async () => {
      cancel.disabled = true;
      try { await api('POST', '/evolution-runs/' + run.id + '/cancel'); route(true); } catch (e) { status.replaceChildren(problemBox(e)); cancel.disabled = false; }
    },
  }, 'Cancel run');
  const status = h('div', { id: 'run-action' });
  const series = (name, key, dash) => ({ name, dash, points: ms.map((m) => [m.iteration, m[key]]) });
  return [
    h('h1', {}, 'Run ', h('code', {}, run.id)),
    h('p', {}, badge(run.status), ' iteration ', h('span', { id: 'run-iteration' }, run.iteration), ' of ', run.iterations,
      ' · created ', when(run.created_at), ' · updated ', when(run.updated_at),
      live ? h('span', { class: 'muted' }, ' · refreshing every 2 s') : null),
    run.error ? h('div', { class: 'problem' }, run.error) : null,
    live ? h('p', {}, cancel) : null, status,
    ms.length ? [
      h('h2', {}, 'Accuracy by iteration'),
      lineChart({ id: 'accuracy-chart', title: 'Accuracy (%) by iteration', xLabel: 'iteration', yLabel: 'accuracy (%)', series: [
        series('training', 'accuracy'), series('validation with memory', 'validation_accuracy'),
        series('validation without memory', 'validation_without_memory', true), series('test with memory', 'test_accuracy'),
        series('test without memory', 'test_without_memory', true)] }),
      h('h2', {}, 'Guidance share'),
      lineChart({ id: 'share-chart', title: 'Guidance (teacher) calls as a share of all model calls (%) by iteration', xLabel: 'iteration',
        yLabel: 'teacher calls (%)', series: [series('guidance share', 'teacher_share')] }),
      h('h2', {}, 'Iterations'),
      table(['#', 'accuracy train', 'validation', 'validation w/o', 'test', 'test w/o', 'flips', 'teacher calls', 'learner calls', 'guidance share', 'rolled back', 'operation', 'selected', 'rejected', 'probation tried / activated / quarantined'],
        ms.map((m) => h('tr', { 'data-iteration': m.iteration },
          cell(m.iteration, { num: true }), cell(pct(m.accuracy), { num: true, k: 'accuracy', value: m.accuracy }),
          cell(pct(m.validation_accuracy), { num: true }), cell(pct(m.validation_without_memory), { num: true }),
          cell(pct(m.test_accuracy), { num: true, k: 'test', value: m.test_accuracy }), cell(pct(m.test_without_memory), { num: true }),
          cell(m.flips, { num: true }), cell(m.teacher_calls, { num: true, k: 'teacher_calls' }), cell(m.learner_calls, { num: true, k: 'learner_calls' }),
          cell(pct(m.teacher_share), { num: true }), h('td', {}, m.rolled_back ? badge('yes', 'no') : 'no'), h('td', {}, m.operation || '—'),
          h('td', {}, (m.selected || []).join(', ')), cell(m.rejected || 0, { num: true }),
          cell(m.probation ? `${m.probation.tried} / ${m.probation.activated} / ${m.probation.quarantined}` : '—', { num: true })))),
    ] : empty(live ? 'The run has no finished iteration yet; this page refreshes by itself.' : 'This run recorded no iteration.'),
  ];
}

async function viewSkills() {
  const [list, frontier] = await Promise.all([get('/skills'), get('/skills/frontier')]);
  const skills = await Promise.all((list.items || []).map((k) => get('/skills/' + encodeURIComponent(k.name))));
  if (!skills.length) {
    return [h('h1', {}, 'Skills'), empty('No skill yet: an evolution run\'s Phase 0 induces skills from its pool.')];
  }
  const onFrontier = new Set((frontier.items || []).map((k) => k.name));
  const withHistory = skills.filter((k) => (k.history || []).length);
  return [
    h('h1', {}, 'Skills'),
    h('h2', {}, 'Mastery over time'),
    withHistory.length ? lineChart({ id: 'mastery-chart', title: 'Mastery by curriculum iteration', xLabel: 'iteration', yLabel: 'mastery (0 to 1)',
      yFmt: (y) => y.toFixed(2), series: withHistory.map((k) => ({ name: k.name, points: k.history.map((p) => [p.iteration, p.mastery]) })) })
      : empty('No mastery history yet: the Curator records mastery after each iteration of a run.'),
    h('p', { class: 'note' }, 'Each point is a mastery the Curator stored after an iteration (GET /skills/{name}, history); the table shows the current mastery.'),
    h('h2', {}, 'Current mastery'),
    table(['Skill', 'mastery', 'Status', 'Prerequisites', 'Task types', 'Frontier'], skills.map((k) => h('tr', { 'data-skill': k.name },
      h('th', { scope: 'row' }, k.name), cell(num(k.mastery, 3), { num: true, k: 'mastery', value: k.mastery }), h('td', {}, k.status),
      h('td', {}, (k.prerequisites || []).join(', ') || '—'), h('td', {}, (k.task_types || []).join(', ') || '—'),
      h('td', {}, onFrontier.has(k.name) ? badge('frontier', 'probationary') : '')))),
    h('h2', {}, 'Prerequisite DAG'),
    h('div', { class: 'scroll' }, dagChart(skills, onFrontier)),
    neo4jLink('02_skills_by_mastery', {}, 'Skills and their DAG in Neo4j Browser'),
    h('h2', {}, 'Frontier'),
    onFrontier.size ? h('ul', { id: 'frontier' }, [...onFrontier].map((n) => h('li', {}, n)))
      : empty('The frontier is empty: no skill below θ = 0.5 has all its prerequisites mastered.'),
    neo4jLink('03_frontier', {}, 'The frontier in Neo4j Browser'),
  ];
}

const kinds = ['principle', 'failure_memory', 'success_memory', 'retrieval_recipe', 'abstracted_pattern'];

async function viewMemory(view) {
  if (view.arg) return viewExperience(view);
  const q = view.query;
  const f = { task_type: q.get('task_type') || '', kind: q.get('kind') || '', state: q.get('state') || '', text: q.get('q') || '' };
  const types = (await get('/task-types')).items || [];
  const sel = (id, label, options, value) => h('label', { for: id }, label, h('select', { id, name: id },
    h('option', { value: '' }, 'any'), options.map((o) => h('option', { value: o, selected: o === value }, o))));
  const text = h('input', { id: 'q', name: 'q', type: 'search', value: f.text, placeholder: 'words in the question or text' });
  const form = h('form', {
    class: 'inline', id: 'memory-filter', onsubmit: (e) => {
      e.preventDefault();
      const p = new URLSearchParams();
      for (const k of ['task_type', 'kind', 'state']) if (form.elements[k].value) p.set(k, form.elements[k].value);
      if (text.value.trim()) p.set('q', text.value.trim());
      location.hash = '#/memory' + (p.toString() ? '?' + p : '');
    },
  }, sel('task_type', 'Task type', types.map((t) => t.name), f.task_type), sel('kind', 'Kind', kinds, f.kind),
  sel('state', 'State', ['probationary', 'active', 'quarantined'], f.state), h('label', { for: 'q' }, 'Text', text),
  h('button', { type: 'submit', class: 'primary' }, 'Filter'));
  const { items, complete } = await memoryItems(f);
  return [
    h('h1', {}, 'Memory'), form,
    h('p', { class: 'note' }, 'Text search matches the question, answer, content and chain of thought of the memories loaded here (up to 1000 per filter).'),
    items.length ? table(['Memory', 'Kind', 'Task type', 'State', 'Text', 'q'], items.map(({ x, state }) => h('tr', { 'data-memory': x.id },
      h('td', {}, h('a', { href: '#/memory/' + x.id }, x.id.slice(0, 8) + '…')), h('td', {}, x.outcome), h('td', {}, x.task_type),
      h('td', {}, badge(state)), h('td', {}, snippet(x)), cell(num(x.evaluation && x.evaluation.q, 2), { num: true }))), { id: 'memory-table' })
      : empty('No memory matches these filters. Clear a filter, or write memories with POST /experiences or an evolution run.'),
    complete ? null : h('p', { class: 'note' }, 'Only the first 1000 memories of this filter were loaded.'),
    f.state && f.state !== 'active' ? neo4jLink('15_memory_states', { state: f.state }, 'These memories in Neo4j Browser') : null,
    f.task_type ? neo4jLink('04_task_type_memories', { task_type: f.task_type }, 'This task type\'s memories in Neo4j Browser') : null,
  ];
}

// memoryItems lists memories by the filters: the state lists come from the
// utility endpoint (active is every memory in neither of the other two).
async function memoryItems(f) {
  const tt = f.task_type ? '&task_type=' + encodeURIComponent(f.task_type) : '';
  const [prob, quar] = await Promise.all([pages('/experiences/utility?state=probationary' + tt, 1000), pages('/experiences/utility?state=quarantined' + tt, 1000)]);
  const stateOf = new Map([...prob.items.map((u) => [u.id, 'probationary']), ...quar.items.map((u) => [u.id, 'quarantined'])]);
  let list;
  let complete = true;
  if (f.state === 'probationary' || f.state === 'quarantined') {
    const ids = (f.state === 'probationary' ? prob : quar).items.map((u) => u.id);
    list = await Promise.all(ids.map((id) => get('/experiences/' + id)));
  } else {
    const qs = [];
    if (f.kind) qs.push('outcome=' + f.kind);
    if (f.task_type) qs.push('task_type=' + encodeURIComponent(f.task_type));
    const got = await pages('/experiences' + (qs.length ? '?' + qs.join('&') : ''), 1000);
    list = got.items;
    complete = got.complete;
  }
  const words = f.text.toLowerCase().split(/\s+/).filter(Boolean);
  const out = [];
  for (const x of list) {
    const state = stateOf.get(x.id) || 'active';
    if (f.state && state !== f.state) continue;
    if (f.kind && x.outcome !== f.kind) continue;
    const hay = [x.question, x.answer, x.content, x.chain_of_thought].join(' ').toLowerCase();
    if (words.some((w) => !hay.includes(w))) continue;
    out.push({ x, state });
  }
  return { items: out.reverse(), complete }; // newest first
}

function snippet(x) {
  const t = x.question || x.content || x.answer || '';
  return t.length > 140 ? t.slice(0, 139) + '…' : t;
}

async function viewExperience(view) {
  const id = view.arg;
  const [x, u] = await Promise.all([get('/experiences/' + encodeURIComponent(id)), get('/experiences/' + encodeURIComponent(id) + '/utility')]);
  const reason = h('textarea', { id: 'reason', name: 'reason', required: true, maxlength: 1000, placeholder: 'why (kept as the memory\'s reason)' });
  const out = h('div', { id: 'state-action', 'aria-live': 'polite' });
  const act = (verb) => async () => {
    if (!reason.value.trim()) { out.replaceChildren(h('div', { class: 'problem', role: 'alert' }, 'Write a reason first.')); reason.focus(); return; }
    try {
      await api('POST', '/experiences/' + x.id + '/' + verb, { reason: reason.value.trim() });
      route(true);
    } catch (e) { out.replaceChildren(problemBox(e)); }
  };
  const ev = x.evaluation || {};
  return [
    h('h1', {}, x.outcome.replace(/_/g, ' '), ' ', h('code', {}, x.id)),
    h('p', {}, 'State ', h('span', { id: 'mem-state', 'data-value': u.state }, badge(u.state)), ' · task type ', x.task_type,
      ' · status ', x.status, x.status_reason ? ' (' + x.status_reason + ')' : ''),
    h('div', { class: 'grid' },
      h('div', { class: 'card' }, h('h2', {}, 'Utility'), h('dl', { class: 'kv' },
        kv('score', h('span', { id: 'mem-score', 'data-value': u.score }, num(u.score, 3))), kv('shown, right', u.shown_right), kv('shown, wrong', u.shown_wrong),
        kv('helped on probation', u.helped), kv('hurt on probation', u.hurt), kv('tied', u.tied),
        kv('reason', h('span', { id: 'mem-reason' }, u.reason || '—')), kv('updated', when(u.updated_at)))),
      h('div', { class: 'card' }, h('h2', {}, 'Gate verdict'), h('dl', { class: 'kv' },
        kv('status', ev.status ? badge(ev.status, ev.status === 'successful' ? 'yes' : 'no') : '—'), kv('q', num(ev.q, 3)),
        kv('correct', num(ev.correct, 2)), kv('efficient', num(ev.efficient, 2)), kv('complete', num(ev.complete, 2)),
        kv('teacher feedback', ev.teacher_feedback || ev.feedback || '—'))),
      h('div', { class: 'card' }, h('h2', {}, 'Provenance'), h('dl', { class: 'kv' },
        kv('derived from', (x.derived_from || []).length ? x.derived_from.map((d) => h('div', {}, h('a', { href: '#/memory/' + d }, d))) : '—'),
        kv('supersedes', x.supersedes ? h('a', { href: '#/memory/' + x.supersedes }, x.supersedes) : '—'),
        kv('skill', x.skill || '—'), kv('signature', (x.signature || []).join(' → ') || '—'), kv('version', x.version ?? '—'),
        kv('created', when(x.created_at)), kv('projected', when(x.projected_at))))),
    h('h2', {}, 'Serve or keep out'),
    h('p', { class: 'note' }, 'Quarantine keeps the memory stored but out of every pack and prompt; restore serves it again. Both need a key with memory:write; a read-only key sees the API\'s refusal here.'),
    h('label', { for: 'reason' }, 'Reason', reason),
    h('p', {}, h('button', { type: 'button', id: 'quarantine', class: 'danger', onclick: act('quarantine') }, 'Quarantine'), ' ',
      h('button', { type: 'button', id: 'restore', class: 'primary', onclick: act('restore') }, 'Restore')),
    out,
    h('h2', {}, 'Full record'), h('pre', { id: 'mem-record' }, JSON.stringify(x, null, 2)),
    neo4jLink(x.outcome === 'failure_memory' ? '06_failure_provenance' : '08_structural_neighbourhood', { id: x.id }, 'This memory\'s graph in Neo4j Browser'),
  ];
}

function kv(k, v) { return [h('dt', {}, k), h('dd', {}, v)]; }

async function viewRejections() {
  const runs = ((await get('/evolution-runs')).items || []).slice(0, 20);
  const full = await Promise.all(runs.map((r) => (r.metrics ? r : get('/evolution-runs/' + r.id))));
  const rows = [];
  let total = 0;
  for (const r of full) {
    for (const m of r.metrics || []) {
      total += m.rejected || 0;
      for (const j of m.rejections || []) {
        rows.push(h('tr', {}, h('td', {}, h('a', { href: '#/runs/' + r.id }, r.id.slice(0, 8) + '…')), cell(m.iteration, { num: true }),
          h('td', {}, j.kind), h('td', {}, h('div', { class: 'rejected-text' }, j.item || '—')), h('td', {}, j.reason)));
      }
    }
  }
  return [
    h('h1', {}, 'Gate rejections'),
    h('p', { class: 'note' }, 'What the teacher wrote and the write gate kept out of memory (degenerate text, false arithmetic, contradicting the gold answer), ' +
      'from the latest 20 runs; each iteration keeps up to 50 of them with the item they were written for and the reason, which quotes the offending part. ', h('span', { id: 'rejected-total', 'data-value': total }, total + ' rejected in all.')),
    rows.length ? table(['Run', 'iteration', 'Kind of text', 'Written for (pool item or skill)', 'Why it was kept out'], rows, { id: 'rejections-table' })
      : empty('The write gate rejected nothing in these runs.'),
  ];
}

async function viewTools(view) {
  if (view.arg) return viewTool(view);
  const [tools, agents] = await Promise.all([get('/tools'), get('/agents')]);
  return [
    h('h1', {}, 'Tools and expert agents'),
    h('h2', {}, 'Tools'),
    (tools.items || []).length ? table(['Tool', 'version', 'Validated', 'State', 'Tests passed', 'Calls', 'Completed', 'Errors', 'Graded right / wrong', 'Skill', 'Created'], tools.items.map((t) => {
      const s = t.stats || {};
      return h('tr', { 'data-tool': t.name },
        h('th', { scope: 'row' }, h('a', { href: '#/tools/' + encodeURIComponent(t.name) }, t.name)), cell(t.version, { num: true }),
        h('td', {}, badge(t.validated ? 'yes' : 'no')), h('td', {}, badge(t.state || 'active')), cell(t.validation.passed + ' / ' + t.validation.ran, { num: true }),
        cell(s.calls || 0, { num: true }), cell(s.completed || 0, { num: true }), cell(s.errors || 0, { num: true }),
        cell((s.graded_right || 0) + ' / ' + (s.graded_wrong || 0), { num: true }),
        h('td', {}, t.skill || '—'), h('td', {}, when(t.created_at)));
    }))
      : empty('No tool yet: evolution\'s tool-authoring operation writes them, or POST /tools.'),
    h('p', { class: 'note' }, 'Calls are the learner\'s calls of the tool, every version together; a tool whose judged calls keep failing is retired (kept, never recruited) until restored. The validation record is each version\'s test run in the sandbox.'),
    h('h2', {}, 'Expert agents'),
    (agents.items || []).length ? table(['Role', 'version', 'Tools', 'System prompt'], agents.items.map((a) => h('tr', {},
      h('th', { scope: 'row' }, a.role), cell(a.version, { num: true }), h('td', {}, (a.tools || []).join(', ') || '—'), h('td', {}, a.system_prompt))))
      : empty('No expert agent yet: POST /agents creates one.'),
  ];
}

async function viewTool(view) {
  const t = await get('/tools/' + encodeURIComponent(view.arg));
  const first = (t.tests || [])[0];
  const input = h('textarea', { id: 'tool-input', name: 'input' }, first ? JSON.stringify(first.input) : '{}');
  const out = h('div', { id: 'tool-result', 'aria-live': 'polite' });
  const form = h('form', {
    id: 'invoke', onsubmit: async (e) => {
      e.preventDefault();
      let value;
      try { value = JSON.parse(input.value); } catch (err) {
        out.replaceChildren(h('div', { class: 'problem', role: 'alert' }, 'The input is not JSON: ' + err.message)); return;
      }
      try {
        const res = await api('POST', '/tools/' + encodeURIComponent(t.name) + '/invoke', { input: value });
        out.replaceChildren(h('h3', {}, 'Output'), h('pre', { id: 'tool-output' }, JSON.stringify(res.output, null, 2)));
      } catch (err) { out.replaceChildren(problemBox(err)); }
    },
  }, h('label', { for: 'tool-input' }, 'Input (JSON, passed to run(input))', input), h('p', {}, h('button', { type: 'submit', class: 'primary', id: 'invoke-submit' }, 'Invoke')));
  return [
    h('h1', {}, 'Tool ', t.name, ' v', t.version),
    h('p', {}, t.description),
    h('dl', { class: 'kv' }, kv('validated', badge(t.validated ? 'yes' : 'no')), kv('skill', t.skill || '—'),
      kv('created from', (t.created_from || []).length ? t.created_from.map((d) => h('div', {}, h('a', { href: '#/memory/' + d }, d))) : '—')),
    h('h2', {}, 'Versions and validation records'),
    table(['version', 'Validated', 'Tests', 'Reason', 'Validated at'], (t.versions || []).map((v) => h('tr', {},
      cell(v.version, { num: true }), h('td', {}, badge(v.validated ? 'yes' : 'no')), cell(v.validation.passed + ' passed, ' + v.validation.failed + ' failed of ' + v.validation.ran),
      h('td', {}, v.validation.reason || '—'), h('td', {}, when(v.validation.at))))),
    h('h2', {}, 'Tests of this version'),
    table(['Input', 'Expected', 'Output', 'Passed', 'Error'], (t.validation.results || []).map((r) => h('tr', {},
      h('td', {}, JSON.stringify(r.input)), h('td', {}, JSON.stringify(r.expected)), h('td', {}, JSON.stringify(r.output)),
      h('td', {}, badge(r.passed ? 'yes' : 'no')), h('td', {}, r.error || '')))),
    h('h2', {}, 'Invoke'), form, out,
    h('h2', {}, 'Code'), h('pre', {}, t.code),
    neo4jLink('11_tool_provenance', { tool: t.name }, 'This tool\'s provenance in Neo4j Browser'),
  ];
}

async function viewUsage() {
  const [usage, bandits] = await Promise.all([get('/usage'), get('/bandits')]);
  const rows = usage.rows || [];
  const groups = bandits.items || [];
  return [
    h('h1', {}, 'Usage and bandits'),
    h('div', { class: 'grid' },
      h('div', { class: 'card' }, h('div', {}, 'Teacher (guidance) calls'), h('div', { class: 'figure', id: 'teacher-calls', 'data-value': usage.teacher_calls }, usage.teacher_calls)),
      h('div', { class: 'card' }, h('div', {}, 'Learner calls'), h('div', { class: 'figure', id: 'learner-calls', 'data-value': usage.learner_calls }, usage.learner_calls)),
      h('div', { class: 'card' }, h('div', {}, 'Guidance share of all calls'), h('div', { class: 'figure', id: 'teacher-share', 'data-value': usage.teacher_share }, pct(usage.teacher_share)))),
    h('h2', {}, 'Calls by role'),
    rows.length ? table(['Role', 'Model', 'calls', 'errors', 'tokens in', 'tokens out'], rows.map((r) => h('tr', { 'data-role': r.role + '/' + r.model },
      h('td', {}, r.role), h('td', {}, r.model), cell(r.calls, { num: true, k: 'calls', value: r.calls }), cell(r.errors, { num: true }),
      cell(r.prompt_tokens, { num: true }), cell(r.completion_tokens, { num: true }))))
      : empty('No model call recorded yet: answers, ingests and evolution runs are counted here.'),
    h('h2', {}, 'Bandit posteriors'),
    h('p', { class: 'note' }, 'Each arm\'s posterior is Beta(α, β); the bar spans its mean ± 2 standard deviations on a 0 to 1 scale, the dot is the mean.'),
    groups.length ? ['routing', 'search'].map((kind) => {
      const mine = groups.filter((g) => g.bandit === kind);
      if (!mine.length) return null;
      return [h('h3', {}, kind === 'routing' ? 'Routing bandit (per skill: the reasoning strategy)' : 'Search bandit (per task type: the retrieval strategy)'),
        table([kind === 'routing' ? 'Skill' : 'Task type', 'Arm', 'alpha', 'beta', 'pulls', 'mean', 'Posterior'],
          mine.flatMap((g) => g.arms.map((a, i) => h('tr', { 'data-arm': g.bandit + '/' + g.key + '/' + a.arm },
            i === 0 ? h('th', { scope: 'rowgroup', rowspan: g.arms.length }, g.key) : null,
            h('td', {}, a.arm), cell(num(a.alpha, 2), { num: true }), cell(num(a.beta, 2), { num: true }), cell(a.pulls, { num: true, k: 'pulls', value: a.pulls }),
            cell(num(a.mean, 3), { num: true, k: 'mean', value: a.mean }), h('td', {}, betaBar(a))))))];
    })
      : empty('No bandit has been pulled yet: answers and evolution runs pull the search and routing bandits.'),
  ];
}

function betaBar(a) {
  const n = a.alpha + a.beta;
  const sd = Math.sqrt((a.alpha * a.beta) / (n * n * (n + 1)));
  const lo = Math.max(0, a.mean - 2 * sd), hi = Math.min(1, a.mean + 2 * sd);
  const W = 160;
  return s('svg', { width: W, height: 16, viewBox: `0 0 ${W} 16`, role: 'img', 'aria-label': `mean ${num(a.mean, 2)}, from ${num(lo, 2)} to ${num(hi, 2)}` },
    s('line', { x1: 0, x2: W, y1: 8, y2: 8, stroke: '#d0d7de' }),
    s('rect', { x: lo * W, y: 4, width: Math.max(1, (hi - lo) * W), height: 8, fill: '#9ec5ee' }),
    s('circle', { cx: a.mean * W, cy: 8, r: 4, fill: '#0b5cad' }));
}

// ---- start -------------------------------------------------------------------

async function start() {
  try {
    const res = await fetch('config.json');
    if (res.ok) config = await res.json();
  } catch (e) { /* the pages work without Neo4j Browser links */ }
  // The skip link moves focus to the page's content; the hash stays the view's.
  document.querySelector('.skip').addEventListener('click', (e) => { e.preventDefault(); document.getElementById('main').focus(); });
  window.addEventListener('hashchange', () => { route(); document.getElementById('main').focus({ preventScroll: true }); });
  route();
}

start();
