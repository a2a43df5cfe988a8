import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from "react-router";
import { NonceContext } from "./components/nonce";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> {
  const nonce = loadContext.cspNonce || undefined;
  return new Promise((resolve, reject) => {
    let status = responseStatusCode;
    // Pages are rendered whole before sending: they are data-driven, small, and cacheable.
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          const chunks: Buffer[] = [];
          pipe(
            new Writable({
              write(chunk: Buffer, _encoding, done) {
                chunks.push(chunk);
                done();
              },
              final(done) {
                responseHeaders.set("Content-Type", "text/html; charset=utf-8");
                const html = withScriptsAfterFirstPaint(Buffer.concat(chunks).toString());
                resolve(new Response(html, { headers: responseHeaders, status }));
                done();
              },
            }),
          );
        },
        onShellError: reject,
        onError(error) {
          status = 500;
          loadContext.logger.error({ err: error }, "Erro ao renderizar a página");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000).unref();
  });
}

/**
 * The page is drawn on the server: its scripts only make it interactive. Preloaded at the default
 * (high) priority, they compete with the stylesheet and the largest image, and Lighthouse counts
 * them in the first paint (decision 0011). React Router's `<Scripts>` takes no priority for its
 * `modulepreload` links, so it is set here.
 */
function withScriptsAfterFirstPaint(html: string): string {
  return html.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  context.logger.error({ err: error }, "Erro em loader ou action");
};
