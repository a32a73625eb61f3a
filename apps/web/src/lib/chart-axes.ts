import { formatCount, formatDecimal } from '@refugio/contracts';

/*
 * What every chart's axes and tooltips show: numbers as Spanish writes them ("1,9", "12.500"), and whole numbers
 * on the axis of a count (no "0,5 adopciones").
 */

/** The value axis of a count (pets, adoptions): whole ticks only, written as Spanish writes them. */
export const countAxisProps = { allowDecimals: false, tickFormatter: (value: number) => formatCount(value) } as const;

/** A count in a tooltip. */
export const formatCountValue = (value: number) => formatCount(value);

/** A measure with decimals (a weight) on an axis or in a tooltip: "1,9". */
export const formatMeasureValue = (value: number) => formatDecimal(value);
