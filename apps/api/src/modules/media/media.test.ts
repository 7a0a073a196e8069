import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync, unlinkSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts, courseLessons, courseSections, courses, media } from '../../db/schema';
import { TOO_MANY_PIXELS_MESSAGE, UNREADABLE_IMAGE_MESSAGE } from '../../lib/images';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser } from '../../test/factories';
import {
  carriesMetadata,
  dimensionsOf,
  headerOnlyPng,
  photoWithLocation,
  pixelBomb,
  solidImage,
  truncated,
} from '../../test/images';
import { mediaDirectory } from './upload';

type User = Awaited<ReturnType<typeof createUser>>;

let t: TestApp;
let instructor: User;
let otherInstructor: User;
let admin: User;
let student: User;
beforeAll(async () => {
  t = await buildTestApp();
  [instructor, otherInstructor, admin, student] = await Promise.all([
    createUser(t.app, t.database.db, 'Instructor'),
    createUser(t.app, t.database.db, 'Instructor'),
    createUser(t.app, t.database.db, 'Admin'),
    createUser(t.app, t.database.db, 'Student'),
  ]);
});
afterAll(async () => {
  await t.close();
});

const MB = 1024 * 1024;
const bytes = (hex: string, padding = 64) => Buffer.concat([Buffer.from(hex, 'hex'), randomBytes(padding)]);
// Images are decoded on upload, so they must be real ones (small enough to be kept byte for byte).
const SAMPLES = {
  'image/png': await solidImage(40, 30, 'png'),
  'image/jpeg': await solidImage(40, 30, 'jpeg'),
  'image/webp': await solidImage(40, 30, 'webp'),
  'video/mp4': Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), randomBytes(256)]),
  'video/webm': bytes('1a45dfa39f4286810142f7810142f2', 256),
} as const;

function form(content: Buffer, filename: string, options: { field?: string; contentType?: string } = {}) {
  const boundary = `----learnbuild${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${filename}"\r\nContent-Type: ${options.contentType ?? 'application/octet-stream'}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (user: User | null, content: Buffer, filename: string, options?: Parameters<typeof form>[2]) => {
  const body = form(content, filename, options);
  return t.app.inject({
    method: 'POST',
    url: '/api/media',
    headers: { ...(user?.auth ?? {}), ...body.headers },
    payload: body.payload,
  });
};
const content = (id: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/media/${id}/content`, headers });
const remove = (user: User, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/media/${id}`, headers: user.auth });
const mediaDir = () => mediaDirectory(t.config.dataDir);
const filesOnDisk = () => (existsSync(mediaDir()) ? readdirSync(mediaDir()) : []);
const storageNameOf = async (id: string) =>
  (await t.database.db.select({ storageName: media.storageName }).from(media).where(eq(media.id, id)))[0]!.storageName;

async function uploaded(user: User, content: Buffer, filename = 'file.bin') {
  const reply = await upload(user, content, filename);
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().media as { id: string; url: string; mime: string; size: number };
}

/** A draft course owned by `owner`, with the image as thumbnail and, if given, a video lesson playing `videoId`. */
async function courseUsing(ownerId: string, options: { thumbnailId?: string; videoId?: string }) {
  const [course] = await t.database.db
    .insert(courses)
    .values({
      slug: `media-test-${randomBytes(4).toString('hex')}`,
      title: 'Media test',
      category: 'Web Development',
      level: 'Beginner',
      instructorId: ownerId,
      thumbnailMediaId: options.thumbnailId ?? null,
    })
    .returning();
  if (options.videoId) {
    const [section] = await t.database.db
      .insert(courseSections)
      .values({ courseId: course!.id, title: 'Section' })
      .returning();
    await t.database.db.insert(courseLessons).values({
      courseId: course!.id,
      sectionId: section!.id,
      title: 'Video lesson',
      kind: 'video',
      videoMediaId: options.videoId,
    });
  }
  return course!;
}

describe('POST /api/media: who may upload', () => {
  it('refuses an anonymous upload with 401', async () => {
    const reply = await upload(null, SAMPLES['image/png'], 'a.png');
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toEqual({ success: false, error: 'Please log in to continue' });
  });

  it('refuses a student with 403', async () => {
    const reply = await upload(student, SAMPLES['image/png'], 'a.png');
    expect(reply.statusCode).toBe(403);
    expect(reply.json().success).toBe(false);
  });

  it.each([
    ['an instructor', () => instructor],
    ['an admin', () => admin],
  ])('accepts %s with 201 and the media reply', async (_who, who) => {
    const reply = await upload(who(), SAMPLES['image/png'], 'cover.png');
    expect(reply.statusCode).toBe(201);
    const { media: stored } = reply.json();
    expect(stored).toEqual({
      id: expect.any(String),
      url: `/api/media/${stored.id}/content`,
      mime: 'image/png',
      size: SAMPLES['image/png'].length,
      kind: 'image',
      originalName: 'cover.png',
      createdAt: expect.any(String),
      inUse: false,
    });
  });
});

describe('POST /api/media: the type comes from the bytes', () => {
  it.each(
    Object.entries(SAMPLES),
  )('accepts %s by its magic number, whatever the name and declared type', async (mime, sample) => {
    const reply = await upload(instructor, sample, 'upload.dat', { contentType: 'text/plain' });
    expect(reply.statusCode).toBe(201);
    const stored = reply.json().media;
    expect(stored).toMatchObject({ mime, kind: mime.split('/')[0], size: sample.length });
    const served = await content(stored.id);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(mime);
    expect(served.rawPayload.equals(sample)).toBe(true);
  });

  it('refuses a text file named .mp4 with 415 and keeps nothing', async () => {
    const before = filesOnDisk();
    const reply = await upload(instructor, Buffer.from('just some text, not a video at all'), 'lesson.mp4', {
      contentType: 'video/mp4',
    });
    expect(reply.statusCode).toBe(415);
    expect(reply.json()).toEqual({
      success: false,
      error: 'Upload a PNG, JPEG or WebP image, or an MP4 or WebM video',
    });
    expect(filesOnDisk()).toEqual(before);
  });

  it('refuses an HEIC picture, whose ftyp box names an image brand', async () => {
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), randomBytes(64)]);
    expect((await upload(instructor, heic, 'photo.mp4')).statusCode).toBe(415);
  });

  it('refuses a file too short to tell', async () => {
    expect((await upload(instructor, Buffer.from('GIF'), 'x.png')).statusCode).toBe(415);
  });

  it('stores a PNG named .txt as image/png', async () => {
    const reply = await upload(instructor, SAMPLES['image/png'], 'notes.txt', { contentType: 'text/plain' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().media).toMatchObject({ mime: 'image/png', kind: 'image', originalName: 'notes.txt' });
    const storageName = await storageNameOf(reply.json().media.id);
    expect(storageName).toMatch(/^[0-9a-f-]{36}\.png$/);
  });

  it('keeps only the base name of a path-like file name', async () => {
    const reply = await upload(instructor, SAMPLES['image/png'], '../../etc/evil.png');
    expect(reply.json().media.originalName).toBe('evil.png');
  });

  it('asks for the field named "file"', async () => {
    const reply = await upload(instructor, SAMPLES['image/png'], 'a.png', { field: 'picture' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().error).toBe('Upload the file as multipart/form-data in a field named "file"');
  });

  it('refuses a JSON body with 400', async () => {
    const reply = await t.app.inject({ method: 'POST', url: '/api/media', headers: instructor.auth, payload: {} });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().success).toBe(false);
  });
});

describe('POST /api/media: size limits', () => {
  it('refuses an image over 5 MB with 413 and leaves no file on disk', async () => {
    const before = filesOnDisk();
    const big = Buffer.concat([SAMPLES['image/png'], Buffer.alloc(5 * MB)]);
    const reply = await upload(instructor, big, 'huge.png');
    expect(reply.statusCode).toBe(413);
    expect(reply.json()).toEqual({ success: false, error: 'Images must be at most 5 MB' });
    expect(filesOnDisk()).toEqual(before);
  });

  it('accepts an image of exactly 5 MB', async () => {
    const exact = Buffer.concat([SAMPLES['image/png'], Buffer.alloc(5 * MB - SAMPLES['image/png'].length)]);
    const reply = await upload(instructor, exact, 'exact.png');
    expect(reply.statusCode).toBe(201);
    expect(reply.json().media.size).toBe(5 * MB);
  });

  it('accepts a video larger than the image limit', async () => {
    const video = Buffer.concat([SAMPLES['video/mp4'], Buffer.alloc(6 * MB)]);
    const reply = await upload(instructor, video, 'talk.mp4');
    expect(reply.statusCode).toBe(201);
    expect(reply.json().media).toMatchObject({ kind: 'video', size: video.length });
  });

  it('refuses a body declared larger than any video before reading it', async () => {
    const body = form(SAMPLES['video/mp4'], 'v.mp4');
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/media',
      headers: { ...instructor.auth, ...body.headers, 'content-length': String(600 * MB) },
      payload: body.payload,
    });
    expect(reply.statusCode).toBe(413);
  });
});

describe('POST /api/media: pixels, not only bytes', () => {
  it('refuses a 10,000 × 10,000 PNG (a few hundred KB) with 413 naming the limit, and keeps nothing', async () => {
    const bomb = await pixelBomb();
    expect(bomb.length).toBeLessThan(MB);
    const before = filesOnDisk();
    const reply = await upload(instructor, bomb, 'bomb.png');
    expect(reply.statusCode).toBe(413);
    expect(reply.json()).toEqual({ success: false, error: TOO_MANY_PIXELS_MESSAGE });
    expect(TOO_MANY_PIXELS_MESSAGE).toBe('Images must be at most 40 megapixels (for example 8000 × 5000 pixels)');
    expect(filesOnDisk()).toEqual(before);
  }, 30_000);

  it('judges the pixels from the header alone: a 6000 × 7000 header over noise is "too many pixels", not "damaged"', async () => {
    const reply = await upload(instructor, headerOnlyPng(6000, 7000), 'claims.png');
    expect(reply.statusCode).toBe(413);
    expect(reply.json().error).toBe(TOO_MANY_PIXELS_MESSAGE);
    // Just under the limit, the same noise is decoded and found damaged.
    const under = await upload(instructor, headerOnlyPng(8000, 5000), 'claims.png');
    expect(under.statusCode).toBe(400);
    expect(under.json().error).toBe(UNREADABLE_IMAGE_MESSAGE);
  });

  it.each([
    ['png', 'image/png', 2000, 1000, 1280, 640],
    ['jpeg', 'image/jpeg', 1500, 3000, 640, 1280],
    ['webp', 'image/webp', 2560, 2560, 1280, 1280],
  ] as const)('stores a large %s shrunk to fit 1280 pixels, in its own type', async (format, mime, w, h, servedW, servedH) => {
    const original = await solidImage(w, h, format);
    const stored = await uploaded(instructor, original, `big.${format}`);
    const served = await content(stored.id);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(mime);
    expect(await dimensionsOf(served.rawPayload)).toEqual({ width: servedW, height: servedH, format });
    expect(stored).toMatchObject({ mime, size: served.rawPayload.length });
    expect(served.headers['content-length']).toBe(String(stored.size));
  });

  it('keeps an image that fits already byte for byte', async () => {
    const original = await solidImage(1280, 720, 'jpeg');
    const stored = await uploaded(instructor, original, 'hd.jpg');
    expect((await content(stored.id)).rawPayload.equals(original)).toBe(true);
  });

  it('stores a small photo without its EXIF (where it was taken), still a JPEG of the same size', async () => {
    const photo = await photoWithLocation(640, 480);
    expect(await carriesMetadata(photo)).toBe(true);
    const stored = await uploaded(instructor, photo, 'cover.jpg');
    const served = (await content(stored.id)).rawPayload;
    expect(await carriesMetadata(served)).toBe(false);
    expect(await dimensionsOf(served)).toEqual({ width: 640, height: 480, format: 'jpeg' });
  });

  it.each([
    ['a PNG cut off halfway', async () => truncated(await solidImage(600, 400, 'png'))],
    ['a JPEG cut off halfway', async () => truncated(await solidImage(600, 400, 'jpeg'))],
    ['a small PNG cut off halfway', async () => truncated(await solidImage(40, 30, 'png'))],
    ['a PNG signature followed by noise', async () => bytes('89504e470d0a1a0a0000000d49484452')],
    ['a JPEG start followed by noise', async () => bytes('ffd8ffe000104a464946')],
  ])('refuses %s with 400, not 500, and keeps nothing', async (_what, make) => {
    const before = filesOnDisk();
    const reply = await upload(instructor, await make(), 'broken.png');
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ success: false, error: UNREADABLE_IMAGE_MESSAGE });
    expect(filesOnDisk()).toEqual(before);
  });
});

describe('GET /api/media/:id/content', () => {
  let video: { id: string; size: number };
  const videoBytes = randomBytes(10_000);
  const file = Buffer.concat([SAMPLES['video/mp4'].subarray(0, 12), videoBytes]);
  beforeAll(async () => {
    video = await uploaded(instructor, file, 'clip.mp4');
  });

  it('serves the whole file publicly with its type, validators and safe headers', async () => {
    const reply = await content(video.id);
    expect(reply.statusCode).toBe(200);
    expect(reply.rawPayload.equals(file)).toBe(true);
    expect(reply.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': String(file.length),
      'accept-ranges': 'bytes',
      etag: `"${video.id}"`,
      'x-content-type-options': 'nosniff',
    });
    expect(reply.headers['last-modified']).toEqual(expect.any(String));
    expect(reply.headers['content-encoding']).toBeUndefined();
  });

  it('answers HEAD with the same headers and no body', async () => {
    const reply = await t.app.inject({ method: 'HEAD', url: `/api/media/${video.id}/content` });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers).toMatchObject({ 'content-length': String(file.length), 'accept-ranges': 'bytes' });
    expect(reply.rawPayload.length).toBe(0);
  });

  it('answers a range a-b with 206 and exactly those bytes', async () => {
    const reply = await content(video.id, { range: 'bytes=100-199' });
    expect(reply.statusCode).toBe(206);
    expect(reply.headers['content-range']).toBe(`bytes 100-199/${file.length}`);
    expect(reply.headers['content-length']).toBe('100');
    expect(reply.rawPayload.equals(file.subarray(100, 200))).toBe(true);
  });

  it('answers an open range a- with the rest of the file', async () => {
    const reply = await content(video.id, { range: 'bytes=9000-' });
    expect(reply.statusCode).toBe(206);
    expect(reply.headers['content-range']).toBe(`bytes 9000-${file.length - 1}/${file.length}`);
    expect(reply.rawPayload.equals(file.subarray(9000))).toBe(true);
  });

  it('answers a suffix range -n with the last n bytes', async () => {
    const reply = await content(video.id, { range: 'bytes=-500' });
    expect(reply.statusCode).toBe(206);
    expect(reply.headers['content-range']).toBe(`bytes ${file.length - 500}-${file.length - 1}/${file.length}`);
    expect(reply.rawPayload.equals(file.subarray(file.length - 500))).toBe(true);
  });

  it('clips a range that runs past the end', async () => {
    const reply = await content(video.id, { range: `bytes=${file.length - 10}-${file.length + 1000}` });
    expect(reply.statusCode).toBe(206);
    expect(reply.rawPayload.equals(file.subarray(file.length - 10))).toBe(true);
  });

  it.each([
    `bytes=${10_012}-`,
    `bytes=${50_000}-50100`,
    'bytes=-0',
  ])('answers the unsatisfiable range %s with 416 and the size', async (range) => {
    const reply = await content(video.id, { range });
    expect(reply.statusCode).toBe(416);
    expect(reply.headers['content-range']).toBe(`bytes */${file.length}`);
  });

  it.each([
    'bytes=5-2',
    'items=0-10',
    'bytes=0-1,5-6',
  ])('ignores the range %s and sends the whole file', async (range) => {
    const reply = await content(video.id, { range });
    expect(reply.statusCode).toBe(200);
    expect(reply.rawPayload.length).toBe(file.length);
  });

  it('answers 304 to a matching If-None-Match and If-Modified-Since', async () => {
    const first = await content(video.id);
    const byTag = await content(video.id, { 'if-none-match': first.headers.etag as string });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.rawPayload.length).toBe(0);
    const byDate = await content(video.id, { 'if-modified-since': first.headers['last-modified'] as string });
    expect(byDate.statusCode).toBe(304);
    expect((await content(video.id, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
  });

  it('honours a range only when If-Range names the same copy', async () => {
    const same = await content(video.id, { range: 'bytes=0-9', 'if-range': `"${video.id}"` });
    expect(same.statusCode).toBe(206);
    const other = await content(video.id, { range: 'bytes=0-9', 'if-range': '"stale"' });
    expect(other.statusCode).toBe(200);
  });

  it('lets images be cached for a year', async () => {
    const image = await uploaded(instructor, SAMPLES['image/webp'], 'cover.webp');
    const reply = await content(image.id, { 'accept-encoding': 'gzip, br' });
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(reply.headers['content-encoding']).toBeUndefined();
  });

  it('keeps its cache header for a signed-in viewer', async () => {
    const reply = await content(video.id, student.auth);
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each([
    'not-a-uuid',
    '00000000-0000-0000-0000-000000000000',
    "1'%20or%201=1",
  ])('answers 404 for the id %s', async (id) => {
    const reply = await content(id);
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ success: false, error: 'File not found' });
  });

  it('answers 404 when the row is there but its file is gone', async () => {
    const gone = await uploaded(instructor, SAMPLES['image/jpeg'], 'gone.jpg');
    unlinkSync(path.join(mediaDir(), await storageNameOf(gone.id)));
    const reply = await content(gone.id);
    expect(reply.statusCode).toBe(404);
    expect(reply.headers['cache-control'] ?? '').not.toContain('immutable');
  });

  it('is not reachable as a plain static file under /media/', async () => {
    const storageName = await storageNameOf(video.id);
    expect((await t.app.inject({ method: 'GET', url: `/media/media/${storageName}` })).statusCode).toBe(404);
  });
});

describe('GET /api/media', () => {
  it("lists only the caller's files, newest first, with inUse", async () => {
    const owner = await createUser(t.app, t.database.db, 'Instructor');
    const first = await uploaded(owner, SAMPLES['image/png'], 'first.png');
    const second = await uploaded(owner, SAMPLES['video/webm'], 'second.webm');
    await uploaded(otherInstructor, SAMPLES['image/png'], 'not-mine.png');
    await courseUsing(owner.user.id, { thumbnailId: first.id });

    const reply = await t.app.inject({ method: 'GET', url: '/api/media', headers: owner.auth });
    expect(reply.statusCode).toBe(200);
    const listed = reply.json().media as { id: string; inUse: boolean; originalName: string }[];
    expect(listed.map((item) => [item.originalName, item.inUse])).toEqual([
      ['second.webm', false],
      ['first.png', true],
    ]);
    expect(listed[0]!.id).toBe(second.id);
  });

  it('refuses anonymous (401) and students (403)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/media' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/media', headers: student.auth })).statusCode).toBe(403);
  });
});

describe('DELETE /api/media/:id', () => {
  it('deletes an unused file: the row and the file on disk', async () => {
    const item = await uploaded(instructor, SAMPLES['image/png'], 'unused.png');
    const storageName = await storageNameOf(item.id);
    expect(filesOnDisk()).toContain(storageName);
    const reply = await remove(instructor, item.id);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ success: true, message: 'File deleted' });
    expect(filesOnDisk()).not.toContain(storageName);
    expect((await content(item.id)).statusCode).toBe(404);
  });

  it('refuses with 409 while a course shows it as its thumbnail, and keeps the file', async () => {
    const item = await uploaded(instructor, SAMPLES['image/jpeg'], 'thumb.jpg');
    await courseUsing(instructor.user.id, { thumbnailId: item.id });
    const reply = await remove(instructor, item.id);
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toEqual({ success: false, error: 'This file is used by a course' });
    expect((await content(item.id)).statusCode).toBe(200);
  });

  it('refuses with 409 while a lesson plays it, until the lesson is gone', async () => {
    const item = await uploaded(instructor, SAMPLES['video/mp4'], 'lesson.mp4');
    const course = await courseUsing(instructor.user.id, { videoId: item.id });
    expect((await remove(instructor, item.id)).statusCode).toBe(409);
    await t.database.db.delete(courses).where(eq(courses.id, course.id));
    expect((await remove(instructor, item.id)).statusCode).toBe(200);
  });

  it('refuses with 409 while a blog post shows it as its cover', async () => {
    const item = await uploaded(instructor, SAMPLES['image/png'], 'cover.png');
    await t.database.db.insert(blogPosts).values({
      slug: `media-test-${randomBytes(4).toString('hex')}`,
      title: 'Cover test',
      authorId: instructor.user.id,
      coverMediaId: item.id,
    });
    const listed = await t.app.inject({ method: 'GET', url: '/api/media', headers: instructor.auth });
    expect(listed.json().media.find((m: { id: string }) => m.id === item.id).inUse).toBe(true);
    const reply = await remove(instructor, item.id);
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toEqual({ success: false, error: 'This file is the cover of a blog post' });
  });

  it("refuses another instructor's delete with 403; an admin may delete it", async () => {
    const item = await uploaded(instructor, SAMPLES['image/png'], 'mine.png');
    const refused = await remove(otherInstructor, item.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, error: 'You can only delete your own files' });
    expect((await remove(admin, item.id)).statusCode).toBe(200);
  });

  it('answers 404 for a malformed or unknown id, 401 anonymous and 403 to a student', async () => {
    expect((await remove(instructor, 'nope')).statusCode).toBe(404);
    expect((await remove(instructor, '00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);
    const item = await uploaded(instructor, SAMPLES['image/png'], 'x.png');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/media/${item.id}` })).statusCode).toBe(401);
    expect((await remove(student, item.id)).statusCode).toBe(403);
  });
});

describe('POST /api/media over a real connection', () => {
  let base: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  /** Sends a multipart upload of `size` bytes (an MP4 header, then zeros) chunk by chunk, as a browser would. */
  function streamUpload(size: number, options: { abortAfter?: number } = {}) {
    const boundary = `----learnbuild${randomBytes(8).toString('hex')}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const chunk = Buffer.alloc(256 * 1024);
    return new Promise<{ status: number; body: string } | 'aborted'>((resolve, reject) => {
      const request = http.request(`${base}/api/media`, {
        method: 'POST',
        headers: {
          ...instructor.auth,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + size + tail.length),
        },
      });
      request.on('response', (response) => {
        let body = '';
        response.on('data', (data) => {
          body += data;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', (error) => (options.abortAfter ? resolve('aborted') : reject(error)));
      (async () => {
        request.write(head);
        const mp4Head = SAMPLES['video/mp4'].subarray(0, 12);
        request.write(mp4Head);
        let sent = mp4Head.length;
        while (sent < size) {
          if (options.abortAfter && sent >= options.abortAfter) {
            request.destroy();
            return;
          }
          const piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
          sent += piece.length;
          if (!request.write(piece)) await new Promise((drained) => request.once('drain', drained));
        }
        request.end(tail);
      })().catch(reject);
    });
  }

  it('streams a 100 MB video to disk while the memory grows far less than the file', async () => {
    const size = 100 * MB;
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    const result = await streamUpload(size);
    clearInterval(sampler);
    expect(result).toMatchObject({ status: 201 });
    const stored = JSON.parse((result as { body: string }).body).media;
    expect(stored).toMatchObject({ mime: 'video/mp4', size });
    expect(statSync(path.join(mediaDir(), await storageNameOf(stored.id))).size).toBe(size);
    // Client and server share this process and both are counted. Holding the file would add at least its
    // 100 MB; streaming adds socket buffers awaiting garbage collection (about 20 MB on PGlite, 59 MB seen
    // once on PostgreSQL, whose driver shares the process too).
    expect(peak - baseline).toBeLessThan(size * 0.8);
  }, 60_000);

  it('deletes the partial file when the client goes away mid-upload', async () => {
    const before = filesOnDisk();
    const result = await streamUpload(20 * MB, { abortAfter: 4 * MB });
    expect(result).toBe('aborted');
    // The server notices the closed connection on its own schedule; a busy machine may take a moment.
    await expect.poll(filesOnDisk, { timeout: 10_000, interval: 100 }).toEqual(before);
  }, 30_000);

  it('answers an oversized image with 413 over a real connection', async () => {
    const boundary = 'learnbuildboundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\n\r\n`),
      SAMPLES['image/png'],
      Buffer.alloc(8 * MB),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const reply = await fetch(`${base}/api/media`, {
      method: 'POST',
      headers: { ...instructor.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(reply.status).toBe(413);
    expect(await reply.json()).toEqual({ success: false, error: 'Images must be at most 5 MB' });
    expect(filesOnDisk().filter((name) => name.startsWith('.partial-'))).toEqual([]);
  }, 30_000);

  it('closes the connection of a refused upload whose client stops sending after the reply', async () => {
    const boundary = 'learnbuildboundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\n\r\n`,
    );
    const started = Date.now();
    const outcome = await new Promise<{ status: number; closedAfterMs: number }>((resolve, reject) => {
      const request = http.request(`${base}/api/media`, {
        method: 'POST',
        agent: new http.Agent({ keepAlive: true }),
        headers: {
          ...instructor.auth,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(100 * MB),
        },
      });
      request.on('error', () => undefined);
      request.on('response', (response) => {
        response.resume();
        // Like a browser that stops uploading once it has its answer: the body is never finished.
        request.socket?.once('close', () =>
          resolve({ status: response.statusCode ?? 0, closedAfterMs: Date.now() - started }),
        );
      });
      request.write(head);
      request.write(SAMPLES['image/png']);
      request.write(Buffer.alloc(6 * MB), (error) => error && reject(error));
    });
    expect(outcome.status).toBe(413);
    expect(outcome.closedAfterMs).toBeLessThan(10_000);
  }, 30_000);
});
