// The self-test job's output, byte for byte: byte i of the stream is i mod 251 (a prime, so no
// chunk size lines up with it). Used by the worker and by whoever checks what arrived.
// No `import "server-only"`: bundled into the worker thread.

export function selfTestBytes(offset: number, length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let v = offset % 251;
  for (let i = 0; i < length; i++) {
    bytes[i] = v;
    v = v === 250 ? 0 : v + 1;
  }
  return bytes;
}
