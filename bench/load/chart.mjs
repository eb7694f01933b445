// The load test's chart, drawn as SVG by hand (no service, no library): three panels over
// the same time axis: people and requests a second; request p50/p99 and the event-loop
// delay p99 with their limits; errors and refusals a second.

const W = 960;
const PANEL_H = 180;
const GAP = 46;
const LEFT = 64;
const RIGHT = 64;
const TOP = 62;

const esc = (text) =>
  String(text).replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c],
  );

function niceMax(value) {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (value <= step * power) return step * power;
  return 10 * power;
}

/**
 * @param {object} chart
 * @param {string} chart.title
 * @param {Array<{t: number, people: number, rps: number, p50: number, p99: number, eldP99: number, errors: number, refused: number}>} chart.points
 *   one per interval, t in seconds from the start
 * @param {{ p99Ms: number, eldMs: number }} chart.limits
 * @param {Array<{t: number, label: string}>} [chart.marks] vertical marks (steps, the hold)
 */
export function drawChart({ title, points, limits, marks = [] }) {
  const height = TOP + 3 * PANEL_H + 2 * GAP + 40;
  const tMax = Math.max(1, ...points.map((p) => p.t));
  const x = (t) => LEFT + ((W - LEFT - RIGHT) * t) / tMax;
  const out = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${height}" width="${W}" height="${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${W}" height="${height}" fill="#fff"/>`,
    `<text x="${LEFT}" y="22" font-size="15" font-weight="bold">${esc(title)}</text>`,
  );

  function panel(index, name, series, { yMax, limitLines = [], rightSeries } = {}) {
    const top = TOP + index * (PANEL_H + GAP);
    const bottom = top + PANEL_H;
    const max = niceMax(
      yMax ??
        Math.max(
          ...series.flatMap((s) => points.map((p) => s.value(p))),
          ...limitLines.map((l) => l.value),
        ),
    );
    const y = (v) => bottom - (PANEL_H * Math.min(v, max)) / max;
    out.push(
      `<rect x="${LEFT}" y="${top}" width="${W - LEFT - RIGHT}" height="${PANEL_H}" fill="none" stroke="#bbb"/>`,
    );
    out.push(`<text x="${LEFT}" y="${top - 8}" font-weight="bold">${esc(name)}</text>`);
    for (let i = 0; i <= 4; i += 1) {
      const v = (max * i) / 4;
      out.push(
        `<text x="${LEFT - 6}" y="${y(v) + 4}" text-anchor="end" fill="#555">${+v.toPrecision(3)}</text>`,
      );
      if (i > 0 && i < 4)
        out.push(`<line x1="${LEFT}" x2="${W - RIGHT}" y1="${y(v)}" y2="${y(v)}" stroke="#eee"/>`);
    }
    for (const line of limitLines) {
      out.push(
        `<line x1="${LEFT}" x2="${W - RIGHT}" y1="${y(line.value)}" y2="${y(line.value)}" stroke="${line.color}" stroke-dasharray="6 4"/>`,
      );
      out.push(
        `<text x="${W - RIGHT - 4}" y="${y(line.value) > top + 18 ? y(line.value) - 4 : y(line.value) + 14}" text-anchor="end" fill="${line.color}">${esc(line.label)}</text>`,
      );
    }
    const plot = (s, yOf) => {
      const d = points
        .map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.t).toFixed(1)},${yOf(s.value(p)).toFixed(1)}`)
        .join('');
      out.push(`<path d="${d}" fill="none" stroke="${s.color}" stroke-width="1.6"/>`);
    };
    for (const s of series) plot(s, y);
    let legendX = LEFT + name.length * 6.8 + 24;
    const legend = [...series, ...(rightSeries ? [rightSeries] : [])];
    for (const s of legend) {
      out.push(
        `<line x1="${legendX}" x2="${legendX + 18}" y1="${top - 12}" y2="${top - 12}" stroke="${s.color}" stroke-width="3"/>`,
      );
      out.push(`<text x="${legendX + 22}" y="${top - 8}">${esc(s.name)}</text>`);
      legendX += 30 + s.name.length * 6.5;
    }
    if (rightSeries) {
      const rMax = niceMax(Math.max(...points.map((p) => rightSeries.value(p))));
      const yr = (v) => bottom - (PANEL_H * v) / rMax;
      for (let i = 0; i <= 4; i += 1) {
        const v = (rMax * i) / 4;
        out.push(
          `<text x="${W - RIGHT + 6}" y="${yr(v) + 4}" fill="${rightSeries.color}">${+v.toPrecision(3)}</text>`,
        );
      }
      plot(rightSeries, yr);
    }
    for (const mark of marks) {
      out.push(
        `<line x1="${x(mark.t)}" x2="${x(mark.t)}" y1="${top}" y2="${bottom}" stroke="#999" stroke-dasharray="2 3"/>`,
      );
      if (index === 0)
        out.push(
          `<text x="${x(mark.t) + 3}" y="${top + 12}" fill="#666" font-size="10">${esc(mark.label)}</text>`,
        );
    }
    if (index === 2) {
      for (let i = 0; i <= 6; i += 1) {
        const t = (tMax * i) / 6;
        out.push(
          `<text x="${x(t)}" y="${bottom + 16}" text-anchor="middle" fill="#555">${Math.round(t)} s</text>`,
        );
      }
    }
  }

  panel(
    0,
    'Active people (left) and requests a second (right)',
    [{ name: 'people', color: '#1f5fbf', value: (p) => p.people }],
    { rightSeries: { name: 'req/s', color: '#999', value: (p) => p.rps } },
  );
  panel(
    1,
    'Latency, ms (all requests; event-loop delay of the server)',
    [
      { name: 'request p50', color: '#2a9d4b', value: (p) => p.p50 },
      { name: 'request p99', color: '#d9822b', value: (p) => p.p99 },
      { name: 'event-loop delay p99', color: '#8e44ad', value: (p) => p.eldP99 },
    ],
    {
      limitLines: [
        { value: limits.p99Ms, label: `p99 limit ${limits.p99Ms} ms`, color: '#d9822b' },
        { value: limits.eldMs, label: `event-loop limit ${limits.eldMs} ms`, color: '#8e44ad' },
      ],
    },
  );
  panel(2, 'Per second: errors (5xx, timeouts) and refusals (4xx)', [
    { name: 'errors', color: '#c0392b', value: (p) => p.errors },
    { name: '4xx', color: '#7f8c8d', value: (p) => p.refused },
  ]);
  out.push('</svg>');
  return out.join('\n');
}

/** Five-second points from the coordinator's one-second samples (bench/load/run.mjs). */
export function pointsFrom(samples, every = 5) {
  const points = [];
  for (let i = 0; i < samples.length; i += every) {
    const slice = samples.slice(i, i + every);
    points.push({
      t: slice.at(-1).t,
      people: slice.at(-1).people,
      rps: slice.reduce((s, p) => s + p.rps, 0) / slice.length,
      p50: Math.max(...slice.map((p) => p.p50)),
      p99: Math.max(...slice.map((p) => p.p99)),
      eldP99: Math.max(...slice.map((p) => p.eldP99)),
      errors: slice.reduce((s, p) => s + p.errors, 0) / slice.length,
      refused: slice.reduce((s, p) => s + p.refused, 0) / slice.length,
    });
  }
  return points;
}
