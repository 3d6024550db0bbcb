/** Password hashing with scrypt (node:crypto): "scrypt$N$r$p$salt$hash", salt and hash in base64. */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";

const scrypt = (password: string, salt: Buffer, length: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password, salt, length, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

const N = 16_384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r: R, p: P });
  return ["scrypt", N, R, P, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parts = stored?.split("$");
  if (!parts || parts.length !== 6 || parts[0] !== "scrypt") {
    // Spend the same time whether or not the account exists.
    await scrypt(password, randomBytes(16), KEY_LENGTH, { N, r: R, p: P });
    return false;
  }
  const [, n, r, p, salt, expected] = parts;
  const expectedKey = Buffer.from(expected, "base64");
  const key = await scrypt(password, Buffer.from(salt, "base64"), expectedKey.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expectedKey.length && timingSafeEqual(key, expectedKey);
}
