import { readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { crc32, deflateSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { cookieHeader, type Customer, signUpCustomer } from "../support/accounts";
import { rawRequest } from "../support/http";
import { setUpStartedStore } from "../support/started-store";

// Request bodies are bounded before they are read (issue 8): tried against the started started.store.

const started = setUpStartedStore({ SEED_DEMO: "false" });

const TOO_LARGE = "O conteúdo enviado é grande demais.";
const MB = 1024 * 1024;

function residentMemory(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

/**
 * Streams up to `totalBytes` as a chunked body (no Content-Length), as fast as the server takes
 * it, and watches the server's resident memory meanwhile.
 */
function postChunked(path: string, totalBytes: number, headers: http.OutgoingHttpHeaders = {}) {
  const url = new URL(started.store.url);
  const chunk = Buffer.alloc(MB, "a");
  const pid = started.store.process.pid!;
  let peakMemory = residentMemory(pid);
  const watch = setInterval(() => (peakMemory = Math.max(peakMemory, residentMemory(pid))), 20);
  return new Promise<{ status: number; body: string; sent: number; peakMemory: number }>(
    (resolve, reject) => {
      let sent = 0;
      let answered = false;
      const request = http.request(
        { host: url.hostname, port: url.port, path, method: "POST", headers, agent: false },
        (response) => {
          answered = true;
          let body = "";
          response.setEncoding("utf8");
          response.on("data", (text: string) => (body += text));
          response.on("end", () => {
            clearInterval(watch);
            request.destroy();
            resolve({ status: response.statusCode!, body, sent, peakMemory });
          });
        },
      );
      request.on("error", (error) => {
        if (!answered) {
          clearInterval(watch);
          reject(error);
        }
      });
      const write = () => {
        while (!answered && !request.destroyed && sent < totalBytes) {
          sent += chunk.length;
          if (!request.write(chunk)) return void request.once("drain", write);
        }
        if (sent >= totalBytes) request.end();
      };
      write();
    },
  );
}

describe("bodies bounded before they are read", () => {
  it("refuses a 1 GB chunked sign-up post with 413, memory flat, serving everyone else", async () => {
    const before = residentMemory(started.store.process.pid!);
    const responsive = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      return rawRequest(started.store.url, "/healthz");
    })();
    const answer = await postChunked("/auth", 1024 * MB, {
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toBe(TOO_LARGE);
    expect(answer.sent).toBeLessThan(1024 * MB);
    expect(answer.peakMemory - before).toBeLessThan(32 * MB);
    expect((await responsive).status).toBe(200);
    expect((await rawRequest(started.store.url, "/auth")).status).toBe(200);
  });

  it("lets a client that keeps sending for a second still read its 413", async () => {
    const url = new URL(started.store.url);
    const socket = net.connect(Number(url.port), url.hostname).pause();
    const received: Buffer[] = [];
    // The store closes its side once the answer is out; a reset instead loses the unread answer.
    const answered = new Promise<string>((resolve) => {
      socket.on("data", (data: Buffer) => received.push(data));
      socket.on("end", () => resolve(Buffer.concat(received).toString("utf8")));
      socket.on("error", (error: NodeJS.ErrnoException) => resolve(`erro ${error.code}`));
    });
    socket.write(`POST /auth HTTP/1.1\r\nHost: ${url.host}\r\nTransfer-Encoding: chunked\r\n\r\n`);
    const chunk = `10000\r\n${"a".repeat(0x10000)}\r\n`;
    const sendingUntil = Date.now() + 1000;
    const send = () => {
      while (Date.now() < sendingUntil) if (!socket.write(chunk)) return void socket.once("drain", send);
    };
    send();
    setTimeout(() => socket.resume(), 1000);
    const answer = await answered;
    socket.destroy();
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain(TOO_LARGE);
  });

  it("refuses a declared Content-Length over the limit without waiting for the body", async () => {
    const answer = await rawRequest(started.store.url, "/auth", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(10 * MB) },
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toBe(TOO_LARGE);
  });

  it("still takes a form post under the limit", async () => {
    const answer = await rawRequest(started.store.url, "/auth", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "198.51.100.7" },
      body: new URLSearchParams({
        intent: "login",
        email: "ninguem@example.com",
        password: "x".repeat(60),
      }).toString(),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain("E-mail ou senha incorretos");
  });
});

describe("the avatar upload", () => {
  let customer: Customer;
  let cookie: string;
  beforeAll(async () => {
    customer = await signUpCustomer(started.store.url);
    cookie = cookieHeader(customer);
  });

  function upload(file: Buffer, type = "image/png") {
    const form = new FormData();
    form.set("intent", "avatar");
    form.set("avatar", new File([new Uint8Array(file)], "foto.png", { type }));
    // As the page's fetcher sends it: the answer is the action's data.
    return fetch(`${started.store.url}/account/profile.data`, {
      method: "POST",
      body: form,
      headers: { cookie },
    });
  }

  it("refuses more than 5 MB even when no Content-Length is sent", async () => {
    const answer = await postChunked("/account/profile", 6 * MB, {
      cookie,
      "Content-Type": "multipart/form-data; boundary=x",
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toBe(TOO_LARGE);
  });

  it("refuses an image that declares more pixels than it may decode into", async () => {
    const answer = await upload(hugeBlankPng(10_000, 10_000));
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("Erro ao atualizar foto");
    expect((await rawRequest(started.store.url, "/healthz")).status).toBe(200);
  });
});

/** A PNG of a few kilobytes that decodes into width × height pixels: a decompression bomb. */
function hugeBlankPng(width: number, height: number): Buffer {
  const chunk = (type: string, content: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(content.length);
    const typed = Buffer.concat([Buffer.from(type, "ascii"), content]);
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, checksum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(1, 8); // 1 bit per pixel
  header.writeUInt8(0, 9); // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // filter byte 0, all black
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
