import { describe, expect, it } from 'vitest';
import { bytes, feed } from './codec.test-support';
import { stgsCodec } from './stgs';

// Lines from the manuals: A&D AD-4404 9.2.6 "A&D Data Format" (`ST,NT,+0012.34kg` CR LF; out of range: the digits
// are spaces), A&D AD-4329A 11.1.1 (header 1 ST/US/OL, header 2 GS/NT/TR, 8 figures with polarity and decimal
// point), AUTODA AD2017D (`ST, GS, +0123456` CR LF, no unit), Selleton SL-7516 ("ST,GS,+ data kg" CR LF) and the
// design's weighbridge line `ST,GS,+0034520kg`.
describe('stgs (A&D ST,GS)', () => {
  it('reads the manual lines', () => {
    const parser = stgsCodec().createParser();
    const lines = ['ST,NT,+0012.34kg\r\n', 'ST,GS,+0034520kg\r\n', 'ST, GS, +0123456\r\n', 'US,GS,-0000120kg\r\n', 'ST,GS,+034.520 t\r\n'];
    expect(feed(parser, bytes(lines.join('')))).toEqual([
      { kg: 12.34, stable: true, overload: false, net: true },
      { kg: 34520, stable: true, overload: false, net: false },
      { kg: 123456, stable: true, overload: false, net: false },
      { kg: -120, stable: false, overload: false, net: false },
      { kg: 34520, stable: true, overload: false, net: false },
    ]);
    expect(parser.dropped).toBe(0);
  });

  it('reads overload with blank digits and with nines, and ignores tare lines', () => {
    const parser = stgsCodec().createParser();
    expect(feed(parser, bytes('OL,GS,+    .  kg\r\nOL,GS,+9999999kg\r\nST,TR,+0001200kg\r\nQT,+0000012 PC\r\n'))).toEqual([
      { kg: Number.POSITIVE_INFINITY, stable: false, overload: true, net: false },
      { kg: 9999999, stable: false, overload: true, net: false },
    ]);
    expect(parser.dropped).toBe(0);
  });

  it('drops unreadable lines and unknown units, never guessing', () => {
    const parser = stgsCodec().createParser();
    const lines = 'XX,GS,+0034520kg\r\nST,GS,+00345A0kg\r\nST,GS,+0034520oz\r\nST,GS,+00.34.5kg\r\nST,GS,+0034520kg\r\n';
    expect(feed(parser, bytes(lines))).toEqual([{ kg: 34520, stable: true, overload: false, net: false }]);
    expect(parser.dropped).toBe(4);
  });

  it('reads a frame after garbage on its line and a line split over many chunks', () => {
    const parser = stgsCodec().createParser();
    const data = bytes('520kg\r\n\x00\xffST,GS,+0034520kg\r\nUS,GS,+0034540kg\r\n');
    expect(feed(parser, data, 1).map((r) => [r.kg, r.stable])).toEqual([
      [34520, true],
      [34540, false],
    ]);
    expect(parser.dropped).toBe(2); // the cut first line, the garbage before ST
  });

  it('reads lines ended by CR only (A&D terminator setting CR)', () => {
    const parser = stgsCodec().createParser();
    expect(feed(parser, bytes('ST,GS,+0034520kg\rUS,GS,+0034540kg\r'), 1).map((r) => r.kg)).toEqual([34520, 34540]);
    expect(parser.dropped).toBe(0);
  });

  it('drops a runaway line without LF', () => {
    const parser = stgsCodec().createParser();
    expect(feed(parser, bytes('ST,GS,+0034520kg'.repeat(20)), 7)).toEqual([]);
    expect(parser.dropped).toBeGreaterThanOrEqual(1);
    expect(feed(parser, bytes('\r\nST,GS,+0034520kg\r\n'))).toHaveLength(1);
  });

  it('encodes the design line and tonnes with decimals', () => {
    expect(stgsCodec().encode({ kg: 34520, stable: true, overload: false }).toString('latin1')).toBe('ST,GS,+0034520kg\r\n');
    expect(stgsCodec({ unit: 't', decimals: 3 }).encode({ kg: -1250, stable: false, overload: false, net: true }).toString('latin1')).toBe(
      'US,NT,-01.250 t\r\n',
    );
    expect(stgsCodec().encode({ kg: 12_000_000, stable: true, overload: false }).toString('latin1')).toBe('OL,GS,+       kg\r\n');
  });
});
