// One autocannon run, reduced to the numbers docs/PERFORMANCE.md records.
import autocannon from 'autocannon';

export function measure(title, options, { duration = 10, connections = 50 } = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ duration, connections, ...options }, (error, result) => {
      if (error) return reject(error);
      resolve({
        title,
        rps: Math.round(result.requests.average),
        requests: result.requests.total,
        p50: result.latency.p50,
        p99: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
      });
    });
  });
}

export function printTable(rows, reference) {
  console.log(
    '| what | req/s | % of hello-world | p50 ms | p99 ms | non-2xx | errors | server CPU ms/req |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    const share = reference ? `${Math.round((row.rps / reference.rps) * 100)}%` : '';
    console.log(
      `| ${row.title} | ${row.rps} | ${share} | ${row.p50} | ${row.p99} | ${row.non2xx} | ${row.errors} | ${row.cpuMs === undefined ? '' : row.cpuMs.toFixed(3)} |`,
    );
  }
}
