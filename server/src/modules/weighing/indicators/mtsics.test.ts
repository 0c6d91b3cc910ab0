import { describe, expect, it } from 'vitest';
import { bytes, feed } from './codec.test-support';
import { mtsicsCodec } from './mtsics';

// Responses from the METTLER TOLEDO AT balances operating instructions ("S S 100.00 g"; "S I" command not
// executable; "S +" overload; "S -" underload) and the MT-SICS reference manual for weigh modules (2.1.2: the
// weight value right-aligned in 10 characters, then the unit; "S D" dynamic; errors ES, ET, EL).
describe('mtsics', () => {
  it('reads stable and dynamic answers in g, kg and t', () => {
    const parser = mtsicsCodec().createParser();
    const answers = 'S S     100.00 g\r\nS D     -12.35 kg\r\nS S      32540 kg\r\nS S     32.540 t\r\n';
    expect(feed(parser, bytes(answers))).toEqual([
      { kg: 0.1, stable: true, overload: false },
      { kg: -12.35, stable: false, overload: false },
      { kg: 32540, stable: true, overload: false },
      { kg: 32540, stable: true, overload: false },
    ]);
    expect(parser.dropped).toBe(0);
  });

  it('reads busy and errors as no reading, overload and underload as out of range', () => {
    const parser = mtsicsCodec().createParser();
    expect(feed(parser, bytes('S I\r\nES\r\nS +\r\nS -\r\nEL\r\n'))).toEqual([
      { kg: Number.POSITIVE_INFINITY, stable: false, overload: true },
      { kg: Number.NEGATIVE_INFINITY, stable: false, overload: true },
    ]);
    expect(parser.dropped).toBe(0);
  });

  it('drops garbled answers and unknown units', () => {
    const parser = mtsicsCodec().createParser();
    expect(feed(parser, bytes('S X    100 kg\r\nS S    1O0 kg\r\nS S    100 oz\r\nS S\r\nS S      200 kg\r\n'))).toEqual([
      { kg: 200, stable: true, overload: false },
    ]);
    expect(parser.dropped).toBe(4);
  });

  it('reads answers split byte by byte and several in one chunk', () => {
    const parser = mtsicsCodec().createParser();
    const data = bytes('S D      32500 kg\r\nS D      32520 kg\r\nS S      32540 kg\r\n');
    expect(feed(parser, data, 1).map((r) => r.kg)).toEqual([32500, 32520, 32540]);
    expect(feed(parser, Buffer.concat([data, data])).map((r) => r.kg)).toHaveLength(6);
  });

  it('polls SI every 150 ms and encodes as the manual prints', () => {
    const codec = mtsicsCodec();
    expect(codec.poll).toEqual({ request: bytes('SI\r\n'), everyMs: 150 });
    expect(codec.encode({ kg: 32540, stable: true, overload: false }).toString('latin1')).toBe('S S      32540 kg\r\n');
    expect(codec.encode({ kg: -20, stable: false, overload: false }).toString('latin1')).toBe('S D        -20 kg\r\n');
    expect(codec.encode({ kg: 99_000, stable: true, overload: true }).toString('latin1')).toBe('S +\r\n');
    expect(mtsicsCodec({ unit: 't', decimals: 3 }).encode({ kg: 100, stable: true, overload: false }).toString('latin1')).toBe(
      'S S      0.100 t\r\n',
    );
  });
});
