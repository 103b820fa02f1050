import { beforeEach, describe, expect, it, vi } from 'vitest';

// Spy on the real verify, so the test can see that an unknown account costs a real argon2 check.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...real, verify: vi.fn(real.verify) };
});

const argon2 = await import('@node-rs/argon2');
const { hashPassword, verifyPassword } = await import('./passwords');

describe('passwords', () => {
  beforeEach(() => {
    vi.mocked(argon2.verify).mockClear();
  });

  it('hashes with argon2id, salted, and verifies only the right password', async () => {
    const a = await hashPassword('Nordlys-demo-1!');
    const b = await hashPassword('Nordlys-demo-1!');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, 'Nordlys-demo-1!')).toBe(true);
    expect(await verifyPassword(a, 'nordlys-demo-1!')).toBe(false);
  });

  it('answers false without a hash after doing a real argon2 check, so timing does not reveal the account', async () => {
    expect(await verifyPassword(null, 'Nordlys-demo-1!')).toBe(false);
    expect(await verifyPassword(undefined, 'anything')).toBe(false);
    expect(vi.mocked(argon2.verify)).toHaveBeenCalledTimes(2);
    const [hash] = vi.mocked(argon2.verify).mock.calls[0]!;
    expect(String(hash)).toMatch(/^\$argon2id\$/);
  });

  it('treats a malformed stored hash as a wrong password', async () => {
    expect(await verifyPassword('not-a-hash', 'whatever')).toBe(false);
  });
});
