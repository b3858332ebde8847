import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

export interface FakeProfile {
  sub: string;
  email: string;
  given_name: string;
  family_name: string;
}

/**
 * A minimal OpenID Connect provider on 127.0.0.1 for tests: discovery, authorize (which signs the
 * person in at once), token (with a signed ID token), userinfo and JWKS. `profile` is who signs in.
 */
export async function startFakeOpenIdProvider(clientId: string) {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, { nonce?: string; profile: FakeProfile }>();
  const state = {
    profile: {
      sub: 'google-123',
      email: 'oauth.person@example.com',
      given_name: 'Elena',
      family_name: 'Vidal',
    } as FakeProfile,
  };
  let issuer = '';

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', issuer);
    const json = (body: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return json({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        userinfo_endpoint: `${issuer}/userinfo`,
        jwks_uri: `${issuer}/jwks`,
        id_token_signing_alg_values_supported: ['RS256'],
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
      });
    }
    if (url.pathname === '/jwks') return json({ keys: [jwk] });
    if (url.pathname === '/authorize') {
      const code = randomUUID();
      codes.set(code, { nonce: url.searchParams.get('nonce') ?? undefined, profile: state.profile });
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      response.writeHead(302, { location: back.toString() });
      return response.end();
    }
    if (url.pathname === '/token') {
      const body = new URLSearchParams(
        await new Promise<string>((resolve) => {
          let text = '';
          request.on('data', (chunk) => (text += chunk));
          request.on('end', () => resolve(text));
        }),
      );
      const grant = codes.get(body.get('code') ?? '');
      if (!grant) {
        response.writeHead(400, { 'content-type': 'application/json' });
        return response.end(JSON.stringify({ error: 'invalid_grant' }));
      }
      const idToken = await new SignJWT({
        ...grant.profile,
        email_verified: true,
        ...(grant.nonce ? { nonce: grant.nonce } : {}),
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuer(issuer)
        .setAudience(clientId)
        .setSubject(grant.profile.sub)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
      return json({
        access_token: `access-${grant.profile.sub}`,
        id_token: idToken,
        token_type: 'Bearer',
        expires_in: 300,
      });
    }
    if (url.pathname === '/userinfo') {
      return json({
        ...state.profile,
        email_verified: true,
        name: `${state.profile.given_name} ${state.profile.family_name}`,
      });
    }
    response.writeHead(404);
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
