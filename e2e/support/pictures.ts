import { expect, type APIRequestContext } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { bearer } from './accounts.js';
import type { Member } from './members.js';

/** A plain square picture (ffmpeg, as the media journey makes its fixtures). */
export function squarePng(colour: string): Buffer {
  return execFileSync('ffmpeg', [
    ...['-loglevel', 'error', '-f', 'lavfi', '-i', `color=c=${colour}:s=240x240`],
    ...['-frames:v', '1', '-f', 'image2', '-c:v', 'png', 'pipe:1'],
  ]);
}

/** Sets the member's account picture; answers the URL others see it at (the 220w variant). */
export async function givePicture(
  request: APIRequestContext,
  member: Member,
  colour: string,
): Promise<string> {
  const response = await request.post('/api/user/picture', {
    headers: bearer(member.pair),
    multipart: { file: { name: 'me.png', mimeType: 'image/png', buffer: squarePng(colour) } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return `/api/user/photo/${((await response.json()) as { id: number }).id}?variant=220w`;
}
