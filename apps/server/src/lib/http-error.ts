import { ERROR_CODES, type ErrorCode } from '@dihs/contract/common/errors';
import { MESSAGES } from '@dihs/contract/common/messages';

/** An expected failure with its HTTP status and German message; the error handler answers it as the envelope. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: ErrorCode,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  static badRequest(message: string = MESSAGES.ungueltigeAnfrage) {
    return new HttpError(400, message, ERROR_CODES.validation);
  }
  static unauthorized(message: string = MESSAGES.nichtAngemeldet, code: ErrorCode = ERROR_CODES.unauthorized) {
    return new HttpError(401, message, code);
  }
  static forbidden(message: string = MESSAGES.keineBerechtigung) {
    return new HttpError(403, message, ERROR_CODES.forbidden);
  }
  static notFound(message: string = MESSAGES.nichtGefunden) {
    return new HttpError(404, message, ERROR_CODES.notFound);
  }
}
