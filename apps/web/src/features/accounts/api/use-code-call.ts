import { useQuery } from '@tanstack/react-query';

/**
 * Runs a one-time-code call once per code and keeps its outcome: a code works only once, so neither a re-render,
 * React's double effects in development, nor coming back to the page may send it again. The data is the call's
 * answer (a defined value: true or an object).
 */
export function useCodeCall<T extends NonNullable<unknown>>(
  key: string,
  code: string,
  call: (code: string) => Promise<T>,
) {
  return useQuery({
    queryKey: ['accounts', key, code],
    queryFn: () => call(code),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });
}
