import { spawn } from 'node:child_process';

/**
 * Debian's ffmpeg and ffprobe as child processes (docs/ARCHITECTURE.md: "images / video"). Inputs
 * are users' files, so the demuxer is forced to the container the upload's magic bytes
 * showed (no playlist or concat demuxer can be smuggled in to read other files) and only
 * the file protocol is allowed.
 */

export interface FfmpegTools {
  ffmpeg: string;
  ffprobe: string;
}

export const DEBIAN_FFMPEG: FfmpegTools = { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' };

/** The input cannot be decoded: retrying will not help. */
export class MediaUnreadable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MediaUnreadable';
  }
}

/** The container of a stored original (its extension is the format file-type found). */
const DEMUXERS: Record<string, string> = {
  mp4: 'mov',
  m4v: 'mov',
  mov: 'mov',
  '3gp': 'mov',
  '3g2': 'mov',
  m4a: 'mov',
  webm: 'matroska',
  mkv: 'matroska',
  avi: 'avi',
  mpg: 'mpeg',
  mts: 'mpegts',
  asf: 'asf',
  ogv: 'ogg',
  ogg: 'ogg',
  oga: 'ogg',
  opus: 'ogg',
  flv: 'flv',
  mp3: 'mp3',
  wav: 'wav',
  aac: 'aac',
  flac: 'flac',
};

export function demuxerFor(extension: string): string | undefined {
  return DEMUXERS[extension.toLowerCase()];
}

const STDOUT_LIMIT = 1024 * 1024;
const STDERR_TAIL = 2000;

/** Runs a tool; answers its stdout, or rejects with the end of its stderr. */
function run(command: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      if (stdout.length < STDOUT_LIMIT) stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(stdout);
      else {
        const why = signal ? `killed by ${signal}` : `exit code ${code}`;
        reject(new MediaUnreadable(`${command} failed (${why}): ${stderr.trim()}`));
      }
    });
  });
}

/** Whether the tools can be started at all (ENOENT when the package is missing). */
export async function toolsAvailable(tools: FfmpegTools): Promise<boolean> {
  try {
    await run(tools.ffmpeg, ['-hide_banner', '-version'], 10_000);
    await run(tools.ffprobe, ['-hide_banner', '-version'], 10_000);
    return true;
  } catch {
    return false;
  }
}

export interface ProbedMedia {
  hasVideo: boolean;
  hasAudio: boolean;
  width: number | null;
  height: number | null;
  /** seconds */
  duration: number | null;
}

interface ProbeStream {
  codec_type?: string;
  width?: number;
  height?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
}

const inputArgs = (file: string, demuxer: string | undefined) => [
  '-protocol_whitelist',
  'file',
  ...(demuxer ? ['-f', demuxer] : []),
  '-i',
  `file:${file}`,
];

export async function probe(
  tools: FfmpegTools,
  file: string,
  demuxer: string | undefined,
): Promise<ProbedMedia> {
  const out = await run(
    tools.ffprobe,
    [
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      ...inputArgs(file, demuxer),
    ],
    60_000,
  );
  let parsed: { streams?: ProbeStream[]; format?: { duration?: string } };
  try {
    parsed = JSON.parse(out) as typeof parsed;
  } catch (error) {
    throw new MediaUnreadable('ffprobe answered no JSON', { cause: error });
  }
  const streams = parsed.streams ?? [];
  // A cover picture in an audio file is a "video" stream too; it is not a film.
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const duration = Number(parsed.format?.duration ?? video?.duration);
  return {
    hasVideo: video !== undefined,
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
    width: video?.width ?? null,
    height: video?.height ?? null,
    duration: Number.isFinite(duration) && duration >= 0 ? duration : null,
  };
}

/** The longest conversion allowed; the job queue keeps its lease meanwhile. */
const CONVERT_TIMEOUT_MS = 2 * 60 * 60_000;
/** Converted videos are at most Full HD wide; even sizes, as H.264 in yuv420p needs. */
const SCALE = "scale=w='trunc(min(1920,iw)/2)*2':h=-2";

/**
 * H.264 + AAC in MP4 with the index first (faststart, so playback starts before the whole
 * file is loaded), or AAC alone in an M4A for audio. Metadata (GPS of phone videos) is
 * dropped; the rotation of phone videos is applied to the pixels.
 */
export async function transcode(
  tools: FfmpegTools,
  input: string,
  demuxer: string | undefined,
  output: string,
  kind: 'video' | 'audio',
): Promise<void> {
  const common = ['-nostdin', '-y', '-v', 'error', ...inputArgs(input, demuxer)];
  const audio = ['-c:a', 'aac', '-b:a', '160k'];
  const args =
    kind === 'video'
      ? [
          ...common,
          ...['-map', '0:v:0', '-map', '0:a:0?', '-vf', SCALE],
          ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p'],
          ...audio,
        ]
      : [...common, '-map', '0:a:0', '-vn', ...audio];
  await run(
    tools.ffmpeg,
    [...args, '-map_metadata', '-1', '-movflags', '+faststart', '-f', 'mp4', `file:${output}`],
    CONVERT_TIMEOUT_MS,
  );
}

/** One frame at `atSeconds` as a PNG (made into the poster's webp variants by sharp). */
export async function posterFrame(
  tools: FfmpegTools,
  video: string,
  output: string,
  atSeconds: number,
): Promise<void> {
  await run(
    tools.ffmpeg,
    [
      ...['-nostdin', '-y', '-v', 'error', '-ss', atSeconds.toFixed(3)],
      ...inputArgs(video, 'mov'),
      ...['-frames:v', '1', '-f', 'image2', '-c:v', 'png', `file:${output}`],
    ],
    5 * 60_000,
  );
}
