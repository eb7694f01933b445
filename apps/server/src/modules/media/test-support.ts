import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { AppContext } from '../../context.js';
import type { TestApp } from '../../test/harness.js';
import type { Storage } from '../../storage/index.js';
import { createMediaService } from './service.js';

/** Media test helpers: fixtures made with sharp, multipart bodies, rows written directly. */

export function multipart(
  file: { name: string; content: Buffer; type?: string } | null,
  fields: Record<string, string> = {},
  fieldName = 'file',
) {
  const boundary = `----memoria${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * POSTs a multipart upload (`file` and form `fields`) to `url` as `who`, or without a
 * session; the answer is not checked (callers test refusals too).
 */
export function postUpload(
  t: TestApp,
  url: string,
  who: { headers: Record<string, string> } | null,
  file: Parameters<typeof multipart>[0],
  fields: Record<string, string> = {},
) {
  const body = multipart(file, fields);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...(who?.headers ?? {}), ...body.headers },
    payload: body.payload,
  });
}

/** POST /api/user/picture as `who`. */
export const uploadAvatar = (
  t: TestApp,
  who: { headers: Record<string, string> },
  file: Parameters<typeof multipart>[0],
) => postUpload(t, '/api/user/picture', who, file);

export const pngFixture = (width = 1200, height = 800) =>
  sharp({ create: { width, height, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();

/** Random pixels: a PNG that does not compress (about 3 bytes per pixel). */
export const noisePng = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();

/** A JPEG carrying EXIF GPS (Brussels, 50°51'N 4°21'E) and an image description. */
export const jpegWithGps = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#aa6633' } })
    .jpeg()
    .withExif({
      IFD0: { ImageDescription: 'Grand-Place at dusk', Make: 'TestCam' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '50/1 51/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '4/1 21/1 0/1',
      },
    })
    .toBuffer();

export const svgFixture = () =>
  Buffer.from(
    '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="300" height="150">' +
      '<script>alert(document.cookie)</script><rect width="300" height="150" fill="#0a0"/></svg>',
  );

/** The media service over a test app's context. */
export function mediaServiceFor(t: TestApp, storage?: Storage) {
  const ctx = {
    config: t.config,
    database: t.database,
    secrets: t.secrets,
    jobs: t.app.jobs,
    log: t.app.log,
  } as unknown as AppContext;
  return createMediaService(ctx, storage);
}

export async function insertCollection(
  t: TestApp,
  userId: number,
  type: string,
  options: { secret?: string } = {},
): Promise<string> {
  const { db, dialect } = t.database;
  const id = randomBytes(8).toString('hex').slice(0, 10);
  const now = dialect.time(new Date());
  await db
    .insertInto('collections')
    .values({
      id,
      user_id: userId,
      type,
      name: `${type} collection`,
      is_collaboration: dialect.bool(false),
      collaboration_on_checklist: dialect.bool(false),
      allow_add_documents: dialect.bool(false),
      allow_replace_documents: dialect.bool(false),
      preserve_documents_version: dialect.bool(false),
      public_link_on: dialect.bool(options.secret !== undefined),
      user_can_join_call: dialect.bool(false),
      transfer_collection: dialect.bool(false),
      secret_token: options.secret ?? null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export async function insertMemo(t: TestApp, userId: number, collectionId: string) {
  const { db, dialect } = t.database;
  const now = dialect.time(new Date());
  const memo = await db
    .insertInto('memos')
    .values({
      user_id: userId,
      title: 'memo',
      notification_sent: dialect.bool(false),
      is_todo: dialect.bool(false),
      published_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('memos_per_collection')
    .values({ memo_id: memo.id, collection_id: collectionId, position: memo.id, created_at: now })
    .execute();
  return memo.id;
}

/** Files under DATA_DIR/media/<userId>, relative. */
export function storedFiles(t: TestApp, userId: number): string[] {
  const dir = path.join(t.dataDir, 'media', String(userId));
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

export async function storageUsed(t: TestApp, userId: number): Promise<number> {
  const row = await t.database.db
    .selectFrom('users')
    .select('storage_used')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.storage_used);
}

/**
 * A short test clip made by ffmpeg (testsrc picture, a sine tone): MPEG-4 part 2 video
 * and AAC audio in a QuickTime file by default, so converting it to H.264 is real work.
 */
export function clipFixture(
  options: { width?: number; height?: number; seconds?: number; format?: 'mov' | 'mp3' } = {},
): Buffer {
  const { width = 640, height = 360, seconds = 1, format = 'mov' } = options;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memoria-clip-'));
  const file = path.join(dir, `clip.${format}`);
  const tone = ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`];
  const args =
    format === 'mp3'
      ? [...tone, '-c:a', 'libmp3lame', file]
      : [
          ...['-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=${width}x${height}:rate=25`],
          ...tone,
          ...['-c:v', 'mpeg4', '-c:a', 'aac', '-shortest', file],
        ];
  try {
    execFileSync('ffmpeg', ['-v', 'error', '-y', ...args], { stdio: 'pipe' });
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** What ffprobe says about a file's streams. */
export function probeStreams(content: Buffer): { codec_type: string; codec_name: string }[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memoria-probe-'));
  const file = path.join(dir, 'probe.bin');
  try {
    fs.writeFileSync(file, content);
    const out = execFileSync(
      'ffprobe',
      ['-v', 'error', '-print_format', 'json', '-show_streams', file],
      { stdio: 'pipe' },
    );
    return (JSON.parse(out.toString()) as { streams: { codec_type: string; codec_name: string }[] })
      .streams;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Puts memo `memoId` into one more collection. */
export async function linkMemo(t: TestApp, memoId: number, collectionId: string): Promise<void> {
  const { db, dialect } = t.database;
  await db
    .insertInto('memos_per_collection')
    .values({
      memo_id: memoId,
      collection_id: collectionId,
      position: memoId,
      created_at: dialect.time(new Date()),
    })
    .execute();
}

type CollectionFlag =
  | 'is_collaboration'
  | 'allow_add_documents'
  | 'allow_replace_documents'
  | 'preserve_documents_version'
  | 'public_link_on';

export async function setCollectionFlags(
  t: TestApp,
  collectionId: string,
  flags: Partial<Record<CollectionFlag, boolean>>,
): Promise<void> {
  const { db, dialect } = t.database;
  const values = Object.fromEntries(
    Object.entries(flags).map(([name, value]) => [name, dialect.bool(value)]),
  );
  await db.updateTable('collections').set(values).where('id', '=', collectionId).execute();
}

/** Selects `userId` in a selected_contacts collection. */
export async function shareCollection(t: TestApp, collectionId: string, userId: number) {
  const { db, dialect } = t.database;
  await db
    .insertInto('users_per_collection')
    .values({ collection_id: collectionId, user_id: userId, created_at: dialect.time(new Date()) })
    .execute();
}

export async function watchMemo(t: TestApp, userId: number, memoId: number): Promise<void> {
  const { db, dialect } = t.database;
  await db
    .insertInto('memo_watchers')
    .values({ user_id: userId, memo_id: memoId, created_at: dialect.time(new Date()) })
    .execute();
}
