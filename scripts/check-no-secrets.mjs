// No secret may be a constant of the source: secrets come from the environment (AUTH_SECRET, ...)
// or are generated into the data folder. This lists what looks like one: a long string literal
// given to a name that says secret, password, token or key, and `NAME_SECRET=<value>` lines of
// environment files, scripts and docs. Run by `npm run lint` and by scripts/no-secrets.test.ts.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Shorter literals are examples or test inputs (`'secret'`), not keys anyone could use. */
export const MIN_SECRET_LENGTH = 12;

const SECRET_NAME =
  '[\\w$]*(?:secret|passw(?:or)?d|passphrase|token|credential|(?:api|private|hmac|signing|encryption|secret|access)[_-]?key)[\\w$]*';

// `name: 'value'`, `name = "value"`, `'name': 'value'`, and a literal fallback such as
// `secret: env.AUTH_SECRET ?? 'value'`.
const ASSIGNED_LITERAL = new RegExp(
  `(?<name>${SECRET_NAME})['"]?\\s*[:=]\\s*(?:[\\w$.?\\[\\]'"]+\\s*(?:\\?\\?|\\|\\|)\\s*)*(?<quote>['"\`])(?<value>(?:(?!\\k<quote>)[^\\\\]|\\\\.)*)\\k<quote>`,
  'gi',
);

// `AUTH_SECRET=<value>` in .env files, shell scripts, docs and package.json scripts. A value that is
// a reference (`$VAR`, `$(openssl ...)`, `<your-secret>`) or empty is fine.
const ENVIRONMENT_ASSIGNMENT =
  /(?<![\w$.])(?<name>[A-Z0-9_]*(?:SECRET|PASSWORD|PASSWD|TOKEN|API_KEY|PRIVATE_KEY|SECRET_KEY)[A-Z0-9_]*)=(?<value>[^\s'"`$<]\S*)/g;

/**
 * A secret is one long word: not a sentence (labels, messages), not a template, not a dotted
 * message key or cookie name such as `errors.api.invalid-token` or `hora.session_token`.
 */
function looksLikeSecret(value) {
  return (
    value.length >= MIN_SECRET_LENGTH &&
    !/\s/.test(value) &&
    !value.includes('${') &&
    !/^[A-Za-z_-]+(\.[A-Za-z_-]+)+$/.test(value)
  );
}

/** Passwords typed into throwaway accounts of test databases are test input, not secrets. */
function isTestFile(file) {
  return /(^|\/)(test|e2e)\//.test(file) || /\.test\.[cm]?tsx?$/.test(file);
}

/**
 * Values that look like secrets and are not, each for a stated reason; `files` limits where.
 * Anything else found is a finding.
 */
export const ALLOWED = [
  { value: 'hora-demo-2026', why: 'the password of the public demo accounts, printed in the README' },
  {
    value: 'postgres-password',
    files: ['apps/server/src/db/embedded.ts'],
    why: 'the name of the file in the data folder that holds the generated database password',
  },
  {
    value: 'hora-development-secret-not-for-production-use',
    files: ['apps/server/test/signing-secret.test.ts', 'scripts/no-secrets.test.ts'],
    why: 'the constant every server once signed with, public since then: tests prove it opens nothing',
  },
];

function allowed(value, file) {
  return ALLOWED.some((entry) => entry.value === value && (!entry.files || entry.files.includes(file)));
}

/** Lines of one file that put a secret in the source, as `file:line: name = value`. */
export function findSecrets(source, file) {
  const findings = [];
  source.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(ASSIGNED_LITERAL)) {
      const { name, value } = match.groups;
      if (!looksLikeSecret(value) || allowed(value, file)) continue;
      if (isTestFile(file) && /passw(or)?d/i.test(name)) continue;
      findings.push(`${file}:${index + 1}: ${name} = '${value}'`);
    }
    for (const match of line.matchAll(ENVIRONMENT_ASSIGNMENT)) {
      const { name, value } = match.groups;
      if (allowed(value, file)) continue;
      findings.push(`${file}:${index + 1}: ${name}=${value}`);
    }
  });
  return findings;
}

const TEXT_FILE =
  /\.(?:[cm]?[jt]sx?|json|md|ya?ml|sh|env(?:\..+)?|example|toml|sql)$|(?:^|\/)(?:\.env[^/]*|run)$/;

/** Every file of the repository git knows of or would add, except lock files and vendored ones. */
export function repositoryFiles(root) {
  const output = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(output.split('\0'))]
    .filter((file) => file && TEXT_FILE.test(file))
    .filter((file) => !/(^|\/)(node_modules|dist|build)\//.test(file) && !file.endsWith('package-lock.json'));
}

export function scanRepository(root) {
  return repositoryFiles(root).flatMap((file) => {
    let source;
    try {
      source = readFileSync(join(root, file), 'utf8');
    } catch {
      return []; // listed by git but deleted from the work tree
    }
    return findSecrets(source, file);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const findings = scanRepository(fileURLToPath(new URL('..', import.meta.url)));
  if (findings.length > 0) {
    console.error(
      `Secrets must come from the environment or the data folder, never the source:\n${findings.join('\n')}`,
    );
    process.exit(1);
  }
}
