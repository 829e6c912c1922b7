import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/render.tsx';
import { apiRequest, ApiError, bindSession, NETWORK_ERROR_MESSAGE } from './api-client.ts';

let unbind: (() => void) | undefined;
const bind = (token: string | null) => {
  const onUnauthorized = vi.fn();
  unbind = bindSession({ getToken: () => token, onUnauthorized });
  return onUnauthorized;
};

afterEach(() => {
  unbind?.();
  vi.unstubAllGlobals();
});

const headersOf = (fetchMock: ReturnType<typeof stubFetch>) => new Headers(fetchMock.mock.calls[0]?.[1]?.headers);

describe('apiRequest', () => {
  it('sends the bearer of the session under /api', async () => {
    bind('abc.def.ghi');
    const fetchMock = stubFetch({ 'GET /api/navigation': { body: [] } });
    await expect(apiRequest('/api/navigation')).resolves.toEqual([]);
    expect(headersOf(fetchMock).get('Authorization')).toBe('Bearer abc.def.ghi');
  });

  it('sends no bearer on calls marked auth: false', async () => {
    bind('abc.def.ghi');
    const fetchMock = stubFetch({ 'POST /api/authenticate': { body: { token: 't' } } });
    await apiRequest('/api/authenticate', { method: 'POST', json: {}, auth: false });
    expect(headersOf(fetchMock).has('Authorization')).toBe(false);
    expect(headersOf(fetchMock).get('Content-Type')).toBe('application/json');
  });

  it('sends text bodies as text/plain', async () => {
    const fetchMock = stubFetch({ 'POST /api/patient/passwort/reset': { body: true } });
    await apiRequest('/api/patient/passwort/reset', { method: 'POST', text: 'a@b.de' });
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('a@b.de');
    expect(headersOf(fetchMock).get('Content-Type')).toContain('text/plain');
  });

  it('turns the error envelope into an ApiError', async () => {
    stubFetch({ 'POST /api/authenticate': { status: 401, body: { message: 'Falsch.', code: 'LOGIN_FAILED' } } });
    const error = await apiRequest('/api/authenticate', { method: 'POST', auth: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'Falsch.', code: 'LOGIN_FAILED' });
  });

  it('falls back to a German message when the body is no envelope', async () => {
    stubFetch({ 'GET /api/x': { status: 502, body: '<html>' } });
    await expect(apiRequest('/api/x')).rejects.toMatchObject({
      status: 502,
      message: 'Es ist ein interner Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
    });
  });

  it('reports an unreachable server as status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
  });

  it('ends the session when the server refuses the token', async () => {
    const onUnauthorized = bind('abc.def.ghi');
    stubFetch({ 'GET /api/inhalt/x': { status: 401, body: { message: 'Abgelaufen' } } });
    await expect(apiRequest('/api/inhalt/x')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledWith('abc.def.ghi', expect.objectContaining({ message: 'Abgelaufen' }));
  });

  it('repeats a refused call once with the token of a new login, and counts successes as activity', async () => {
    const onActivity = vi.fn();
    const onUnauthorized = vi.fn(() => Promise.resolve('neu.neu.neu'));
    unbind = bindSession({ getToken: () => 'alt.alt.alt', onUnauthorized, onActivity });
    const fetchMock = stubFetch({
      'POST /api/termine': (init) =>
        new Headers(init.headers).get('Authorization') === 'Bearer neu.neu.neu'
          ? { body: { gespeichert: true } }
          : { status: 401, body: { message: 'Inaktiv', code: 'SESSION_IDLE' } },
    });
    await expect(apiRequest('/api/termine', { method: 'POST', json: { titel: 'x' } })).resolves.toEqual({
      gespeichert: true,
    });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[1]?.[1]?.body).toBe(JSON.stringify({ titel: 'x' }));
    expect(onActivity).toHaveBeenCalledTimes(1);
  });

  it('repeats a refused call only once', async () => {
    const onUnauthorized = vi.fn(() => Promise.resolve('neu.neu.neu'));
    unbind = bindSession({ getToken: () => 'alt.alt.alt', onUnauthorized });
    const fetchMock = stubFetch({ 'GET /api/x': { status: 401, body: { message: 'Ungültig' } } });
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('leaves the session alone on a 401 of a call made without a token', async () => {
    const onUnauthorized = bind(null);
    stubFetch({ 'GET /api/inhalt/x': { status: 401, body: { message: 'Bitte anmelden' } } });
    await expect(apiRequest('/api/inhalt/x')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('validates the answer with the given schema', async () => {
    stubFetch({ 'GET /api/x': { body: { a: 1 } } });
    const schema = { parse: (data: unknown) => ({ checked: data }) };
    await expect(apiRequest('/api/x', { schema })).resolves.toEqual({ checked: { a: 1 } });
  });
});

describe('apiRequest for uploads, downloads and password checks', () => {
  it('sends FormData without its own content type, so the browser sets the boundary', async () => {
    const fetchMock = stubFetch({ 'POST /api/upload/profile': { body: true } });
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'x.png');
    await apiRequest('/api/upload/profile', { method: 'POST', form });
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe(form);
    expect(headersOf(fetchMock).has('Content-Type')).toBe(false);
  });

  it('answers a Blob when asked for one', async () => {
    stubFetch({ 'GET /api/pdf/x': { body: 'pdf' } });
    const blob = await apiRequest<Blob>('/api/pdf/x', { blob: true });
    // the response's Blob comes from Node's realm, not jsdom's: compare its content, not its class
    expect(await blob.text()).toBe('"pdf"');
  });

  it('keeps the session on a 401 of a password check made with the token', async () => {
    const onUnauthorized = bind('abc.def.ghi');
    stubFetch({ 'POST /api/secondFactor/activate': { status: 401, body: { message: 'Das Passwort ist falsch.' } } });
    await expect(
      apiRequest('/api/secondFactor/activate', { method: 'POST', json: {}, keepSessionOn401: true }),
    ).rejects.toMatchObject({ status: 401, message: 'Das Passwort ist falsch.' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
