import { dashboardEndpoints } from '@dihs/contract/dashboard';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestedUrls, stubFetch, testSession } from '../test/render.tsx';
import { startOpeningPage } from './opening-page.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('startOpeningPage', () => {
  it('asks for the opening page’s answers from the restored session alone, when its guard lets the viewer in', async () => {
    const fetchMock = stubFetch({ [`GET ${apiUrl(dashboardEndpoints.kacheln)}`]: { body: [] } });
    const queryClient = new QueryClient();
    const patient = testSession({ sub: 'patient@demo.de', role: 'PATIENT', userId: 9 });
    startOpeningPage(queryClient, patient, { pathname: '/cockpit', search: '' });
    await waitFor(() => expect(requestedUrls(fetchMock)).toEqual([apiUrl(dashboardEndpoints.kacheln)]));

    // a therapist is not let into the patient's cockpit, and a page without an entry asks for nothing
    const therapist = testSession({ sub: 'therapeut@demo.de', role: 'THERAPEUT', userId: 3 });
    startOpeningPage(new QueryClient(), therapist, { pathname: '/cockpit', search: '' });
    startOpeningPage(new QueryClient(), patient, { pathname: '/profil', search: '' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requestedUrls(fetchMock)).toHaveLength(1);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    // the page code the two admitted visits preloaded has arrived before the test ends: a module still loading when
    // the test environment is torn down fails the run (on a fresh clone the first transform takes long enough)
    await Promise.all([import('../features/dashboard/pages/cockpit-page.tsx'), import('./routes/profil-page.tsx')]);
  });
});
