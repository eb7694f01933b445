import type { Command } from 'commander';
import { z } from 'zod';
import { readCount } from '../db/dialect.js';
import type { RunInstance } from './program.js';
import { parseArg, printJson, printLine } from './output.js';

/** the news topic (modules/push/store.ts NEWS_TOPIC; the module loads on demand) */
const NEWS_TOPIC = 'news';

const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max);
const route = z
  .string()
  .trim()
  .max(1000)
  .regex(/^\/(?!\/)/, 'must be a path of the web app, starting with / (e.g. /discover)');

export function registerPushCommands(program: Command, run: RunInstance): void {
  program
    .command('push:news')
    .description('send a push to every browser on the news topic (queued; the server delivers it)')
    .requiredOption('--title <title>', 'the notification title')
    .requiredOption('--body <body>', 'the notification text')
    .option('--url <path>', 'the page the notification opens', '/')
    .option('--json', 'answer in JSON')
    .action(async (options: { title: string; body: string; url: string; json?: boolean }) => {
      const message = {
        title: parseArg(text(120), options.title, '--title'),
        body: parseArg(text(600), options.body, '--body'),
        url: parseArg(route, options.url, '--url'),
      };
      await run(async (instance) => {
        // web-push and its crypto load only for this command
        const { createPushSender } = await import('../modules/push/sender.js');
        const sender = createPushSender(instance.context());
        const subscriptions = await instance.transaction(async (ctx) => {
          const { db } = ctx.database;
          await sender.enqueueTopic(db, NEWS_TOPIC, message);
          const row = await db
            .selectFrom('push_subscription_topics')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('topic', '=', NEWS_TOPIC)
            .executeTakeFirst();
          return readCount(row?.n);
        });
        if (options.json) return printJson({ queued: true, topic: NEWS_TOPIC, subscriptions });
        printLine(
          `queued a push to the ${subscriptions} subscription(s) on the ${NEWS_TOPIC} topic; ` +
            'the server sends it',
        );
      });
    });
}
