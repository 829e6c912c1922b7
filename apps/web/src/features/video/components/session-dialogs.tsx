import { useNavigate } from 'react-router';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import type { Conference, SessionNotice } from '../hooks/use-conference.ts';

/** The end of a session (left, closed, kicked, refused) and server messages while joined. */
export function SessionDialogs({
  conference,
  left,
  exitPath,
}: {
  conference: Conference;
  left: SessionNotice | null;
  exitPath: string;
}) {
  const navigate = useNavigate();
  const end = left ?? conference.end;
  return (
    <>
      <MessageDialog
        open={end !== null}
        title={end?.title ?? ''}
        text={end?.text ?? ''}
        onClose={() => void navigate(exitPath)}
      />
      <MessageDialog
        open={end === null && conference.notice !== null}
        title={conference.notice?.title ?? ''}
        text={conference.notice?.text ?? ''}
        onClose={conference.dismissNotice}
      />
    </>
  );
}
