import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { signUpCustomer } from "../support/accounts";
import { waitUntil } from "../support/eventually";
import { addAddressOverHttp, demoProduct, payOverHttp, placeOrderOverHttp } from "../support/orders";
import { metricSample, scrapeMetrics } from "../support/metrics";
import { setUpStartedStore } from "../support/started-store";

// Issue 25, point 7: GET /metrics in Prometheus format, only for who holds METRICS_TOKEN.

const TOKEN = "token-de-metricas-para-o-teste";
const started = setUpStartedStore({ METRICS_TOKEN: TOKEN });

const scrape = () => scrapeMetrics(started.store.url, TOKEN);

describe("GET /metrics", () => {
  it("refuses a missing or wrong token with 401, and says nothing", async () => {
    for (const authorization of [undefined, "Bearer errado", `Bearer ${TOKEN}x`, `Basic ${TOKEN}`]) {
      const response = await fetch(`${started.store.url}/metrics`, {
        headers: authorization ? { authorization } : {},
      });
      expect(response.status, authorization).toBe(401);
      expect(await response.text()).not.toContain("vitrine_");
    }
  });

  it("counts requests by route pattern and status, and the visitors' cache hits and misses", async () => {
    const before = await scrape();
    const productPath = `/product/${demoProduct("Smartphone Lume A15 64 GB").id}`;
    for (let index = 0; index < 3; index++) await (await fetch(started.store.url + productPath)).text();
    await (await fetch(`${started.store.url}/nao-existe-${Date.now()}`)).text();
    const after = await scrape();

    const requests = 'vitrine_http_requests_total{method="GET",route="/product/:id",status="200"}';
    expect(metricSample(after, requests) - metricSample(before, requests)).toBe(3);
    const notFound = 'vitrine_http_requests_total{method="GET",route="/*",status="404"}';
    expect(metricSample(after, notFound) - metricSample(before, notFound)).toBe(1);
    expect(after).toContain(
      'vitrine_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/product/:id",status="200"}',
    );
    const hits = 'vitrine_page_cache_requests_total{cache="visitor",result="hit"}';
    expect(metricSample(after, hits) - metricSample(before, hits)).toBeGreaterThanOrEqual(2);
    expect(after).not.toMatch(/route="\/product\/\d/);
  });

  it("counts orders created and paid, and shows the outbox backlogs, the jobs and the process", async () => {
    const before = await scrape();
    const customer = await signUpCustomer(started.store.url);
    const addressId = await addAddressOverHttp(started.store.url, customer);
    const order = await placeOrderOverHttp(
      started.store.url,
      customer,
      addressId,
      demoProduct("Smartphone Lume A15 64 GB"),
    );
    await payOverHttp(started.store.url, customer, order.orderId);
    const after = await scrape();

    expect(
      metricSample(after, "vitrine_orders_created_total") -
        metricSample(before, "vitrine_orders_created_total"),
    ).toBe(1);
    expect(
      metricSample(after, "vitrine_orders_paid_total") - metricSample(before, "vitrine_orders_paid_total"),
    ).toBe(1);
    // Counted from the database at each scrape, the same on every instance.
    for (const queue of [
      "mail_pending",
      "mail_failed",
      "payment_events_pending",
      "charge_cancellations_pending",
    ]) {
      expect(after).toMatch(new RegExp(`^vitrine_backlog\\{queue="${queue}"\\} \\d+$`, "m"));
    }
    // The e-mail job runs every 5 s: its runs are counted, with their duration and what they sent
    // (the sign-up's confirmation and the order's, written to DATA_DIR/mail without SMTP_URL).
    const emailJobSent = /^vitrine_mail_deliveries_total\{result="sent"\} [1-9]/m;
    await waitUntil(async () => emailJobSent.test(await scrape()));
    const later = await scrape();
    expect(later).toMatch(/^vitrine_job_runs_total\{job="e-mails",result="ok"\} [1-9]/m);
    expect(later).toMatch(/^vitrine_job_duration_seconds_count\{job="e-mails"\} [1-9]/m);
    expect(after).toMatch(/^process_resident_memory_bytes \d/m);
    // The PostgreSQL pool's connections; the embedded database has no pool.
    const pool = /^vitrine_db_pool_connections\{state="total"\} [1-9]/m;
    if (process.env.TEST_DATABASE_URL) expect(after).toMatch(pool);
    else expect(after).not.toMatch(pool);
    expect(after).not.toContain(customer.email);
  });
});

describe("GET /metrics about the instance", () => {
  it("names the release it runs (version and build), and times a minimal query to the database", async () => {
    const metrics = await scrape();
    const { version } = JSON.parse(await readFile("package.json", "utf8")) as { version: string };
    const info = /^vitrine_build_info\{(.*)\} 1$/m.exec(metrics)?.[1];
    expect(info).toContain(`version="${version}"`);
    // The build the started store runs from (builds/<its time>/, scripts/build.js).
    expect(info).toMatch(/build="\d{4}-\d{2}-\d{2}T[\d-]+Z"/);
    expect(metricSample(metrics, "vitrine_db_ping_seconds")).toBeGreaterThan(0);
  });
});

describe("GET /metrics without METRICS_TOKEN", () => {
  const plain = setUpStartedStore({ SEED_DEMO: "false" });

  it("is not there: 404, whatever the token", async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Record<string, string>[]) {
      const response = await fetch(`${plain.store.url}/metrics`, { headers });
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain("vitrine_");
    }
  });
});
