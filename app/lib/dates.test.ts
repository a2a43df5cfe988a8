import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "./dates";

describe("store dates (America/Sao_Paulo)", () => {
  it("formats a date as dd/MM/yyyy", () => {
    expect(formatDate("2026-01-15T13:05:00Z")).toBe("15/01/2026");
  });

  it("formats a moment as dd/MM/yyyy 'às' HH:mm in São Paulo time", () => {
    expect(formatDateTime("2026-01-15T13:05:00Z")).toBe("15/01/2026 às 10:05");
    expect(formatDateTime(new Date(Date.UTC(2026, 6, 4, 23, 59)))).toBe("04/07/2026 às 20:59");
  });

  it("uses São Paulo's calendar day, not UTC's", () => {
    expect(formatDate("2026-03-01T02:30:00Z")).toBe("28/02/2026");
    expect(formatDateTime("2026-03-01T02:30:00Z")).toBe("28/02/2026 às 23:30");
  });

  it("applies the daylight saving time São Paulo had until 2019", () => {
    expect(formatDateTime("2018-12-01T12:00:00Z")).toBe("01/12/2018 às 10:00");
  });

  it("accepts dates, ISO strings and epoch milliseconds alike", () => {
    const instant = Date.UTC(2026, 10, 22, 15, 0);
    expect(formatDateTime(instant)).toBe(formatDateTime(new Date(instant)));
    expect(formatDateTime(new Date(instant).toISOString())).toBe("22/11/2026 às 12:00");
  });
});
