// The reference: a Fastify hello-world, measured in the same run as the product.
import Fastify from 'fastify';

const port = Number(process.env.PORT ?? 3901);
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port, host: '127.0.0.1' });
process.send?.('ready');
