import { expect } from "vitest";

/** `GET /metrics` of a started store, with its `METRICS_TOKEN`: the exposition's text. */
export async function scrapeMetrics(storeUrl: string, token: string): Promise<string> {
  const response = await fetch(`${storeUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
  return response.text();
}

/** The value of one sample, by its name and labels as the exposition writes them; 0 when absent. */
export function metricSample(text: string, series: string): number {
  const line = text.split("\n").find((entry) => entry.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}
