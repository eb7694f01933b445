#!/usr/bin/env node
// S3-compatible storage for the `scaled` set-up: s3rver (a root devDependency, files in a
// folder) in a process of its own, so its CPU is counted apart and killing a server instance
// leaves it running. Answers { type: 's3', endpoint } over IPC once it listens.
//   S3_DIR=/tmp/s3 S3_BUCKET=media node bench/load/s3.mjs
import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';

const directory = process.env.S3_DIR;
if (!directory) throw new Error('give S3_DIR');
mkdirSync(directory, { recursive: true });
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(process.env.PORT ?? 0),
  silent: true,
  directory,
  configureBuckets: [{ name: process.env.S3_BUCKET ?? 'media' }],
});
const { address, port } = await server.run();
process.send?.({ type: 's3', endpoint: `http://${address}:${port}` });
process.on('SIGTERM', () => {
  void server.close().finally(() => process.exit(0));
});
