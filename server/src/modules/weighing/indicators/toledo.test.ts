import { describe, expect, it } from 'vitest';
import { bytes, feed } from './codec.test-support';
import { encodeToledo, toledoChecksum, toledoCodec } from './toledo';

// Frames built byte by byte from the METTLER TOLEDO Wildcat technical manual, appendix 2 "Continuous Mode Output"
// (table 6-8: STX SWA SWB SWC, 6 digits shown weight, 6 digits tare, CR, optional checksum = the 2s complement of
// the seven low bits of the sum of every earlier character, STX and CR included) and the Liden LUW2001 appendix 1
// status word tables (SWA bits 0-2 decimal point, 010 = XXXXXX ... 101 = XXX.XXX).

/** The checksum computed by hand, independently of the code under test. */
function withChecksum(frame: string): string {
  let sum = 0;
  for (const c of frame) sum += c.charCodeAt(0);
  return frame + String.fromCharCode((128 - (sum % 128)) % 128);
}

// SWA '*' = 0x2A: bit 5, increment x1 (bit 3), decimal code 010 (no decimals). SWB '0' = 0x30: bit 5 + bit 4 (kg),
// gross, positive, stable. SWC ' ' = 0x20.
const STABLE_32540 = '\x02*0 032540000000\r';

describe('toledo continuous output', () => {
  it('reads a manual frame without checksum, and with the checksum', () => {
    const parser = toledoCodec().createParser();
    // Without checksum the parser learns it from the byte after CR (the next STX, then SWA).
    expect(feed(parser, bytes(STABLE_32540 + STABLE_32540 + '\x02*'))).toEqual([
      { kg: 32540, stable: true, overload: false, net: false },
      { kg: 32540, stable: true, overload: false, net: false },
    ]);
    expect(parser.dropped).toBe(0);
    const sum = toledoCodec().createParser();
    expect(feed(sum, bytes(withChecksum(STABLE_32540)))).toEqual([{ kg: 32540, stable: true, overload: false, net: false }]);
    expect(sum.dropped).toBe(0);
  });

  it('computes the checksum as the manual defines it', () => {
    expect(String.fromCharCode(toledoChecksum(bytes(STABLE_32540)))).toBe(withChecksum(STABLE_32540).slice(-1));
    expect(encodeToledo({ kg: 32540, stable: true, overload: false })).toEqual(bytes(withChecksum(STABLE_32540)));
  });

  it('drops a frame whose checksum is wrong and reads the next', () => {
    const good = withChecksum(STABLE_32540);
    const bad = good.slice(0, -1) + String.fromCharCode((good.charCodeAt(17) + 1) & 0x7f);
    const corrupt = withChecksum(STABLE_32540).replace('032540', '032549').slice(0, -1) + good.slice(-1);
    const parser = toledoCodec().createParser();
    expect(feed(parser, bytes(good + bad + corrupt + good))).toEqual([
      { kg: 32540, stable: true, overload: false, net: false },
      { kg: 32540, stable: true, overload: false, net: false },
    ]);
    expect(parser.dropped).toBe(2);
  });

  it('reads sign, motion, net, over range and the decimal point', () => {
    // SWB 0x3B = bit 5, kg, motion, negative, net. SWA '-' = 0x2D: decimal code 101 (3 decimals).
    const negativeMotionNet = withChecksum('\x02*; 000020000000\r');
    const threeDecimals = withChecksum('\x02-0 032540000000\r');
    // SWB 0x34: kg, out of range.
    const over = withChecksum('\x02*4 999999000000\r');
    // SWA '(' = 0x28: decimal code 000 (the shown digits are hundreds).
    const hundreds = withChecksum('\x02(0 000325000000\r');
    const parser = toledoCodec().createParser();
    expect(feed(parser, bytes(negativeMotionNet + threeDecimals + over + hundreds))).toEqual([
      { kg: -20, stable: false, overload: false, net: true },
      { kg: 32.54, stable: true, overload: false, net: false },
      { kg: 999999, stable: true, overload: true, net: false },
      { kg: 32500, stable: true, overload: false, net: false },
    ]);
  });

  it('converts pounds (SWB bit 4 clear) and tonnes (SWC code 010) to kilograms', () => {
    const pounds = withChecksum('\x02*  010000000000\r');
    const tonnes = withChecksum('\x02-0"032540000000\r');
    const ounces = withChecksum('\x02*0#032540000000\r');
    const parser = toledoCodec().createParser();
    expect(feed(parser, bytes(pounds + tonnes + ounces)).map((r) => r.kg)).toEqual([4535.9237, 32540]);
    expect(parser.dropped).toBe(1); // ounces are not read, never guessed
  });

  it('reads frames whose parity bit is set (7E1 read as 8 bits)', () => {
    const frame = bytes(withChecksum(STABLE_32540));
    const withParity = Buffer.from(frame.map((b) => b | 0x80));
    expect(feed(toledoCodec().createParser(), withParity)).toEqual([{ kg: 32540, stable: true, overload: false, net: false }]);
  });

  it('resynchronises on STX after garbage, a cut frame and non-digits', () => {
    const good = withChecksum(STABLE_32540);
    const cut = good.slice(0, 9);
    const letters = withChecksum('\x02*0 03A540000000\r');
    const parser = toledoCodec().createParser();
    expect(feed(parser, bytes('\xff\x13garbage' + cut + good + letters + good), 3)).toHaveLength(2);
    expect(parser.dropped).toBe(3);
  });

  it('reads a checksum byte that equals STX', () => {
    // Find a frame whose checksum is 0x02 by choosing the shown digits.
    let frame = '';
    for (let n = 0; n < 999999 && frame === ''; n++) {
      const f = `\x02*0 ${String(n).padStart(6, '0')}000000\r`;
      if (toledoChecksum(bytes(f)) === 0x02) frame = f + '\x02';
    }
    const parser = toledoCodec().createParser();
    const weight = Number(frame.slice(4, 10));
    expect(feed(parser, bytes(frame + frame + frame), 1).map((r) => r.kg)).toEqual([weight, weight, weight]);
    expect(parser.dropped).toBe(0);
  });

  it('encodes lb, decimals and no checksum as asked', () => {
    const codec = toledoCodec({ unit: 'lb', decimals: 1, checksum: false });
    const frame = codec.encode({ kg: 453.59237, stable: false, overload: false });
    expect(frame.toString('latin1')).toBe('\x02+(\x20010000000000\r');
    expect(feed(codec.createParser(), Buffer.concat([frame, frame]))[0]).toEqual({ kg: 453.59237, stable: false, overload: false, net: false });
  });
});
