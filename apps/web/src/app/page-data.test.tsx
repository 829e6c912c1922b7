import { dashboardEndpoints } from '@dihs/contract/dashboard';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, renderRoutes, requestedUrls, stubFetch, testSession } from '../test/render.tsx';
import { PageData } from './page-data.tsx';

const PATIENT = fakeSession(testSession({ sub: 'patient@demo.de', role: 'PATIENT', userId: 9 }));
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PageData', () => {
  it('asks for the cockpit’s tiles as the route is entered, without the page', async () => {
    const fetchMock = stubFetch({ [`GET ${apiUrl(dashboardEndpoints.kacheln)}`]: { body: [] } });
    const { queryClient } = renderRoutes([{ path: '/cockpit', element: <PageData route="cockpit" /> }], {
      path: '/cockpit',
      session: PATIENT,
    });
    await waitFor(() => expect(requestedUrls(fetchMock)).toEqual([apiUrl(dashboardEndpoints.kacheln)]));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  });

  it('asks for nothing on a route without an entry, nor without a session', async () => {
    const fetchMock = stubFetch({});
    renderRoutes([{ path: '/profil', element: <PageData route="profil" /> }], { path: '/profil', session: PATIENT });
    renderRoutes([{ path: '/cockpit', element: <PageData route="cockpit" /> }], { path: '/cockpit' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requestedUrls(fetchMock)).toEqual([]);
  });
});
