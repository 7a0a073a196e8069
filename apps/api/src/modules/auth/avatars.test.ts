import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_PIXELS_MESSAGE, UNREADABLE_IMAGE_MESSAGE } from '../../lib/images';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser } from '../../test/factories';
import { carriesMetadata, dimensionsOf, photoWithLocation, pixelBomb, solidImage, truncated } from '../../test/images';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const avatarDir = () => path.join(t.config.dataDir, 'uploads', 'avatars');
const storedAvatars = () => (existsSync(avatarDir()) ? readdirSync(avatarDir()) : []);

async function uploadAvatar(bytes: Buffer, filename: string) {
  const user = await createUser(t.app, t.database.db);
  const boundary = '----learnbuildavatarboundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const reply = await t.app.inject({
    method: 'POST',
    url: '/api/auth/avatar',
    headers: { ...user.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.auth });
  return { reply, profilePic: me.json().user.profilePic as string | null };
}

describe('avatar pixels', () => {
  it('refuses a 10,000 × 10,000 PNG with 413 naming the limit, and stores nothing', async () => {
    const before = storedAvatars();
    const { reply, profilePic } = await uploadAvatar(await pixelBomb(), 'bomb.png');
    expect(reply.statusCode).toBe(413);
    expect(reply.json()).toEqual({ success: false, error: TOO_MANY_PIXELS_MESSAGE });
    expect(profilePic).toBeNull();
    expect(storedAvatars()).toEqual(before);
  }, 30_000);

  it.each([
    ['jpeg', 'jpg', 1200, 800, 256, 171],
    ['png', 'png', 300, 900, 85, 256],
    ['webp', 'webp', 512, 512, 256, 256],
    ['gif', 'gif', 600, 400, 256, 171],
  ] as const)('stores a large %s shrunk to fit 256 × 256, at the same kind of URL', async (format, extension, w, h, servedW, servedH) => {
    const { reply, profilePic } = await uploadAvatar(await solidImage(w, h, format), `me.${extension}`);
    expect(reply.statusCode).toBe(200);
    expect(profilePic).toMatch(new RegExp(`^/media/avatars/[\\w-]+\\.${extension}$`));
    const served = await t.app.inject({ method: 'GET', url: profilePic! });
    expect(served.statusCode).toBe(200);
    expect(await dimensionsOf(served.rawPayload)).toEqual({ width: servedW, height: servedH, format });
  });

  it('keeps a picture that fits already byte for byte', async () => {
    const original = await solidImage(200, 200, 'png');
    const { profilePic } = await uploadAvatar(original, 'me.png');
    expect((await t.app.inject({ method: 'GET', url: profilePic! })).rawPayload.equals(original)).toBe(true);
  });

  it('publishes a small photo without its EXIF (where it was taken), still a JPEG of the same size', async () => {
    const photo = await photoWithLocation(200, 150);
    expect(await carriesMetadata(photo)).toBe(true);
    const { profilePic } = await uploadAvatar(photo, 'me.jpg');
    const served = (await t.app.inject({ method: 'GET', url: profilePic! })).rawPayload;
    expect(await carriesMetadata(served)).toBe(false);
    expect(await dimensionsOf(served)).toEqual({ width: 200, height: 150, format: 'jpeg' });
  });

  it.each([
    ['a PNG', 'png'],
    ['a JPEG', 'jpeg'],
    ['a GIF', 'gif'],
  ] as const)('refuses %s cut off halfway with 400, not 500, and stores nothing', async (_what, format) => {
    const before = storedAvatars();
    const { reply, profilePic } = await uploadAvatar(truncated(await solidImage(400, 300, format)), 'me.png');
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ success: false, error: UNREADABLE_IMAGE_MESSAGE });
    expect(profilePic).toBeNull();
    expect(storedAvatars()).toEqual(before);
  });

  it('still serves an avatar stored before pictures were shrunk, as it is', async () => {
    const old = await solidImage(1024, 1024, 'png');
    mkdirSync(avatarDir(), { recursive: true });
    writeFileSync(path.join(avatarDir(), 'stored-long-ago.png'), old);
    const served = await t.app.inject({ method: 'GET', url: '/media/avatars/stored-long-ago.png' });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(old)).toBe(true);
  });
});
