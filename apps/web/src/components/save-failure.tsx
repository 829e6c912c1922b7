import { MESSAGES } from '@dihs/contract/common/messages';
import { useState, type ReactNode } from 'react';
import { NetzwerkfehlerDialog } from './message-dialog.tsx';
import { isApiError } from '../lib/api-client.ts';

/**
 * The dialog after a failed save: "Netzwerkfehler / Ihre Änderungen wurden nicht übernommen." (spec 1, section 8);
 * when the server did answer, its German reason follows.
 */
export function useSaveFailure(): { fail: (error: unknown) => void; dialog: ReactNode } {
  const [state, setState] = useState({ open: false, text: '' });
  const fail = (error: unknown) => {
    const reason = isApiError(error) && error.status > 0 ? ` ${error.message}` : '';
    setState({ open: true, text: `${MESSAGES.netzwerkfehlerText}${reason}` });
  };
  const dialog = (
    <NetzwerkfehlerDialog
      open={state.open}
      text={state.text}
      onClose={() => setState((current) => ({ ...current, open: false }))}
    />
  );
  return { fail, dialog };
}
