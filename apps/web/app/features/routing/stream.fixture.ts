import { Writable } from 'node:stream';

/** Test support (not part of the app): a stream that gathers what React's Node build writes. */
export function gatheringStream(onFinished: (bytes: Buffer<ArrayBuffer>) => void): Writable {
  const chunks: Buffer[] = [];
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
    final(done) {
      onFinished(Buffer.concat(chunks));
      done();
    },
  });
}
