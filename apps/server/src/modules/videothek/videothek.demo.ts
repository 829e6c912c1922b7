import type { Transaction } from '../../db/client.ts';
import { insertVideo } from './videothek.repository.ts';

/** Two demo videos for everyone (their thumbnails are fetched when an operator saves them). */
export async function seedDemoVideos(tx: Transaction): Promise<void> {
  await insertVideo(
    tx,
    {
      titel: 'Rückenschule: die Grundlagen',
      kurzbeschreibung: 'Wie Sie im Alltag rückenfreundlich sitzen, heben und tragen.',
      vimeolink: 'https://vimeo.com/76979871',
      langtext: 'Unsere Therapeutinnen zeigen die wichtigsten Regeln für einen gesunden Rücken.',
    },
    [],
  );
  await insertVideo(
    tx,
    {
      titel: 'Entspannung in fünf Minuten',
      kurzbeschreibung: 'Eine kurze Atemübung für zwischendurch.',
      vimeolink: 'https://vimeo.com/22439234',
      langtext: '',
    },
    [],
  );
}
