import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from "react-router";
import { NonceContext } from "./components/nonce";
import { withScriptsAfterFirstPaint } from "./lib/scripts-after-first-paint";

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

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  context.logger.error({ err: error }, "Erro em loader ou action");
};
