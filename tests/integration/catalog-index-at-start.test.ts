import { describe, expect, it } from "vitest";
import { metricSample, scrapeMetrics } from "../support/metrics";
import { setUpStartedStore } from "../support/started-store";

// Issue 30, point 3: the first listing after a start does not read the whole catalogue, nor
// render a page for the first time: the store has done both before /readyz says ready.

const TOKEN = "token-de-metricas-do-indice";
const started = setUpStartedStore({ METRICS_TOKEN: TOKEN });
const WHOLE_LOADS = 'vitrine_catalog_index_loads_total{kind="whole"}';

describe("a store's start", () => {
  it("is read whole once, before the store says it is ready, and not again by the first listings", async () => {
    expect(metricSample(await scrapeMetrics(started.store.url, TOKEN), WHOLE_LOADS)).toBe(1);

    for (const search of ["", "?q=smartphone", "?min=100"]) {
      const listing = await fetch(`${started.store.url}/catalog${search}`);
      expect(await listing.text()).toContain("Exibindo");
    }
    expect(metricSample(await scrapeMetrics(started.store.url, TOKEN), WHOLE_LOADS)).toBe(1);
  });

  it("has rendered the home page and the catalogue once before it says it is ready", async () => {
    for (const path of ["/", "/catalog"]) {
      const page = await fetch(`${started.store.url}${path}`);
      expect(page.headers.get("x-cache"), path).toBe("HIT");
    }
  });
});
