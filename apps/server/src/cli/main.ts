#!/usr/bin/env node
// memoria-admin: the operator command line (issue 7, docs/OPERATIONS.md).
import { runCli } from './program.js';

process.exit(await runCli(process.argv.slice(2)));
