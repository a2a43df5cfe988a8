import { escapeHtml } from "./html";

/** Characters XML 1.0 does not allow at all, even escaped: the control characters are the point. */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text for an XML element or attribute: escaped, and without what XML cannot hold. */
export function xmlText(value: string): string {
  return escapeHtml(value.replace(NOT_XML, ""));
}

/** An instant as Google's feeds read it: ISO 8601 in UTC, to the second. */
export function xmlInstant(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}
