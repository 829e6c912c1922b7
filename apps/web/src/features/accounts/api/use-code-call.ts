import { useQuery } from '@tanstack/react-query';

/**
 * Runs a one-time-code call once per code and keeps its outcome: a code works only once, so neither a re-render,
 * React's double effects in development, nor coming back to the page may send it again.
 */
export function useCodeCall(key: string, code: string, call: (code: string) => Promise<unknown>) {
  return useQuery({
    queryKey: ['accounts', key, code],
    queryFn: async () => {
      await call(code);
      return true;
    },
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });
}
