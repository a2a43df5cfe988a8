import { spawn } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { cookieHeader, signUpCustomer } from "../support/accounts";
import { randomClientIp } from "../support/browser";
import { runCommand } from "../support/command";
import { startStoreServer, type StoreServer } from "../support/store-server";

const root = path.resolve(import.meta.dirname, "../..");
/** What a checkout holds besides its sources: left out of the copy (node_modules is linked). */
const NOT_COPIED = new Set([
  "node_modules",
  "build",
  "builds",
  "data",
  ".git",
  ".react-router",
  "tmp",
  ".env",
]);
const PRODUCTION = { NODE_ENV: "production", SEED_DEMO: "false" };
const DAY_MS = 24 * 60 * 60 * 1000;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A checkout of its own, so building it leaves the build the other tests share alone. */
async function copyOfTheProject(): Promise<string> {
  const project = await mkdtemp(path.join(os.tmpdir(), "vitrine-deploy-"));
  cleanups.push(() => rm(project, { recursive: true, force: true }));
  await cp(root, project, {
    recursive: true,
    filter: (source) => !NOT_COPIED.has(path.relative(root, source).split(path.sep)[0]!),
  });
  await symlink(path.join(root, "node_modules"), path.join(project, "node_modules"), "dir");
  return project;
}

/** The copy as a git clone of its own whose last commit holds it, for scripts/deploy.sh to publish. */
async function commitAll(project: string, message: string): Promise<void> {
  const git = (...args: string[]) => runCommand("git", ["-C", project, ...args], {});
  if (!existsSync(path.join(project, ".git"))) await git("init", "--quiet");
  await git("add", "--all");
  const committed = await git(
    "-c",
    "user.name=Teste",
    "-c",
    "user.email=teste@example.com",
    "commit",
    "-qm",
    message,
  );
  expect(committed.code, committed.stderr).toBe(0);
}

/** The README's deploy: scripts/deploy.sh of `project` publishing its last commit into `home`. */
async function deploy(project: string, home: string): Promise<void> {
  const result = await runCommand(path.join(project, "scripts/deploy.sh"), [home], {});
  expect(result.code, result.stderr).toBe(0);
}

/** Runs an npm script in `project` as an operator does; its exit code and output. */
function npmRun(project: string, script: string, env: NodeJS.ProcessEnv = {}) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    let output = "";
    const child = spawn("npm", ["run", "--silent", script], {
      cwd: project,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

async function build(project: string): Promise<void> {
  const result = await npmRun(project, "build");
  expect(result.code, result.output).toBe(0);
}

async function start(project: string): Promise<StoreServer> {
  const store = await startStoreServer(PRODUCTION, undefined, project);
  cleanups.push(() => store.stop());
  return store;
}

/** The scripts a page loads (module scripts, preloads, the entry's import). */
async function scriptsOf(store: StoreServer, page: string): Promise<string[]> {
  const response = await fetch(`${store.url}${page}`);
  expect(response.status).toBe(200);
  return [...new Set((await response.text()).match(/\/assets\/[\w.-]+\.js/g))];
}

/**
 * A build replaced three days ago, as `npm run build` records it, whose script the current build
 * still carries.
 */
async function plantBuildReplacedDaysAgo(project: string, script: string) {
  const manifestFile = path.join(project, "builds/manifest.json");
  const manifest = JSON.parse(await readFile(manifestFile, "utf8")) as { builds: object[] };
  const id = "2020-01-01T00-00-00-000Z";
  const name = path.basename(script);
  const replacedAt = new Date(Date.now() - 3 * DAY_MS).toISOString();
  manifest.builds.unshift({ id, assets: [name], replacedAt });
  await writeFile(manifestFile, JSON.stringify(manifest));
  const directory = path.join(project, "builds", id);
  await mkdir(path.join(directory, "client/assets"), { recursive: true });
  for (const assets of [path.join(directory, "client/assets"), path.join(project, "build/client/assets")]) {
    await writeFile(path.join(assets, name), "console.log('versão antiga');\n");
  }
  return { script, directory };
}

/** A small PNG, as a customer's photo. */
function redSquare(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();
}

async function statusesOf(store: StoreServer, scripts: string[]): Promise<Record<string, number>> {
  const statuses = await Promise.all(
    scripts.map(async (script) => (await fetch(`${store.url}${script}`)).status),
  );
  return Object.fromEntries(scripts.map((script, index) => [script, statuses[index]!]));
}

function allOk(scripts: string[]): Record<string, number> {
  return Object.fromEntries(scripts.map((script) => [script, 200]));
}

/**
 * A store on the changed release shows the change, and it and the one still on the old release
 * each serve the scripts of both releases' home page: during a rolling restart a page from either
 * may fetch its scripts from the other.
 */
async function expectEachServesTheOthersScripts(
  running: StoreServer,
  oldScripts: string[],
  restarted: StoreServer,
): Promise<void> {
  expect(await (await fetch(restarted.url)).text()).toContain("Versão nova no ar");
  const newScripts = await scriptsOf(restarted, "/");
  // The changed page's own chunk is one the new build does not have.
  expect(oldScripts.filter((script) => !newScripts.includes(script))).not.toEqual([]);
  const every = [...new Set([...oldScripts, ...newScripts])];
  expect(await statusesOf(restarted, every)).toEqual(allOk(every));
  expect(await statusesOf(running, every)).toEqual(allOk(every));
}

describe("deploys", () => {
  it("a new build leaves a running store's scripts served, and a store on it serves the old and the new ones, not those of a build replaced days ago", async () => {
    const project = await copyOfTheProject();
    await build(project);
    const running = await start(project);
    const oldScripts = await scriptsOf(running, "/");
    const longGone = await plantBuildReplacedDaysAgo(project, "/assets/longe-A1b2C3d4.js");
    expect(await statusesOf(running, [longGone.script])).toEqual(allOk([longGone.script]));

    const home = path.join(project, "app/routes/home.tsx");
    const source = await readFile(home, "utf8");
    const changed = source.replace("Produtos em destaque", "Versão nova no ar");
    expect(changed).not.toBe(source);
    await writeFile(home, changed);
    // The running store is asked for its page's scripts all through the build and the swap.
    const missed: string[] = [];
    let building = true;
    const asking = (async () => {
      while (building) {
        for (const [script, status] of Object.entries(await statusesOf(running, oldScripts))) {
          if (status !== 200) missed.push(`${script} ${status}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    await build(project).finally(() => (building = false));
    await asking;
    expect(missed).toEqual([]);

    const restarted = await start(project);
    await expectEachServesTheOthersScripts(running, oldScripts, restarted);
    expect(await statusesOf(restarted, [longGone.script])).toEqual({ [longGone.script]: 404 });
    expect(existsSync(longGone.directory)).toBe(false);
  }, 400_000);

  it("npm start in production refuses to start without a build, and does not build", async () => {
    const project = await copyOfTheProject();
    const result = await npmRun(project, "start", { NODE_ENV: "production", PORT: "0" });
    expect(result.code).toBe(1);
    expect(result.output).toContain("Nenhuma build em build/");
    expect(result.output).toContain("npm run build");
    expect(existsSync(path.join(project, "build"))).toBe(false);
  });

  it("scripts/deploy.sh publishes a release beside the running one: an upload on the old process still answers, and old and new processes serve each other's scripts", async () => {
    const project = await copyOfTheProject();
    await commitAll(project, "versão em uso");
    const home = await mkdtemp(path.join(os.tmpdir(), "vitrine-home-"));
    cleanups.push(() => rm(home, { recursive: true, force: true }));
    await deploy(project, home);
    // As systemd runs it: through HOME/current, which the next deploy moves.
    const running = await start(path.join(home, "current"));
    const oldScripts = await scriptsOf(running, "/");

    const homePage = path.join(project, "app/routes/home.tsx");
    await writeFile(
      homePage,
      (await readFile(homePage, "utf8")).replace("Produtos em destaque", "Versão nova no ar"),
    );
    await commitAll(project, "versão nova");
    await deploy(project, home);

    // The old process's first photo, after the deploy: it loads the image library only now.
    const customer = await signUpCustomer(running.url);
    const form = new FormData();
    form.append("intent", "avatar");
    form.append("avatar", new File([new Uint8Array(await redSquare())], "eu.png", { type: "image/png" }));
    const upload = await fetch(`${running.url}/account/profile`, {
      method: "POST",
      body: form,
      redirect: "manual",
      headers: { cookie: cookieHeader(customer), Origin: running.url, "X-Forwarded-For": randomClientIp() },
    });
    expect(upload.status).toBe(200);
    const profile = await (
      await fetch(`${running.url}/account/profile`, { headers: { cookie: cookieHeader(customer) } })
    ).text();
    const avatar = /\/uploads\/avatars\/[\w-]+\/avatar\.webp\?v=\d+/.exec(profile)?.[0];
    expect(avatar).toBeDefined();
    expect((await fetch(`${running.url}${avatar}`)).status).toBe(200);

    await expectEachServesTheOthersScripts(running, oldScripts, await start(path.join(home, "current")));
  }, 400_000);
});
