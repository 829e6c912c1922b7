import { emailAendernBodySchema, passwortAendernBodySchema } from '@dihs/contract/accounts';
import { LIMITS } from '@dihs/contract/common/constants';
import { useState } from 'react';
import { useSession } from '../../../lib/session-context.ts';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { changeOwnEmail, changeOwnPassword } from '../api/konto-api.ts';
import { EditableFields } from './editable-fields.tsx';

const CURRENT_PASSWORD = {
  name: 'aktuellesPasswort',
  label: 'Aktuelles Passwort',
  type: 'password',
  autoComplete: 'current-password',
} as const;

/**
 * The own e-mail and password (spec 1 section 2.6, own profile only). Both ask for the current password, so a
 * session left open cannot take the account over; a new e-mail counts once its mailed link is followed.
 */
export function OwnCredentials({ email }: { email: string }) {
  const { renew } = useSession();
  const [notice, setNotice] = useState({ open: false, title: '', text: '' });
  const tell = (title: string, text: string) => setNotice({ open: true, title, text });

  return (
    <>
      <EditableFields
        label="E-Mail"
        fields={[
          { name: 'email', label: 'Neue E-Mail-Adresse', type: 'email', max: LIMITS.email, autoComplete: 'email' },
          CURRENT_PASSWORD,
        ]}
        values={{ email, aktuellesPasswort: '' }}
        display={email}
        schema={emailAendernBodySchema}
        onSave={async (drafts) => {
          await changeOwnEmail({ email: drafts.email ?? '', aktuellesPasswort: drafts.aktuellesPasswort ?? '' });
          tell(
            'E-Mail-Adresse ändern',
            'Wir haben eine E-Mail an die neue Adresse geschickt. Die Änderung gilt, sobald Sie den Link darin bestätigt haben.',
          );
        }}
        editable
      />
      <EditableFields
        label="Passwort"
        fields={[
          {
            name: 'passwort',
            label: 'Neues Passwort',
            type: 'password',
            max: LIMITS.passwortMax,
            autoComplete: 'new-password',
          },
          {
            name: 'passwortWiederholen',
            label: 'Neues Passwort wiederholen',
            type: 'password',
            max: LIMITS.passwortMax,
            autoComplete: 'new-password',
          },
          CURRENT_PASSWORD,
        ]}
        values={{ passwort: '', passwortWiederholen: '', aktuellesPasswort: '' }}
        display="••••••••"
        schema={passwortAendernBodySchema}
        onSave={async (drafts) => {
          const { token } = await changeOwnPassword({
            passwort: drafts.passwort ?? '',
            passwortWiederholen: drafts.passwortWiederholen ?? '',
            aktuellesPasswort: drafts.aktuellesPasswort ?? '',
          });
          // the change ended every older token, this tab's too; it continues with the fresh one
          await renew(token);
          tell('Passwort ändern', 'Ihr Passwort wurde geändert.');
        }}
        editable
      />
      <MessageDialog
        open={notice.open}
        title={notice.title}
        text={notice.text}
        onClose={() => setNotice((current) => ({ ...current, open: false }))}
      />
    </>
  );
}
