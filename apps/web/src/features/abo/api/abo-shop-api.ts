import {
  aboHinweisListSchema,
  aboPaketListSchema,
  aboPaymentLinkResponseSchema,
  aboPlaceOrderResponseSchema,
  aktivesAboSchema,
  type Abo,
  type AboPaket,
} from '@dihs/contract/abo';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useViewerKey } from '../../../app/session/session-context.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /abo/patient/getStandard: the shop's packages. */
export function useStandardPakete() {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: ['abo-shop', 'pakete', viewer],
    queryFn: ({ signal }): Promise<AboPaket[]> =>
      apiRequest('/abo/patient/getStandard', { schema: aboPaketListSchema, ...(signal ? { signal } : {}) }),
  });
}

/** GET /abo/patient/aktiv: the own subscription that has not ended, or null. */
export function useEigenesAbo() {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: ['abo-shop', 'aktiv', viewer],
    queryFn: ({ signal }): Promise<Abo | null> =>
      apiRequest('/abo/patient/aktiv', { schema: aktivesAboSchema, ...(signal ? { signal } : {}) }),
  });
}

/** GET /abo/patient/paymentNotice: notices shown as error alerts. */
export function useZahlungsHinweise() {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: ['abo-shop', 'hinweise', viewer],
    queryFn: ({ signal }): Promise<{ message: string }[]> =>
      apiRequest('/abo/patient/paymentNotice', { schema: aboHinweisListSchema, ...(signal ? { signal } : {}) }),
  });
}

/** GET /abo/patient/placeOrder/{id}: the payment address, or "" when nothing is to be paid. */
export function useAboBestellen() {
  return useMutation({
    mutationFn: (aboPaketId: number): Promise<string> =>
      apiRequest(`/abo/patient/placeOrder/${aboPaketId}`, { schema: aboPlaceOrderResponseSchema }),
  });
}

/** GET /abo/patient/paymentLink: the address of the payment that is due. */
export function useAboZahlungsLink() {
  return useMutation({
    mutationFn: (): Promise<string> => apiRequest('/abo/patient/paymentLink', { schema: aboPaymentLinkResponseSchema }),
  });
}
