import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { formatDate, formatDateTime, STORE_TIME_ZONE } from "./dates";

const HOUR = 3_600_000;
const pad = (value: number) => String(value).padStart(2, "0");

/** São Paulo has been UTC−3 all year since daylight saving time ended in February 2019. */
function referenceDateTime(instant: number): string {
  const local = new Date(instant - 3 * HOUR);
  const month = pad(local.getUTCMonth() + 1);
  const day = `${pad(local.getUTCDate())}/${month}/${local.getUTCFullYear()}`;
  return `${day} às ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}

describe("formatDate and formatDateTime", () => {
  it("use São Paulo's time zone", () => {
    expect(STORE_TIME_ZONE).toBe("America/Sao_Paulo");
  });

  it("format a date as dd/MM/yyyy", () => {
    expect(formatDate("2026-01-15T13:05:00Z")).toBe("15/01/2026");
    expect(formatDate(new Date(Date.UTC(2026, 6, 4, 12)))).toBe("04/07/2026");
  });

  it.each([
    ["2026-01-15T13:05:00Z", "15/01/2026 às 10:05"],
    ["2026-07-04T23:59:00Z", "04/07/2026 às 20:59"],
    ["2026-01-15T03:00:00Z", "15/01/2026 às 00:00"],
    ["2026-01-15T16:30:00Z", "15/01/2026 às 13:30"],
    ["2026-01-15T13:05:59.999Z", "15/01/2026 às 10:05"],
    ["2028-02-29T12:00:00Z", "29/02/2028 às 09:00"],
  ])("format the moment %s as %j, 24-hour clock", (instant, text) => {
    expect(formatDateTime(instant)).toBe(text);
  });

  it.each([
    ["2026-03-01T02:30:00Z", "28/02/2026", "28/02/2026 às 23:30"],
    ["2026-03-01T02:59:59Z", "28/02/2026", "28/02/2026 às 23:59"],
    ["2026-03-01T03:00:00Z", "01/03/2026", "01/03/2026 às 00:00"],
    ["2027-01-01T02:59:00Z", "31/12/2026", "31/12/2026 às 23:59"],
    ["2027-01-01T03:00:00Z", "01/01/2027", "01/01/2027 às 00:00"],
  ])("use São Paulo's calendar day, not UTC's: %s", (instant, date, dateTime) => {
    expect(formatDate(instant)).toBe(date);
    expect(formatDateTime(instant)).toBe(dateTime);
  });

  it.each([
    ["2018-12-01T12:00:00Z", "01/12/2018 às 10:00"],
    ["2018-11-04T02:59:00Z", "03/11/2018 às 23:59"],
    ["2018-11-04T03:00:00Z", "04/11/2018 às 01:00"],
    ["2019-02-17T01:59:00Z", "16/02/2019 às 23:59"],
    ["2019-02-17T02:00:00Z", "16/02/2019 às 23:00"],
    ["2019-06-01T12:00:00Z", "01/06/2019 às 09:00"],
  ])("apply the daylight saving time São Paulo had until 2019: %s", (instant, text) => {
    expect(formatDateTime(instant)).toBe(text);
  });

  it("agree with UTC−3 for any moment since daylight saving time ended", () => {
    const since = Date.UTC(2019, 1, 17, 2);
    const until = Date.UTC(2100, 0, 1);
    fc.assert(
      fc.property(fc.integer({ min: since, max: until }), (instant) => {
        const expected = referenceDateTime(instant);
        expect(formatDateTime(instant)).toBe(expected);
        expect(formatDate(instant)).toBe(expected.slice(0, 10));
      }),
    );
  });

  it("accept dates, epoch milliseconds and ISO text with any offset alike", () => {
    const instant = Date.UTC(2026, 10, 22, 15, 0);
    const expected = "22/11/2026 às 12:00";
    expect(formatDateTime(instant)).toBe(expected);
    expect(formatDateTime(new Date(instant))).toBe(expected);
    expect(formatDateTime(new Date(instant).toISOString())).toBe(expected);
    expect(formatDateTime("2026-11-22T12:00:00-03:00")).toBe(expected);
    expect(formatDateTime("2026-11-23T00:00:00+09:00")).toBe(expected);
  });

  it("read a date without a time as São Paulo's calendar day, not UTC midnight", () => {
    expect(formatDate("2026-01-15")).toBe("15/01/2026");
    expect(formatDateTime("2026-01-15")).toBe("15/01/2026 às 00:00");
    expect(formatDate("2028-02-29")).toBe("29/02/2028");
    // Daylight saving time began at midnight that day, so 00:00 itself never happened.
    expect(formatDate("2018-11-04")).toBe("04/11/2018");
  });

  it("read a time without an offset as São Paulo's wall clock, not the machine's", () => {
    expect(formatDateTime("2026-01-15T10:05")).toBe("15/01/2026 às 10:05");
    expect(formatDateTime("2026-01-15T23:59:59")).toBe("15/01/2026 às 23:59");
    expect(formatDateTime("2026-01-15 10:05:30.123456")).toBe("15/01/2026 às 10:05");
    expect(formatDateTime(" 2026-01-15T10:05:00 ")).toBe("15/01/2026 às 10:05");
  });

  it.each([
    ["text that is no date", "amanhã"],
    ["an empty string", ""],
    ["an impossible day", "2026-02-30"],
    ["a day that only leap years have", "2027-02-29"],
    ["an impossible month", "2026-13-01"],
    ["an hour past the day", "2026-01-15T24:00"],
    ["NaN", NaN],
    ["an invalid Date", new Date(NaN)],
  ])("throw a RangeError for %s", (_case, date) => {
    expect(() => formatDate(date)).toThrow(RangeError);
    expect(() => formatDateTime(date)).toThrow(RangeError);
  });
});

describe("the machine's time zone", () => {
  const original = process.env.TZ;
  afterEach(() => {
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  });

  it.each([
    ["UTC", 0],
    ["Asia/Tokyo", -540],
    ["America/Los_Angeles", 480],
    ["Pacific/Kiritimati", -840],
    ["America/Sao_Paulo", 180],
  ])("makes no difference when it is %s", (zone, offsetInJanuary) => {
    process.env.TZ = zone;
    // Node applies a changed TZ at once; this shows the change took effect.
    expect(new Date(Date.UTC(2026, 0, 15)).getTimezoneOffset()).toBe(offsetInJanuary);

    expect(formatDateTime("2026-01-15T13:05:00Z")).toBe("15/01/2026 às 10:05");
    expect(formatDateTime("2026-03-01T02:30:00Z")).toBe("28/02/2026 às 23:30");
    expect(formatDateTime("2018-12-01T12:00:00Z")).toBe("01/12/2018 às 10:00");
    expect(formatDateTime("2018-11-04T03:00:00Z")).toBe("04/11/2018 às 01:00");
    expect(formatDate("2026-01-15")).toBe("15/01/2026");
    expect(formatDateTime("2026-01-15T10:05")).toBe("15/01/2026 às 10:05");
  });
});
