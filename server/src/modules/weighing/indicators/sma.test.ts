import { describe, expect, it } from 'vitest';
import { bytes, feed } from './codec.test-support';
import { smaCodec } from './sma';

// Replies from the Sartorius PR 5210 operating manual 5.4.1 "Standard Scale Response Message" (`_` is a space):
//   <LF>W<CR> -> <LF> _ 1 G _ _ ____5.025 lb_ <CR>;  <LF>Z<CR> -> <LF> Z 1 G _ _ _____0.000 lb_ <CR>;
//   <LF>R<CR> -> <LF> _ 1 G _ _ ____7.025 kg_ <CR>, <LF> _ 1 G M _ ____7.650 kg_ <CR> ... (repeat)
// and the Fairbanks PR 5410 manual (no stability in time: <LF>_1n_f----------___<CR>).
const frame = (status: string, weight: string, unit: string): string => `\n${status}${weight.padStart(10, ' ')}${unit}\r`;

describe('sma', () => {
  it('reads the manual replies', () => {
    const parser = smaCodec().createParser();
    const replies = [
      frame(' 1G  ', '5.025', 'lb '),
      frame('Z1G  ', '0.000', 'lb '),
      frame(' 1G  ', '7.025', 'kg '),
      frame(' 1GM ', '7.650', 'kg '),
      frame(' 1N  ', '100000', 'lb '),
      frame(' 1g  ', '5.0025', 'kg '),
    ];
    expect(feed(parser, bytes(replies.join('')))).toEqual([
      { kg: 2.279302, stable: true, overload: false, net: false },
      { kg: 0, stable: true, overload: false, net: false },
      { kg: 7.025, stable: true, overload: false, net: false },
      { kg: 7.65, stable: false, overload: false, net: false },
      { kg: 45359.237, stable: true, overload: false, net: true },
      { kg: 5.0025, stable: true, overload: false, net: false },
    ]);
    expect(parser.dropped).toBe(0);
  });

  it('reads over and under capacity, and errors and tare as no reading', () => {
    const parser = smaCodec().createParser();
    const replies = [
      frame('O1G  ', '82000', 'kg '),
      frame('U1G  ', '-150', 'kg '),
      frame('O1G  ', '', 'kg '),
      frame('E1G  ', '----------', 'kg '),
      frame(' 1G  ', '----------', '   '),
      frame(' 1T  ', '1200', 'kg '),
      '\n?\r',
    ];
    expect(feed(parser, bytes(replies.join('')))).toEqual([
      { kg: 82000, stable: true, overload: true, net: false },
      { kg: -150, stable: true, overload: true, net: false },
      { kg: Number.POSITIVE_INFINITY, stable: true, overload: true, net: false },
    ]);
    expect(parser.dropped).toBe(0);
  });

  it('drops bad status, bad weight, unknown unit and cut frames; resyncs on LF', () => {
    const parser = smaCodec().createParser();
    const good = frame(' 1G  ', '32540', 'kg ');
    const data = ['garbage', frame('X1G  ', '1', 'kg '), frame(' 1G  ', '3254O', 'kg '), frame(' 1G  ', '1', 'oz '), good.slice(0, 8), good, good];
    expect(feed(parser, bytes(data.join('')), 5).map((r) => r.kg)).toEqual([32540, 32540]);
    expect(parser.dropped).toBe(5);
  });

  it('polls with LF R CR once and encodes motion, net, zero and overload', () => {
    const codec = smaCodec();
    expect(codec.poll).toEqual({ request: bytes('\nR\r') });
    expect(codec.encode({ kg: 32540, stable: false, overload: false }).toString('latin1')).toBe(frame(' 1GM ', '32540', 'kg '));
    expect(codec.encode({ kg: 0, stable: true, overload: false, net: true }).toString('latin1')).toBe(frame('Z1N  ', '0', 'kg '));
    expect(codec.encode({ kg: 90000, stable: true, overload: true }).toString('latin1')).toBe(frame('O1G  ', '90000', 'kg '));
    expect(smaCodec({ unit: 't', decimals: 3 }).encode({ kg: -20, stable: true, overload: false }).toString('latin1')).toBe(
      frame(' 1G  ', '-0.020', 't  '),
    );
  });
});
