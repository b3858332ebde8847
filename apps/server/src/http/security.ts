import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Per-request nonce: the only inline scripts allowed are the ones the SSR renders with it. */
    cspNonce: string;
  }
}

type RawWithNonce = IncomingMessage & { cspNonce?: string };

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every response, pages and API alike. Scripts run only from our origin or with
 * the request's nonce (no 'unsafe-inline'); nobody may frame us; HSTS only when the request came over
 * HTTPS (directly or, with TRUST_PROXY, through a proxy), since a plain-HTTP localhost must keep working.
 */
export async function registerSecurity(
  app: FastifyInstance,
  config: AppConfig,
  options: { viteDevServer: boolean },
): Promise<void> {
  app.decorateRequest('cspNonce', '');
  app.addHook('onRequest', async (request) => {
    request.cspNonce = randomBytes(16).toString('base64');
    (request.raw as RawWithNonce).cspNonce = request.cspNonce;
  });

  const nonceSource = (request: IncomingMessage) => `'nonce-${(request as RawWithNonce).cspNonce}'`;
  // reCAPTCHA's script is added from code (no nonce), so its hosts are allowed, only when configured.
  const recaptcha = config.captcha.kind === 'recaptcha';
  const recaptchaScripts = recaptcha
    ? ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']
    : [];
  const recaptchaFrames = recaptcha
    ? ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/']
    : [];
  const recaptchaConnect = recaptcha ? ['https://www.google.com/recaptcha/'] : [];
  // Vite's dev server injects its HMR client as inline module scripts and connects over WebSocket.
  const development = options.viteDevServer;
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: development ? ["'self'", "'unsafe-inline'"] : ["'self'", nonceSource, ...recaptchaScripts],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: development ? ["'self'", 'ws:', 'wss:'] : ["'self'", ...recaptchaConnect],
        workerSrc: ["'self'"],
        ...(recaptcha ? { frameSrc: ["'self'", ...recaptchaFrames] } : {}),
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        ...(config.env === 'production' ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });

  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}
