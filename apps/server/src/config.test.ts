import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('generates and keeps a JWT secret in the data folder in embedded mode', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dihs-config-'));
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(first.jwtSecret);
    expect(first).toMatchObject({ port: 3000, tokenTtlSeconds: 28800, seedDemo: true });
  });

  it('requires a JWT secret in production with a database server', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/x' })).toThrow(/JWT_SECRET/);
  });

  it('stores files in PostgreSQL by default, and in S3 only with a bucket', () => {
    const secret = { JWT_SECRET: 'x'.repeat(40), DATABASE_URL: 'postgres://db/x' };
    expect(loadConfig(secret).fileStore).toEqual({ kind: 'postgres' });
    expect(() => loadConfig({ ...secret, FILE_STORE: 's3' })).toThrow(/S3_BUCKET/);
    expect(
      loadConfig({
        ...secret,
        FILE_STORE: 's3',
        S3_BUCKET: 'b',
        S3_ENDPOINT: 'http://minio:9000',
        S3_FORCE_PATH_STYLE: '1',
      }).fileStore,
    ).toMatchObject({
      kind: 's3',
      bucket: 'b',
      endpoint: 'http://minio:9000',
      region: 'eu-central-1',
      forcePathStyle: true,
    });
  });

  it('needs every Janus secret and the admin API with JANUS_WS_URL, and names the missing ones', () => {
    const secret = { JWT_SECRET: 'x'.repeat(40), DATABASE_URL: 'postgres://db/x' };
    const janus = {
      JANUS_WS_URL: 'ws://janus:8188',
      JANUS_API_SECRET: 'api',
      JANUS_ADMIN_WS_URL: 'ws://127.0.0.1:7188',
      JANUS_ADMIN_SECRET: 'admin',
      JANUS_ADMIN_KEY: 'key',
    };
    expect(loadConfig({ ...secret, ...janus }).janus).toEqual({
      url: 'ws://janus:8188',
      publicUrl: 'ws://janus:8188',
      apiSecret: 'api',
      adminUrl: 'ws://127.0.0.1:7188',
      adminSecret: 'admin',
      adminKey: 'key',
    });
    expect(() => loadConfig({ ...secret, ...janus, JANUS_API_SECRET: '', JANUS_ADMIN_SECRET: '' })).toThrow(
      'Ungültige Konfiguration: JANUS_WS_URL braucht JANUS_API_SECRET, JANUS_ADMIN_SECRET.',
    );
    expect(loadConfig(secret).janus).toBeNull();
    expect(loadConfig(secret).cartExpiryIntervalSeconds).toBe(60);
  });

  it('names every wrong variable in German', () => {
    expect(() => loadConfig({ PORT: 'abc', JWT_SECRET: 'kurz' })).toThrow(/Ungültige Konfiguration: PORT.*JWT_SECRET/);
  });

  it('reads JWT_SECRETS_PREVIOUS space separated, each at least 32 characters, without the current secret', () => {
    const current = 'c'.repeat(40);
    const [a, b] = ['a'.repeat(32), 'b'.repeat(48)];
    expect(loadConfig({ JWT_SECRET: current }).jwtSecretsPrevious).toEqual([]);
    expect(
      loadConfig({ JWT_SECRET: current, JWT_SECRETS_PREVIOUS: ` ${a}  ${b}\n${current} ` }).jwtSecretsPrevious,
    ).toEqual([a, b]);
    expect(() => loadConfig({ JWT_SECRET: current, JWT_SECRETS_PREVIOUS: `${a} kurz` })).toThrow(
      'Ungültige Konfiguration: JWT_SECRETS_PREVIOUS: Jedes Geheimnis in JWT_SECRETS_PREVIOUS muss mindestens 32 Zeichen lang sein',
    );
  });

  it('trusts no proxy by default, and only the hop count or the addresses TRUST_PROXY names', () => {
    const secret = { JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(secret).trustProxy).toBe(false);
    expect(loadConfig({ ...secret, TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ ...secret, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...secret, TRUST_PROXY: '10.0.0.0/8, ::1,192.168.1.7, loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '::1',
      '192.168.1.7',
      'loopback',
    ]);
    for (const bad of ['true', 'yes', '10.0.0.0/33', '10.0.0', '1,', '-1', '10.0.0.1/8/9'])
      expect(() => loadConfig({ ...secret, TRUST_PROXY: bad }), bad).toThrow(
        /Ungültige Konfiguration: TRUST_PROXY: erwartet eine Anzahl/,
      );
  });
});

describe('REQUIRE_2FA_ROLES', () => {
  const secret = { JWT_SECRET: 'x'.repeat(32) };
  it('requires operators on a database server and nobody on the embedded demo database by default', () => {
    expect(loadConfig({ ...secret, DATABASE_URL: 'postgres://db/x' }).requireSecondFactorRoles).toEqual(['BETREIBER']);
    expect(loadConfig(secret).requireSecondFactorRoles).toEqual([]);
  });

  it('takes a comma list of roles or none, and refuses unknown roles', () => {
    expect(loadConfig({ ...secret, REQUIRE_2FA_ROLES: 'betreiber, THERAPEUT' }).requireSecondFactorRoles).toEqual([
      'BETREIBER',
      'THERAPEUT',
    ]);
    expect(
      loadConfig({ ...secret, DATABASE_URL: 'postgres://db/x', REQUIRE_2FA_ROLES: 'none' }).requireSecondFactorRoles,
    ).toEqual([]);
    expect(() => loadConfig({ ...secret, REQUIRE_2FA_ROLES: 'ADMIN' })).toThrow(/REQUIRE_2FA_ROLES/);
  });
});
