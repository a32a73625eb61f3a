import { describe, expect, it } from 'vitest';
import { TIME_CHOICES, describeWallTime, formatTimeOfDay, joinWallTime, parseTimeOfDay, splitWallTime } from './time-of-day';

const read = (text: string) => {
  const time = parseTimeOfDay(text);
  return time ? formatTimeOfDay(time) : null;
};

describe('parseTimeOfDay', () => {
  it.each([
    ['1030', '10:30'],
    ['10:30', '10:30'],
    ['9:05', '09:05'],
    ['09:05', '09:05'],
    ['905', '09:05'],
    ['930', '09:30'],
    ['0930', '09:30'],
    ['0005', '00:05'],
    ['2359', '23:59'],
    ['9', '09:00'],
    ['09', '09:00'],
    ['0', '00:00'],
    ['10', '10:00'],
    ['23', '23:00'],
    ['10.30', '10:30'],
    ['10,30', '10:30'],
    ['10h30', '10:30'],
    ['10 h 30', '10:30'],
    ['10 30', '10:30'],
    ["10'30", '10:30'],
    ['  10:30  ', '10:30'],
    ['10h', '10:00'],
    ['10 h', '10:00'],
    ['10:30 h', '10:30'],
    ['10:30 horas', '10:30'],
    ['9 hrs', '09:00'],
    ['10:30 pm', '22:30'],
    ['10:30pm', '22:30'],
    ['10 p.m.', '22:00'],
    ['1030 PM', '22:30'],
    ['12 am', '00:00'],
    ['12:15 a.m.', '00:15'],
    ['12 pm', '12:00'],
    ['7 am', '07:00'],
  ])('"%s" is %s', (text, expected) => {
    expect(read(text)).toBe(expected);
  });

  it.each([
    [''],
    ['   '],
    ['24'],
    ['2400'],
    ['1060'],
    ['960'],
    ['25:00'],
    ['10:3'],
    ['10:'],
    [':30'],
    ['10:300'],
    ['12345'],
    ['diez'],
    ['10:30:15'],
    ['-1'],
    ['13 pm'],
    ['0 am'],
    ['10:30 xm'],
  ])('"%s" is not a time', (text) => {
    expect(parseTimeOfDay(text)).toBeNull();
  });

  it('never reads "1030" as 10:03 (the fault of the segmented field)', () => {
    expect(parseTimeOfDay('1030')).toEqual({ hours: 10, minutes: 30 });
  });
});

describe('wall times', () => {
  it('splits and joins a wall time, always with zero seconds', () => {
    expect(splitWallTime('2026-11-25 10:30:45')).toEqual({ day: '2026-11-25', time: { hours: 10, minutes: 30 } });
    expect(splitWallTime('2026-11-25T09:05')).toEqual({ day: '2026-11-25', time: { hours: 9, minutes: 5 } });
    expect(splitWallTime(null)).toBeNull();
    expect(splitWallTime('mañana')).toBeNull();
    expect(joinWallTime('2026-11-25', { hours: 9, minutes: 5 })).toBe('2026-11-25 09:05:00');
  });

  it('offers every half hour', () => {
    expect(TIME_CHOICES).toHaveLength(48);
    expect(TIME_CHOICES[0]).toBe('00:00');
    expect(TIME_CHOICES[21]).toBe('10:30');
    expect(TIME_CHOICES.at(-1)).toBe('23:30');
  });

  it('says a wall time in words, with the year only when it is another', () => {
    expect(describeWallTime('2025-11-25 10:30:00', 2025)).toBe('el martes 25 de noviembre a las 10:30');
    expect(describeWallTime('2026-01-02 09:05:00', 2025)).toBe('el viernes 2 de enero de 2026 a las 9:05');
    expect(describeWallTime('2025-11-25 01:05:00', 2025)).toBe('el martes 25 de noviembre a la 1:05');
    expect(describeWallTime('2025-11-25 00:00:00', 2025)).toBe('el martes 25 de noviembre a las 0:00');
    expect(describeWallTime('2025-02-30 10:00:00', 2025)).toBe('');
    expect(describeWallTime('', 2025)).toBe('');
  });
});
