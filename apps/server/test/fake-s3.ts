import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The only keys the fake accepts, new at each run: a request signed with any other secret is
 * refused, as S3 does.
 */
export const FAKE_S3_CREDENTIALS = {
  accessKeyId: `HORA${randomBytes(8).toString('hex').toUpperCase()}`,
  secretAccessKey: randomBytes(20).toString('base64url'),
};

export interface FakeS3 {
  /** `http://127.0.0.1:<port>`: the S3 endpoint, path-style (`<endpoint>/<bucket>/<key>`). */
  endpoint: string;
  bucket: string;
  /** The stored objects by key, to check what a test left behind. */
  objects: Map<string, StoredObject>;
  /** Signed requests received, as `METHOD operation` (`PUT object`, `GET list`, `POST delete`). */
  requests: string[];
  close(): Promise<void>;
}

interface StoredObject {
  body: Buffer;
  contentType: string;
  cacheControl: string | undefined;
}

/**
 * A minimal S3-compatible server on 127.0.0.1, path-style, one bucket, in memory: the calls the S3
 * image storage makes (PutObject, ListObjectsV2 with pages, DeleteObjects), each checked against its
 * Signature Version 4 like S3 does, and anonymous GETs of objects, as a public bucket serves them.
 *
 * Why not s3rver: its last release (3.7.1, 2020) makes ListObjectsV2 continuation tokens with DES,
 * which Node 20's OpenSSL 3 refuses (ERR_OSSL_EVP_UNSUPPORTED), so every listing of more than one
 * page fails; and it accepts requests signed with a wrong secret, so a test could not show that the
 * adapter signs with the configured keys.
 */
export async function startFakeS3(bucket = 'hora-images'): Promise<FakeS3> {
  const objects = new Map<string, StoredObject>();
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        handle(request, Buffer.concat(chunks), response);
      } catch (error) {
        reply(response, 500, 'InternalError', String(error));
      }
    });
  });

  function handle(request: IncomingMessage, body: Buffer, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://fake-s3');
    const [, bucketName = '', ...keyParts] = url.pathname.split('/');
    const key = keyParts.map(decodeURIComponent).join('/');
    if (bucketName !== bucket) return reply(response, 404, 'NoSuchBucket', 'The bucket does not exist');

    if (request.method === 'GET' && key !== '' && !request.headers.authorization) {
      const object = objects.get(key);
      if (!object) return reply(response, 404, 'NoSuchKey', 'The key does not exist');
      response.writeHead(200, {
        'content-type': object.contentType,
        'content-length': object.body.length,
        ...(object.cacheControl ? { 'cache-control': object.cacheControl } : {}),
      });
      return response.end(object.body);
    }

    const problem = signatureProblem(request, url, body);
    if (problem) return reply(response, 403, 'SignatureDoesNotMatch', problem);

    if (request.method === 'PUT' && key !== '') {
      requests.push('PUT object');
      objects.set(key, {
        body,
        contentType: request.headers['content-type'] ?? 'binary/octet-stream',
        cacheControl: request.headers['cache-control'],
      });
      response.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
      return response.end();
    }
    if (request.method === 'GET' && key === '' && url.searchParams.get('list-type') === '2') {
      requests.push('GET list');
      return list(url.searchParams, response);
    }
    if (request.method === 'POST' && key === '' && url.searchParams.has('delete')) {
      requests.push('POST delete');
      const keys = [...body.toString('utf8').matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) =>
        unescapeXml(match[1]!),
      );
      for (const deleted of keys) objects.delete(deleted);
      return xml(response, '<DeleteResult></DeleteResult>');
    }
    return reply(response, 501, 'NotImplemented', `${request.method} ${url.pathname}${url.search}`);
  }

  function list(params: URLSearchParams, response: ServerResponse) {
    const prefix = params.get('prefix') ?? '';
    const maxKeys = Number(params.get('max-keys') ?? 1000);
    // The token is the last key of the previous page, as plain base64.
    const token = params.get('continuation-token');
    const after = token ? Buffer.from(token, 'base64').toString('utf8') : '';
    const matching = [...objects.keys()].filter((key) => key.startsWith(prefix) && key > after).sort();
    const page = matching.slice(0, maxKeys);
    const truncated = matching.length > page.length;
    const next = truncated ? Buffer.from(page.at(-1)!, 'utf8').toString('base64') : undefined;
    xml(
      response,
      `<ListBucketResult><Name>${bucket}</Name><Prefix>${escapeXml(prefix)}</Prefix>` +
        `<KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>` +
        (next ? `<NextContinuationToken>${next}</NextContinuationToken>` : '') +
        page
          .map(
            (key) =>
              `<Contents><Key>${escapeXml(key)}</Key><Size>${objects.get(key)!.body.length}</Size></Contents>`,
          )
          .join('') +
        '</ListBucketResult>',
    );
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** Recomputes the request's Signature Version 4 with the fake's secret; a message when it differs. */
function signatureProblem(request: IncomingMessage, url: URL, body: Buffer): string | undefined {
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)$/.exec(
      request.headers.authorization ?? '',
    );
  if (!match) return 'Missing or malformed Authorization header';
  const [, accessKeyId, scope, signedHeaders, signature] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
  ];
  if (accessKeyId !== FAKE_S3_CREDENTIALS.accessKeyId) return 'Unknown access key';
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== createHash('sha256').update(body).digest('hex')) {
    return 'The payload does not match its x-amz-content-sha256';
  }
  const canonicalQuery = [...url.searchParams]
    .map(([name, value]) => [awsEncode(name), awsEncode(value)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalHeaders = signedHeaders
    .split(';')
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalRequest = [
    request.method,
    url.pathname,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ].join('\n');
  const [date = '', region = '', service = ''] = scope.split('/');
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    String(request.headers['x-amz-date'] ?? ''),
    scope,
    createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
  const signingKey = [date, region, service, 'aws4_request'].reduce<Buffer>(
    (key, part) => hmac(key, part),
    Buffer.from(`AWS4${FAKE_S3_CREDENTIALS.secretAccessKey}`),
  );
  const expected = hmac(signingKey, stringToSign);
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? undefined
    : 'The request signature does not match';
}

/** RFC 3986 encoding as SigV4 wants it: only unreserved characters stay as they are. */
function awsEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function unescapeXml(value: string): string {
  return value.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

function xml(response: ServerResponse, body: string) {
  response.writeHead(200, { 'content-type': 'application/xml' });
  response.end(`<?xml version="1.0" encoding="UTF-8"?>${body}`);
}

function reply(response: ServerResponse, status: number, code: string, message: string) {
  response.writeHead(status, { 'content-type': 'application/xml' });
  response.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${escapeXml(message)}</Message></Error>`,
  );
}
