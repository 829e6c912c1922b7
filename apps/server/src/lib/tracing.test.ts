import type { Span } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { redactSpan } from './tracing.ts';

describe('redactSpan', () => {
  it('keeps the allowed attributes and drops URLs, addresses, exception messages and status messages', () => {
    const span = {
      attributes: {
        'http.request.method': 'POST',
        'http.route': '/app/cart/confirm/:cartId',
        'http.response.status_code': 500,
        'url.full': 'http://localhost/app/cart/confirm/17?email=x%40y.de',
        'url.path': '/app/cart/confirm/17',
        'http.target': '/app/cart/confirm/17?email=x%40y.de',
        'client.address': '203.0.113.7',
        'user_agent.original': 'Mozilla/5.0',
        'db.query.text': 'select "id" from "benutzer" where "email" = $1',
        'db.system.name': 'postgresql',
        'fastify.type': 'request-handler',
        'hook.name': 'fastify -> auth -> route-handler',
        'enduser.id': '17',
      },
      events: [
        {
          name: 'exception',
          time: [1, 0],
          attributes: {
            'exception.type': 'DatabaseError',
            'exception.message': 'Key (email)=(x@y.de) already exists.',
            'exception.stacktrace': 'DatabaseError: Key (email)=(x@y.de) already exists.\n    at …',
          },
        },
      ],
      status: { code: 2, message: 'Key (email)=(x@y.de) already exists.' },
    };

    redactSpan(span as unknown as Span);

    expect(span.attributes).toEqual({
      'http.request.method': 'POST',
      'http.route': '/app/cart/confirm/:cartId',
      'http.response.status_code': 500,
      'db.query.text': 'select "id" from "benutzer" where "email" = $1',
      'db.system.name': 'postgresql',
    });
    expect(span.events).toEqual([
      { name: 'exception', time: [1, 0], attributes: { 'exception.type': 'DatabaseError' } },
    ]);
    expect(span.status).toEqual({ code: 2 });
    expect(JSON.stringify(span)).not.toMatch(/x@y|x%40y|203\.0\.113|\/17/);
  });
});
