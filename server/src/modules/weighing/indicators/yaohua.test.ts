import { describe, expect, it } from 'vitest';
import { bytes, feed } from './codec.test-support';
import { yaohuaCodec } from './yaohua';

// Frames from the Yaohua XK3190-A23P and XK3190-A26 manuals, "Continuous communication format": tf=0 is
// 02 | + or - | 6 digits (high first) | decimals (0-4) | XOR of bytes 2-9 high nibble, low nibble in ASCII (<= 9: +30h,
// else +37h) | 03; the "=" format sends the weight backwards with its decimal point, then the sign:
// "=00.1000-" repeated is -1.00.

/** tf=0 frame with its XOR computed by hand, independently of the code under test. */
function tf0(body: string): string {
  let x = 0;
  for (const c of body) x ^= c.charCodeAt(0);
  const hex = x.toString(16).toUpperCase().padStart(2, '0');
  return `\x02${body}${hex}\x03`;
}

describe('yaohua XK3190', () => {
  it('reads tf=0 frames with sign and decimals', () => {
    const parser = yaohuaCodec().createParser();
    const data = tf0('+0325400') + tf0('-0000200') + tf0('+0325403') + tf0('+0012344');
    expect(feed(parser, bytes(data))).toEqual([
      { kg: 32540, stable: null, overload: false },
      { kg: -20, stable: null, overload: false },
      { kg: 32.54, stable: null, overload: false },
      { kg: 0.1234, stable: null, overload: false },
    ]);
    expect(parser.dropped).toBe(0);
  });

  it('reads the "=" format from the manual', () => {
    const parser = yaohuaCodec().createParser();
    expect(feed(parser, bytes('=00.1000-=00.1000-=000.3000=04523000')).map((r) => r.kg)).toEqual([-1, -1, 3, 32540]);
    expect(parser.dropped).toBe(0);
  });

  it('drops a wrong XOR, a missing ETX, bad digits, bad decimals; resyncs on STX and =', () => {
    const good = tf0('+0325400');
    const badXor = good.slice(0, 9) + (good[9] === '0' ? '1' : '0') + good.slice(10);
    const noEtx = good.slice(0, 11) + 'X';
    const data = ['junk', badXor, noEtx, tf0('+03A5400'), tf0('+0325409'), '=0.0.1000', good, '=04523000'];
    const parser = yaohuaCodec().createParser();
    expect(feed(parser, bytes(data.join('')), 4).map((r) => r.kg)).toEqual([32540, 32540]);
    expect(parser.dropped).toBe(6);
  });

  it('encodes both variants as the manual shows', () => {
    expect(yaohuaCodec().encode({ kg: 32540, stable: true, overload: false }).toString('latin1')).toBe(tf0('+0325400'));
    expect(yaohuaCodec({ variant: 'equals', decimals: 2 }).encode({ kg: -1, stable: null, overload: false }).toString('latin1')).toBe(
      '=00.1000-',
    );
    expect(yaohuaCodec({ variant: 'equals', decimals: 3 }).encode({ kg: 3, stable: null, overload: false }).toString('latin1')).toBe(
      '=000.3000',
    );
  });
});
