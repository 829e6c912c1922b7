import { protokollEndpoints, type EigeneZugriffeQuery, type ProtokollQuery } from '@dihs/contract/protokoll';
import { keepPreviousData } from '@tanstack/react-query';
import { useEndpointQuery } from '../../../lib/endpoint-query.ts';

/** The operators' audit log page; the previous page stays visible while the next one loads. */
export const useProtokoll = (query: ProtokollQuery) =>
  useEndpointQuery(protokollEndpoints.liste, { query }, { placeholderData: keepPreviousData });

/** Who of the staff accessed the patient's own records. */
export const useEigeneZugriffe = (query: EigeneZugriffeQuery) =>
  useEndpointQuery(protokollEndpoints.eigene, { query }, { placeholderData: keepPreviousData });
