// sqld's count of round trips, read from its admin API's Prometheus counters: every HTTP response it sent to a
// database client (a Hrana pipeline, a health check), summed over their statuses. Plain `fetch`, so that the Worker
// tests can read it from inside workerd as the benchmarks do from Node.

/** The HTTP responses the sqld whose admin API is at `adminUrl` has sent to database clients since it started. */
export async function pipelinesServed(adminUrl: string): Promise<number> {
  const metrics = await (await fetch(`${adminUrl}/metrics`)).text();
  let total = 0;
  for (const match of metrics.matchAll(/^libsql_server_user_http_response\{[^}]*\} (\d+)/gm)) total += Number(match[1]);
  return total;
}
