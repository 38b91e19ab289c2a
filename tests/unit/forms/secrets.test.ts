import { describe, expect, it } from 'vitest';
import { looksLikeSecret } from '../../../lib/forms/secrets';

const text = { type: 'string' };

describe('looksLikeSecret', () => {
  it.each([
    'password',
    'newPassword',
    'password_confirmation',
    'db_passwd',
    'passphrase',
    'token',
    'access_token',
    'GITHUB_TOKEN',
    'githubtoken',
    'refreshToken',
    'api_key',
    'apiKey',
    'APIKey',
    'x-api-key',
    'apikey',
    'openai_api_key',
    'secret',
    'client_secret',
    'clientSecret',
    'secretKey',
    'aws_secret_access_key',
    'private_key',
  ])('flags a text field named %s', (name) => {
    expect(looksLikeSecret(name, text)).toBe(true);
  });

  it.each([
    'tokens_used',
    'max_tokens',
    'token_count',
    'tokenizer',
    'token_type',
    'tokenUrl',
    'page_token',
    'nextPageToken',
    'secret_name',
    'secretId',
    'api_key_id',
    'private_key_path',
    'password_hint',
    'key',
    'monkey',
    'username',
    'passage',
    'description',
  ])('leaves a text field named %s alone', (name) => {
    expect(looksLikeSecret(name, text)).toBe(false);
  });

  it('reads the title as well as the name', () => {
    expect(looksLikeSecret('field1', { type: 'string', title: 'API Key' })).toBe(true);
    expect(looksLikeSecret('field2', { type: 'string', title: 'Personal access token (classic)' })).toBe(true);
    expect(looksLikeSecret('field3', { type: 'string', title: 'Token count' })).toBe(false);
  });

  it('flags format "password" whatever the name, in any case', () => {
    expect(looksLikeSecret('pin', { type: 'string', format: 'password' })).toBe(true);
    expect(looksLikeSecret('pin', { type: 'string', format: 'Password' })).toBe(true);
  });

  it('treats an untyped field as text', () => {
    expect(looksLikeSecret('password', {})).toBe(true);
  });

  it('does not flag fields a secret cannot be typed into', () => {
    expect(looksLikeSecret('use_api_key', { type: 'boolean' })).toBe(false);
    expect(looksLikeSecret('token', { type: 'integer' })).toBe(false);
    expect(looksLikeSecret('token', { type: 'string', enum: ['a', 'b'] })).toBe(false);
    expect(looksLikeSecret('token', { type: 'string', oneOf: [{ const: 'a', title: 'A' }] })).toBe(false);
    expect(looksLikeSecret('secrets', { type: 'object', properties: {} })).toBe(false);
  });
});

describe('looksLikeSecret, past disguises', () => {
  it.each([
    ['a zero-width space', 'P\u200Bassword'],
    ['a Cyrillic а', 'P\u0430ssword'],
    ['a Cyrillic о and е in a title', 'Tоkеn'],
    ['a Greek ο', 'Passw\u03BFrd'],
    ['soft hyphens', 'pass\u00ADword'],
    ['fullwidth letters', 'ＡＰＩ＿ＫＥＹ'],
    ['a word joiner', 'api\u2060Key'],
    ['combining accents', 'pásswörd'],
  ])('flags a field disguised with %s', (_, name) => {
    expect(looksLikeSecret(name, text)).toBe(true);
  });

  it('reads the title the same way', () => {
    expect(looksLikeSecret('field1', { type: 'string', title: 'Аccess\u200B Token' })).toBe(true);
  });

  it.each(['tоkens_used', 'ｍａｘ＿ｔｏｋｅｎｓ', 'Pass\u00ADport number', 'secret\u200B_name'])('still leaves %s alone', (name) => {
    expect(looksLikeSecret(name, text)).toBe(false);
  });
});
