import { describe, expect, it } from 'vitest';
import { fillLabel, freeCapacity } from './silo-fill';

const isolated = (text: string) => `\u2068${text}\u2069`;

describe('how full a silo is', () => {
  it('labels a silo by its share of its capacity, a trace as under 0.1%, an overfilled one above 100%', () => {
    expect(fillLabel({ quantity: '1000.500', capacity: '5000.000' })).toBe(isolated('20%'));
    expect(fillLabel({ quantity: '42.125', capacity: '20000.000' })).toBe(isolated('0.2%'));
    expect(fillLabel({ quantity: '0.010', capacity: '20000.000' })).toBe(isolated('<0.1%'));
    expect(fillLabel({ quantity: '0.000', capacity: '20000.000' })).toBe(isolated('0%'));
    expect(fillLabel({ quantity: '5250.000', capacity: '5000.000' })).toBe(isolated('105%'));
  });

  it('labels the open area (no capacity) and a silo of capacity zero by their quantity', () => {
    expect(fillLabel({ quantity: '17.429', capacity: null })).toBe(isolated('17.429 MT'));
    expect(fillLabel({ quantity: '3', capacity: '0.000' })).toBe(isolated('3.000 MT'));
  });

  it('stacks what a silo can still take, to the kilogram, never below zero, none for the open area', () => {
    expect(freeCapacity({ quantity: '1000.500', capacity: '5000.000' })).toBe(3999.5);
    expect(freeCapacity({ quantity: '0.001', capacity: '0.003' })).toBe(0.002);
    expect(freeCapacity({ quantity: '5250.000', capacity: '5000.000' })).toBe(0);
    expect(freeCapacity({ quantity: '17.429', capacity: null })).toBe(0);
  });
});
