import { createContext, useContext } from "react";

/** The store's stylesheet, given to the server's render only (empty in the browser). */
export const StylesheetContext = createContext("");

/**
 * The whole stylesheet (about 7.5 KB compressed) written into the page's head, so the first paint
 * waits for no second request. The browser bundle never carries the text: hydration keeps the
 * server's copy of the element (React does not rewrite inner HTML when hydrating), and the
 * element's props never change afterwards. The CSP's `style-src 'unsafe-inline'` allows it.
 */
export function InlineStylesheet() {
  const stylesheet = useContext(StylesheetContext);
  return <style dangerouslySetInnerHTML={{ __html: stylesheet }} suppressHydrationWarning />;
}
