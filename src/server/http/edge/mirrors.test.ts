import { describe, expect, test } from 'vitest';
import { hostKey, MirrorPolicy } from './mirrors.ts';

describe('the operator’s hosts', () => {
  const policy = new MirrorPolicy({
    publicSiteUrl: 'https://main.example',
    mirrorHosts: ['old.example', 'm2.example:8443'],
    retiredHosts: ['OLD.example'],
  });

  test('a retired host is recognised in any case, with its api. host', () => {
    expect(policy.isRetiredHost('old.example')).toBe(true);
    expect(policy.isRetiredHost('api.old.example')).toBe(true);
    expect(policy.isRetiredHost('Old.Example.')).toBe(true);
    expect(policy.isRetiredHost('m2.example:8443')).toBe(false);
    expect(policy.isRetiredHost(undefined)).toBe(false);
  });

  test('visitors move to the first live mirror in the site’s scheme', () => {
    expect(policy.newLink()).toBe('https://m2.example:8443');
  });

  test('the sso link names the main host’s API, only for other hosts', () => {
    expect(policy.ssoLink('m2.example:8443')).toBe('https://api.main.example/sso');
    expect(policy.ssoLink('api.main.example')).toBeNull();
    expect(policy.ssoLink('main.example')).toBeNull();
  });

  test('a bare main host keeps its API under /api', () => {
    const local = new MirrorPolicy({
      publicSiteUrl: 'http://localhost:3000',
      mirrorHosts: ['127.0.0.1:3000'],
      retiredHosts: [],
    });
    expect(local.ssoLink('127.0.0.1:3000')).toBe('http://localhost:3000/api/sso');
  });

  test('without a main host there is no sso; with every mirror retired visitors go to the main host', () => {
    expect(
      new MirrorPolicy({ mirrorHosts: ['a.example'], retiredHosts: [] }).ssoLink('a.example'),
    ).toBeNull();
    const allRetired = new MirrorPolicy({
      publicSiteUrl: 'https://main.example',
      mirrorHosts: ['a.example'],
      retiredHosts: ['a.example'],
    });
    expect(allRetired.newLink()).toBe('https://main.example');
  });

  test('host keys', () => {
    expect(hostKey('API.Example.com:80')).toBe('example.com:80');
    expect(hostKey('bad host')).toBeNull();
  });
});
