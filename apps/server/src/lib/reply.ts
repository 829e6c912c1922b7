import type { FastifyReply } from 'fastify';

/** Sends a PDF as a download that no cache keeps (it names a patient). */
export const sendPdf = (reply: FastifyReply, fileName: string, body: Buffer) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${fileName}.pdf"`)
    .header('cache-control', 'no-store')
    .send(body);

/** Sends a download (an export, a file of records) that no cache keeps: its type, its name on disk, its bytes. */
export const sendDownload = (reply: FastifyReply, type: string, fileName: string, body: string | Buffer) =>
  reply
    .type(type)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(body);

/** Fastify sends a returned string as plain text, unserialized; the contract promises a JSON string. */
export const sendJsonString = (reply: FastifyReply, value: string) =>
  reply.type('application/json; charset=utf-8').send(JSON.stringify(value));
