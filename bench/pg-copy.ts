/**
 * `COPY ... FROM STDIN` with node-postgres alone (pg-copy-streams is not a dependency): a
 * submittable query, as pg-copy-streams is one, that answers the server's CopyInResponse with
 * the given chunks (CopyData messages, waiting for the socket to drain) and CopyDone. Answers
 * the row count of the COPY. Bench use only.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type pg from 'pg';

interface Connection {
  stream: Writable;
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
  sendCopyFail(message: string): void;
}

export function copyFrom(client: pg.Client, text: string, chunks: Iterable<Buffer>): Promise<number> {
  return new Promise((resolve, reject) => {
    let error: Error | null = null;
    let rows = 0;
    const submittable = {
      submit(connection: Connection) {
        connection.query(text);
      },
      handleCopyInResponse(connection: Connection) {
        void (async () => {
          try {
            for (const chunk of chunks) {
              connection.sendCopyFromChunk(chunk);
              if (connection.stream.writableNeedDrain) await once(connection.stream, 'drain');
            }
            connection.endCopyFrom();
          } catch (err) {
            connection.sendCopyFail(err instanceof Error ? err.message : String(err));
          }
        })();
      },
      handleCopyData() {},
      handleRowDescription() {},
      handleDataRow() {},
      handleEmptyQuery() {},
      handleCommandComplete(msg: { text?: string }) {
        const m = /^COPY (\d+)/.exec(msg.text ?? '');
        if (m) rows = Number(m[1]);
      },
      handleError(err: Error) {
        // A server error is followed by ReadyForQuery; a lost connection is not: settle now.
        error = err;
        reject(err);
      },
      handleReadyForQuery() {
        if (error) reject(error);
        else resolve(rows);
      },
    };
    (client as unknown as { query(q: unknown): void }).query(submittable);
  });
}
