#!/usr/bin/env node
// Entry point of every npm script. Plain JavaScript so that it runs on any Node: when the system Node is older
// than 22 (wrangler needs 22+), it re-runs itself under Node 24 from the npm registry. It then installs the
// dependencies when they are missing or stale and hands over to scripts/<command>.ts (run by Node's own
// TypeScript support).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const [command = 'start', ...args] = process.argv.slice(2);
const major = Number(process.versions.node.split('.')[0]);

if (major < 22) {
  console.log(`Node ${process.versions.node} is too old for wrangler; running under Node 24 from the npm registry.`);
  // Ask npx for the real Node 24 binary and run it directly, so signals reach it without npm in between.
  const node24 = execFileSync('npx', ['-y', 'node@24', '-p', 'process.execPath'], { encoding: 'utf8' }).trim();
  const child = spawn(node24, [fileURLToPath(import.meta.url), command, ...args], {
    stdio: 'inherit',
    cwd: root,
    // Node 24 first on PATH, so npm and every tool started from here run under it too.
    env: { ...process.env, PATH: `${dirname(node24)}:${process.env.PATH ?? ''}` },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  installDependencies();
  const script = join(root, 'scripts', `${command}.ts`);
  if (!existsSync(script)) {
    console.error(`Unknown command "${command}".`);
    process.exit(2);
  }
  process.chdir(root);
  await import(pathToFileURL(script).href);
}

/** `npm install` when node_modules is missing or older than package.json / package-lock.json. */
function installDependencies() {
  const stampFile = join(root, 'node_modules', '.install-stamp');
  const manifestsHash = () => {
    const hash = createHash('sha256');
    for (const file of ['package.json', 'package-lock.json']) {
      if (existsSync(join(root, file))) hash.update(readFileSync(join(root, file)));
    }
    return hash.digest('hex');
  };
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === manifestsHash()) return;
  console.log('Installing dependencies (npm install)...');
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('npm install failed.');
    process.exit(result.status ?? 1);
  }
  writeFileSync(stampFile, manifestsHash());
}
