// Local stand-ins for the HTTP APIs of the two paid providers, so tests and benchmarks exercise the real
// client code (worker/providers/mail.ts, worker/providers/paymongo.ts) over real HTTP on loopback:
// - Resend: POST /emails answers `{ id }`, or an error while failures are queued.
// - PayMongo: POST /v1/checkout_sessions (basic auth with the secret key) answers a Checkout Session with an
//   id and a checkout_url, or an error while failures are queued.
// - Sentry: POST /api/<project>/envelope/ takes an envelope (the lines of JSON the SDK sends) and answers its id.
// - A database that answers nonsense: named as TURSO_DATABASE_URL, the stand-in answers every Hrana pipeline with
//   its 404, which no database client expects (the tests of an unexpected error).
// Control: GET /_requests lists what arrived, POST /_control `{ resendFailures, resendStatus, paymongoFailures }`
// queues failures, POST /_reset forgets everything. Never a network call beyond 127.0.0.1.
import { createServer, type IncomingMessage } from 'node:http';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: any;
}

export interface ProviderStandIns {
  url: string;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}

export async function startProviderStandIns(): Promise<ProviderStandIns> {
  let requests: RecordedRequest[] = [];
  let control = { resendFailures: 0, resendStatus: 503, paymongoFailures: 0 };
  let counter = 0;

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const text = await readBody(request);
    let body: any = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    const send = (status: number, value: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(value));
    };

    if (url.pathname === '/_requests') return send(200, requests);
    if (url.pathname === '/_reset') {
      requests = [];
      control = { resendFailures: 0, resendStatus: 503, paymongoFailures: 0 };
      return send(200, { ok: true });
    }
    if (url.pathname === '/_control') {
      control = { ...control, ...body };
      return send(200, control);
    }

    const headers = Object.fromEntries(Object.entries(request.headers).map(([key, value]) => [key, String(value)]));
    requests.push({ method: request.method ?? 'GET', path: url.pathname, headers, body });
    counter += 1;

    if (request.method === 'POST' && url.pathname === '/emails') {
      if (!headers.authorization?.startsWith('Bearer ')) return send(401, { message: 'Missing API key' });
      if (control.resendFailures > 0) {
        control.resendFailures -= 1;
        return send(control.resendStatus, { message: 'stand-in failure' });
      }
      return send(200, { id: `re_standin_${counter}` });
    }
    if (request.method === 'POST' && url.pathname === '/v1/checkout_sessions') {
      if (!headers.authorization?.startsWith('Basic ')) return send(401, { errors: [{ detail: 'API key missing' }] });
      if (control.paymongoFailures > 0) {
        control.paymongoFailures -= 1;
        return send(500, { errors: [{ detail: 'stand-in failure' }] });
      }
      const id = `cs_standin_${counter}`;
      const attributes = body?.data?.attributes ?? {};
      return send(200, {
        data: {
          id,
          type: 'checkout_session',
          attributes: {
            ...attributes,
            checkout_url: `http://127.0.0.1:${(server.address() as { port: number }).port}/checkout/${id}`,
            status: 'active',
          },
        },
      });
    }
    if (request.method === 'POST' && /^\/api\/\d+\/envelope\/$/.test(url.pathname))
      return send(200, { id: crypto.randomUUID().replaceAll('-', '') });
    return send(404, { message: 'not found' });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
