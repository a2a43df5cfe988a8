/**
 * schema.org data as the text of a `<script type="application/ld+json">`. Inside `<script>`, "<"
 * could close the element: it is escaped, whatever text the data carries.
 */
export function jsonLdScriptText(data: object): string {
  return JSON.stringify({ "@context": "https://schema.org", ...data }).replace(/</g, "\\u003c");
}
