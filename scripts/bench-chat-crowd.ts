/**
 * The crowd of `npm run bench:chat` (scripts/bench-chat.ts), in a process of its own: the viewers
 * that stand for viewers on other machines, each a bare socket that sends the stream's request,
 * checks the status line, then reads and drops the bytes. The bench's timed viewers and its
 * posters stay in the bench's process, so a message's time is the server's delivery and not the
 * probe's turn behind thousands of other viewers' reads (a viewer's browser reads its own stream
 * only). Both processes run on the load generator's core.
 *
 * Asked over IPC: { id, open: { port, liveId, after, n } } opens n more viewers, 200 at a time;
 * { id, keep } ends all but the first `keep` and answers once they are closed. Every answer is
 * { id, open, errors }: the streams open now, and the errors of streams once open.
 */
import { connect, type Socket } from 'node:net';

interface Ask {
  id: number;
  open?: { port: number; liveId: number; after: number; n: number };
  keep?: number;
}

const sockets: Socket[] = [];
let open = 0;
let errors = 0;
let closed: (() => void) | null = null;

function viewer(port: number, liveId: number, after: number): Promise<void> {
  return new Promise((ok, fail) => {
    const s = connect(port, '127.0.0.1');
    let head = '';
    const drop = () => {};
    const status = (b: Buffer) => {
      head += b.toString('latin1');
      if (!head.includes('\r\n')) return;
      s.off('data', status).on('data', drop);
      if (!head.startsWith('HTTP/1.1 200')) {
        s.destroy();
        return fail(new Error(`stream: ${head.slice(0, 40)}`));
      }
      open++;
      sockets.push(s);
      s.on('close', () => {
        open--;
        closed?.();
      });
      ok();
    };
    s.on('data', status);
    s.on('error', (err) => (head.includes('\r\n') ? errors++ : fail(err)));
    s.write(
      `GET /api/live/chat/${liveId}/events?after=${after} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
        'Accept: text/event-stream\r\n\r\n',
    );
  });
}

async function answer(ask: Ask): Promise<void> {
  if (ask.open) {
    const { port, liveId, after, n } = ask.open;
    for (let opened = 0; opened < n; opened += 200)
      await Promise.all(
        Array.from({ length: Math.min(200, n - opened) }, () => viewer(port, liveId, after)),
      );
  }
  if (ask.keep !== undefined) {
    const keep = ask.keep;
    const done = new Promise<void>((ok) => {
      closed = () => open <= keep && ok();
      closed();
    });
    for (const s of sockets.splice(keep)) s.destroy();
    await done;
    closed = null;
  }
  process.send!({ id: ask.id, open, errors });
}

process.on('message', (ask: Ask) => {
  answer(ask).catch((err: unknown) => {
    process.send!({ id: ask.id, error: String(err) });
  });
});
process.on('disconnect', () => process.exit(0));
