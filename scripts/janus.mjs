// Janus (Debian package `janus`) as the SFU of large group sessions, with a configuration this project owns: the
// packaged /etc/janus files enable every plugin and transport with demo secrets, so we never use them. The tests
// start their own Janus on a free port (startJanus); `node scripts/janus.mjs` runs one in the foreground for a
// developer or a production unit (docs/operations.md). Only Node built-ins: this runs before `npm install`.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { aptInstall } from './lib.mjs';

export const JANUS_BINARY = '/usr/bin/janus';
const LIB = '/usr/lib/x86_64-linux-gnu/janus';

/** Installs Debian's janus when it is missing (as scripts/test.mjs does with Chromium); false when that fails. */
export function ensureJanus() {
  if (existsSync(JANUS_BINARY)) return true;
  console.log('Janus wird aus den Debian-Paketen installiert ...');
  try {
    aptInstall('janus');
  } catch (error) {
    console.error(error.message);
  }
  return existsSync(JANUS_BINARY);
}

/** A TCP port nobody listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const quoted = (value) => JSON.stringify(String(value));

/**
 * The configuration files: only the VideoRoom plugin and the WebSocket transport are loaded (no HTTP), every request
 * needs the API secret (the app server) or a token the app server added (a browser: token_auth, each token limited
 * to the VideoRoom), the admin API listens only on its own WebSocket port (adminWsIp, loopback unless the app server
 * runs elsewhere) and needs the admin secret, room creation needs the VideoRoom admin key, and ICE uses only the
 * interfaces given (loopback for tests; the public interface with nat_1_1_mapping behind NAT in production).
 */
export function janusConfig({
  wsPort,
  wsIp,
  apiSecret,
  adminWsPort,
  adminWsIp,
  adminSecret,
  adminKey,
  iceEnforce,
  nat11,
  stunServer,
  turn,
  rtpPorts,
}) {
  const disabledPlugins = [
    'audiobridge',
    'duktape',
    'echotest',
    'lua',
    'nosip',
    'recordplay',
    'sip',
    'streaming',
    'textroom',
    'videocall',
    'voicemail',
  ].map((name) => `libjanus_${name}.so`);
  const disabledTransports = ['http', 'mqtt', 'nanomsg', 'pfunix', 'rabbitmq'].map((name) => `libjanus_${name}.so`);
  const nat = [
    iceEnforce ? `ice_enforce_list = ${quoted(iceEnforce)}` : '',
    nat11 ? `nat_1_1_mapping = ${quoted(nat11)}` : '',
    stunServer ? `stun_server = ${quoted(stunServer.host)}\n  stun_port = ${stunServer.port}` : '',
    turn
      ? `turn_server = ${quoted(turn.host)}\n  turn_port = ${turn.port}\n  turn_type = "udp"\n` +
        `  turn_user = ${quoted(turn.user)}\n  turn_pwd = ${quoted(turn.password)}`
      : '',
  ]
    .filter(Boolean)
    .join('\n  ');
  return {
    'janus.jcfg': `general: {
  configs_folder = "."
  plugins_folder = ${quoted(`${LIB}/plugins`)}
  transports_folder = ${quoted(`${LIB}/transports`)}
  events_folder = ${quoted(`${LIB}/events`)}
  loggers_folder = ${quoted(`${LIB}/loggers`)}
  debug_level = 3
  api_secret = ${quoted(apiSecret)}
  token_auth = true
  admin_secret = ${quoted(adminSecret)}
  server_name = "dihs-janus"
  session_timeout = 60
}
media: {
  rtp_port_range = ${quoted(rtpPorts ?? '20000-40000')}
}
nat: {
  ${nat}
}
plugins: {
  disable = ${quoted(disabledPlugins.join(','))}
}
transports: {
  disable = ${quoted(disabledTransports.join(','))}
}
events: {
  broadcast = false
}
loggers: {
  disable = "libjanus_jsonlog.so"
}
`,
    'janus.transport.websockets.jcfg': `general: {
  json = "plain"
  ws = true
  ws_port = ${wsPort}
  ws_ip = ${quoted(wsIp)}
  wss = false
}
admin: {
  admin_ws = true
  admin_ws_port = ${adminWsPort}
  admin_ws_ip = ${quoted(adminWsIp)}
  admin_wss = false
}
`,
    // no rooms in the file: the server creates one per session with its own secret
    'janus.plugin.videoroom.jcfg': `general: {
  admin_key = ${quoted(adminKey)}
  lock_rtp_forward = true
  string_ids = false
}
`,
  };
}

function waitForPort(port, host, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = net.connect(port, host);
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`Janus antwortet nicht auf ${host}:${port}`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

/**
 * Starts a Janus of its own in a temporary folder, WebSocket API and admin API on loopback at free ports, ICE on
 * loopback only. Resolves to { url, apiSecret, adminUrl, adminSecret, adminKey, stop() } once both ports accept
 * connections.
 */
export async function startJanus(options = {}) {
  const wsPort = options.wsPort ?? (await freePort());
  const adminWsPort = await freePort();
  const apiSecret = options.apiSecret ?? randomBytes(16).toString('hex');
  const adminSecret = randomBytes(16).toString('hex');
  const adminKey = options.adminKey ?? randomBytes(16).toString('hex');
  const dir = mkdtempSync(path.join(tmpdir(), 'dihs-janus-'));
  const files = janusConfig({
    wsPort,
    wsIp: '127.0.0.1',
    apiSecret,
    adminWsPort,
    adminWsIp: '127.0.0.1',
    adminSecret,
    adminKey,
    iceEnforce: 'lo',
    ...options.config,
  });
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  const child = spawn(
    JANUS_BINARY,
    ['-F', dir, '-C', path.join(dir, 'janus.jcfg'), '-o', '-L', path.join(dir, 'janus.log')],
    {
      cwd: dir,
      stdio: 'ignore',
    },
  );
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  try {
    await waitForPort(wsPort, '127.0.0.1', 20_000);
    await waitForPort(adminWsPort, '127.0.0.1', 20_000);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `ws://127.0.0.1:${wsPort}`,
    apiSecret,
    adminUrl: `ws://127.0.0.1:${adminWsPort}`,
    adminSecret,
    adminKey,
    pid: child.pid,
    logFile: path.join(dir, 'janus.log'),
    async stop() {
      if (!exited) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await gone;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The app server's settings for a Janus that startJanus started (config.ts). */
export function janusServerEnv(janus) {
  return {
    JANUS_WS_URL: janus.url,
    JANUS_API_SECRET: janus.apiSecret,
    JANUS_ADMIN_WS_URL: janus.adminUrl,
    JANUS_ADMIN_SECRET: janus.adminSecret,
    JANUS_ADMIN_KEY: janus.adminKey,
  };
}

// `node scripts/janus.mjs`: one Janus in the foreground, configured from the environment (docs/operations.md).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const env = process.env;
  if (!env.JANUS_API_SECRET || !env.JANUS_ADMIN_SECRET || !env.JANUS_ADMIN_KEY) {
    console.error('JANUS_API_SECRET, JANUS_ADMIN_SECRET und JANUS_ADMIN_KEY müssen gesetzt sein.');
    process.exit(1);
  }
  if (!ensureJanus()) process.exit(1);
  const dir = env.JANUS_CONFIG_DIR ?? mkdtempSync(path.join(tmpdir(), 'dihs-janus-'));
  const [turnHost, turnPort] = (env.JANUS_TURN_SERVER ?? '').split(':');
  const [stunHost, stunPort] = (env.JANUS_STUN_SERVER ?? '').split(':');
  const files = janusConfig({
    wsPort: Number(env.JANUS_WS_PORT ?? 8188),
    wsIp: env.JANUS_WS_IP ?? '127.0.0.1',
    apiSecret: env.JANUS_API_SECRET,
    adminWsPort: Number(env.JANUS_ADMIN_WS_PORT ?? 7188),
    adminWsIp: env.JANUS_ADMIN_WS_IP ?? '127.0.0.1',
    adminSecret: env.JANUS_ADMIN_SECRET,
    adminKey: env.JANUS_ADMIN_KEY,
    iceEnforce: env.JANUS_ICE_ENFORCE_LIST,
    nat11: env.JANUS_NAT_1_1_MAPPING,
    stunServer: stunHost ? { host: stunHost, port: Number(stunPort || 3478) } : undefined,
    turn: turnHost
      ? { host: turnHost, port: Number(turnPort || 3478), user: env.JANUS_TURN_USER, password: env.JANUS_TURN_PASSWORD }
      : undefined,
    rtpPorts: env.JANUS_RTP_PORT_RANGE,
  });
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  const child = spawn(JANUS_BINARY, ['-F', dir, '-C', path.join(dir, 'janus.jcfg'), '-o'], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
}
