// The reference: a bare socket.io server in its own process, doing what the product's
// handshake does minus the session lookup (accept a token, join two rooms). Prints
// `READY <port>`; answers `HEAP` (bench/processes.ts).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { answerCommands } from '../processes';

answerCommands();
const http = createServer();
const io = new Server(http, { path: '/socket.io', serveClient: false });
io.use((socket, next) => {
  const token = (socket.handshake.auth as { token?: unknown }).token;
  if (typeof token !== 'string') return next(new Error('unauthorized'));
  socket.data = { accountId: 'bench', sessionId: token.slice(0, 8) };
  void socket.join('account:bench');
  void socket.join(`session:${token.slice(0, 8)}`);
  next();
});
http.listen(0, '127.0.0.1', () => {
  process.stdout.write(`READY ${(http.address() as AddressInfo).port}\n`);
});
process.once('SIGTERM', () => {
  io.close();
  process.exit(0);
});
