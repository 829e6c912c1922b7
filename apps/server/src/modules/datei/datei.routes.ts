import { dateiEndpoints as api } from '@dihs/contract/datei';
import type { AppDeps, AppInstance } from '../../app-types.ts';
import { route } from '../../plugins/endpoint-route.ts';
import { createDateiService } from './datei.service.ts';

/** GET /files/ (the list), the upload, and the public files themselves. */
export async function dateiRoutes(app: AppInstance, { db, objects }: AppDeps) {
  const dateien = createDateiService(db, objects);

  // the parts as the declaration reads them: the file and its description; `encrypt` is ignored (no health data)
  route(app, api.hochladen, (request) => {
    const { file, description } = request.body;
    return dateien.upload({
      data: file.data,
      filename: file.filename,
      beschreibung: description,
      declaredType: file.mimetype,
    });
  });

  route(app, api.liste, () => dateien.list());
  route(app, api.oeffentlich, async (request, reply) => {
    const file = await dateien.served(request.params.datei);
    // shown in the page (images, PDFs) but never run as a document of this origin: sandboxed, no type guessing
    return reply
      .type(file.mediaType)
      .header('content-disposition', `inline; filename="${file.pfadname}"`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
      .header('cache-control', 'public, max-age=3600')
      .send(file.data);
  });
}
