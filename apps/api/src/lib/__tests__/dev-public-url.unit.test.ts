import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const devScript = (
  JSON.parse(readFileSync(path.join(apiDir, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts.dev!;
const viteConfig = readFileSync(path.join(apiDir, '../web/vite.config.ts'), 'utf8');

/** The PUBLIC_URL the API sees under `pnpm dev`: the dev script's own shell line, with `env` for the server. */
function devPublicUrl(env: Record<string, string>): string {
  const prefix = devScript.slice(0, devScript.indexOf('tsx '));
  expect(prefix).toMatch(/PUBLIC_URL=/);
  const { PATH = '' } = process.env;
  return execFileSync(
    'sh',
    ['-c', `${prefix} "${process.execPath}" -e "process.stdout.write(process.env.PUBLIC_URL)"`],
    { env: { PATH, ...env }, encoding: 'utf8' },
  );
}

/** The origin the Vite dev server answers on (apps/web/vite.config.ts). */
function viteOrigin(): string {
  const server = viteConfig.slice(viteConfig.indexOf('server: {'));
  const port = /port: (\d+)/.exec(server)?.[1];
  const host = /host: '([^']+)'/.exec(server)?.[1];
  expect(server).toMatch(/strictPort: true/); // never silently another port
  return `http://${host}:${port}`;
}

describe('PUBLIC_URL under `pnpm dev`', () => {
  it("defaults to the Vite dev server's origin, where the browser is", () => {
    expect(devPublicUrl({})).toBe(viteOrigin());
    expect(devPublicUrl({ PUBLIC_URL: '' })).toBe(viteOrigin());
  });

  it('keeps a PUBLIC_URL that is set', () => {
    expect(devPublicUrl({ PUBLIC_URL: 'http://localhost:4000' })).toBe('http://localhost:4000');
  });

  it('makes mail links and the BankID return go through the dev server (its cookie stays)', () => {
    const config = loadConfig({ NODE_ENV: 'development', PORT: '3000', PUBLIC_URL: viteOrigin() });
    expect(config.publicUrl).toBe(viteOrigin());
    expect(config.oidc.redirectUri).toBe(`${viteOrigin()}/api/auth/bankid/callback`);
    expect(config.devMailbox).toBe(true);
  });
});
