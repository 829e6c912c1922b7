import { endpoint, PUBLIC } from '@dihs/contract/common/endpoint';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithApp, requestedUrls, stubFetch } from '../test/render.tsx';
import { callEndpoint } from './endpoint-client.ts';
import { useEndpointQuery } from './endpoint-query.ts';

afterEach(() => vi.unstubAllGlobals());

// Declarations of a test's own: one answer that shows the balance, calls that change it or something else.
const test = { summary: 'Test', tag: 'Test', access: PUBLIC } as const;
const saldo = endpoint({ ...test, method: 'GET', path: '/test/saldo', reads: ['GUTHABEN'], response: z.number() });
const buchen = endpoint({
  ...test,
  method: 'POST',
  path: '/test/buchen',
  changes: ['GUTHABEN'],
  response: z.literal(true),
});
const aboAendern = endpoint({
  ...test,
  method: 'POST',
  path: '/test/abo',
  changes: ['ABO'],
  response: z.literal(true),
});

function Saldo() {
  const query = useEndpointQuery(saldo, undefined);
  return <p>Saldo {query.data ?? '…'}</p>;
}

/** The balance page with a stubbed server whose balance drops with each read; answers how often it was read. */
async function saldoPage(buchenStatus = 200) {
  let balance = 3;
  const fetchMock = stubFetch({
    'GET /api/test/saldo': () => ({ body: balance-- }),
    'POST /api/test/buchen': { status: buchenStatus, body: buchenStatus === 200 ? true : { message: 'Vergeben.' } },
    'POST /api/test/abo': { body: true },
  });
  renderWithApp(<Saldo />);
  await screen.findByText('Saldo 3');
  return () => requestedUrls(fetchMock).filter((url) => url === '/api/test/saldo').length;
}

describe('answers read again after a call that changes their data (reads / changes)', () => {
  it('reads an answer that shows the changed data again, whichever feature asked for it', async () => {
    const reads = await saldoPage();
    await callEndpoint(buchen);
    expect(await screen.findByText('Saldo 2')).toBeVisible();
    expect(reads()).toBe(2);
  });

  it('leaves answers of other data alone', async () => {
    const reads = await saldoPage();
    await callEndpoint(aboAendern);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads()).toBe(1);
    expect(screen.getByText('Saldo 3')).toBeVisible();
  });

  it('reads it again after a refusal too: the page may have shown what is no longer so', async () => {
    const reads = await saldoPage(409);
    await expect(callEndpoint(buchen)).rejects.toThrow('Vergeben.');
    await waitFor(() => expect(reads()).toBe(2));
  });
});
